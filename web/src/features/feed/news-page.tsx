// /news (role 2): the featured carousel, then tabs All, Likes, Favourites and Communities, each an
// infinitely scrolling list of post cards. Only the open tab is mounted, so a tab whose list changed
// (a post liked elsewhere) reloads when it is opened again.
import { LightTabs } from '../../lib/light-tabs';
import { PageHeader } from '../../lib/page-header';
import type { FeedAction } from '../../lib/posts/post-cache';
import { PostList } from '../../lib/posts/post-list';
import { useDocumentTitle } from '../../lib/use-document-title';
import { useUrlTab } from '../../lib/use-url-tab';
import { FeaturedCarousel } from './featured-carousel';

const TABS: { key: string; label: string; action: FeedAction }[] = [
  { key: 'all', label: 'All', action: 'all' },
  { key: 'likes', label: 'Likes', action: '1' },
  { key: 'favourites', label: 'Favourites', action: '2' },
  { key: 'communities', label: 'Communities', action: 'communities' },
];

export default function NewsPage() {
  useDocumentTitle('News');
  const [active, onChange] = useUrlTab(
    TABS.map((t) => t.key),
    'all',
  );

  return (
    <section className="page news-page">
      <PageHeader title="News" />
      <FeaturedCarousel />
      <div className="surface news-tabs-card">
        <LightTabs
          label="News"
          activeKey={active}
          onChange={onChange}
          items={TABS.map((tab) => ({
            key: tab.key,
            label: tab.label,
            children: <PostList action={tab.action} label={`${tab.label} posts`} />,
          }))}
        />
      </div>
    </section>
  );
}
