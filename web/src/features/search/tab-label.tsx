// A results tab's name with its count (issue 33): "Posts 12", "Comments 50+"; read as "Posts, 12 results"
// (one hidden text, so the name does not depend on how a reader joins the visible parts).
import { EllipsisOutlined } from '@ant-design/icons';
import { SEARCH_LIMITS } from '@hearth/contract';

export function TabLabel({ label, count }: { label: string; count?: { count: number; more: boolean } }) {
  if (!count) return label;
  const limit = SEARCH_LIMITS.countUpTo;
  const spoken = count.more
    ? `more than ${limit} results`
    : `${count.count} ${count.count === 1 ? 'result' : 'results'}`;
  return (
    <>
      <span aria-hidden="true">
        {label}
        <span className="search-tab-count">{count.more ? `${limit}+` : count.count}</span>
      </span>
      <span className="visually-hidden">
        {label}, {spoken}
      </span>
    </>
  );
}

/** The button of the tabs that do not fit: its icon, with a name instead of the icon's ("ellipsis"). */
export function MoreTabsIcon() {
  return (
    <>
      <EllipsisOutlined aria-hidden="true" />
      <span className="visually-hidden">More kinds of results</span>
    </>
  );
}
