// /admin-feed-post-list (roles 1 and 3): Publish and Draft tabs with Title (to the edit form), Owner,
// Featured, Categories and Created, links to the post and its reach; the way to create a post.
import { EyeOutlined } from '@ant-design/icons';
import type { FeedPost } from '@hearth/contract';
import { Grid, Space, Tag } from 'antd';
import { Link } from 'react-router';
import { from, type ListColumns } from '../../lib/list-table';
import { postPath } from '../../lib/page-paths';
import { useProfile } from '../../lib/session';
import { adminListPage, byText, createdColumn, titleColumn } from '../../lib/state-tabs-list';
import { useAdminFeedPosts } from './api';
import { canSeeReach, ReachIconLink } from './reach-link';

/**
 * Reach (issue 18): for administrators, and for a post manager on their own posts. Not on a phone, where
 * the table has no room for a second icon: the post's page has its Reach button.
 */
function ReachCell({ post }: { post: FeedPost }) {
  const profile = useProfile();
  const wide = Grid.useBreakpoint().sm === true;
  return wide && canSeeReach(profile, post.user.id) ? <ReachIconLink postId={post.id} /> : null;
}

const owner = (p: FeedPost) => `${p.user.firstName} ${p.user.lastName}`.trim();

const columns: ListColumns<FeedPost> = [
  titleColumn((post) => `/post/edit/${post.id}`),
  {
    title: 'Owner',
    key: 'owner',
    ...from(660),
    sorter: (a, b) => byText(owner(a), owner(b)),
    render: (_, p) => owner(p),
  },
  {
    title: 'Featured',
    key: 'featured',
    ...from(870),
    render: (_, p) => (p.isFeatured === 1 ? <Tag color="volcano">Yes</Tag> : 'No'),
  },
  {
    title: 'Categories',
    key: 'categories',
    ...from(440),
    render: (_, p) =>
      p.feedCategories.length === 0 ? '-' : p.feedCategories.map((c) => <Tag key={c.id}>{c.name}</Tag>),
  },
  createdColumn<FeedPost>(),
  {
    // The post and, for those who may see it, its reach: one narrow column, so the phone's table still fits.
    title: <span className="visually-hidden">View</span>,
    key: 'view',
    width: 64,
    render: (_, p) => (
      <Space size={12}>
        <Link to={postPath(p.id)} aria-label="View post" title="View post">
          <EyeOutlined aria-hidden />
        </Link>
        <ReachCell post={p} />
      </Space>
    ),
  },
];

export default adminListPage({
  title: 'Posts',
  createLabel: 'Create Post',
  createPath: '/post/create',
  useList: useAdminFeedPosts,
  columns,
});
