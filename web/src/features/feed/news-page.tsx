// /news (role 2): the posts to acknowledge (issue 18), the featured carousel, then tabs All, Likes,
// Favourites and Communities, each an infinitely scrolling list of post cards. Only the open tab is
// mounted, so a tab whose list changed (a post liked elsewhere) reloads when it is opened again.
import { Badge } from 'antd';
import { useRef } from 'react';
import { LightTabs } from '../../lib/light-tabs';
import { PageHeader } from '../../lib/page-header';
import { useDocumentTitle } from '../../lib/use-document-title';
import { useUrlTab } from '../../lib/use-url-tab';
import { PostList } from '../../shared/posts/post-list';
import { useToAcknowledge } from './ack-api';
import { FeaturedCarousel } from './featured-carousel';
import { NEWS_DEFAULT_TAB, NEWS_TAB_KEYS, NEWS_TABS } from './loaders';
import { MustReadList } from './must-read-list';

/** The count's red, the same in both modes: white on it 5.9:1 (antd's dark error red would be 2.4:1). */
const COUNT_BG = '#c41d1d';

/** "To acknowledge 2" beside the tabs, only when there is something to acknowledge: goes to the list. */
function ToAcknowledgeCount({ onOpen }: { onOpen: () => void }) {
  const count = useToAcknowledge().data?.count ?? 0;
  if (count <= 0) return null;
  return (
    <button type="button" className="to-acknowledge-count" onClick={onOpen}>
      To acknowledge <Badge count={count} overflowCount={99} color={COUNT_BG} />
    </button>
  );
}

export default function NewsPage() {
  useDocumentTitle('News');
  const [active, onChange] = useUrlTab(NEWS_TAB_KEYS, NEWS_DEFAULT_TAB);
  const mustReadHeading = useRef<HTMLHeadingElement>(null);
  const openMustRead = () => {
    const heading = mustReadHeading.current;
    if (!heading) return;
    heading.scrollIntoView({ block: 'start', behavior: 'smooth' });
    heading.focus({ preventScroll: true });
  };

  return (
    <section className="page news-page">
      <PageHeader title="News" />
      <MustReadList headingRef={mustReadHeading} />
      <FeaturedCarousel />
      <div className="surface news-tabs-card">
        <LightTabs
          label="News"
          activeKey={active}
          onChange={onChange}
          extra={<ToAcknowledgeCount onOpen={openMustRead} />}
          items={NEWS_TABS.map((tab) => ({
            key: tab.key,
            label: tab.label,
            children: <PostList action={tab.action} label={`${tab.label} posts`} />,
          }))}
        />
      </div>
    </section>
  );
}
