// /admin-community-post-list (role 1): Publish and Draft tabs of every community post with Title (to the
// edit form), Subtitle, Community, Creator and Created; the way to create one (product.md section 2).
import type { CommunityPost } from '@hearth/contract';
import { from, type ListColumns } from '../../lib/list-table';
import {
  adminListPage,
  byText,
  clampedTextColumn,
  createdColumn,
  titleColumn,
} from '../../lib/state-tabs-list';
import { useAllCommunityPosts } from './admin-api';

const creator = (p: CommunityPost) => `${p.user.firstName} ${p.user.lastName}`.trim();
const communityTitle = (p: CommunityPost) => p.community?.title ?? '';

const columns: ListColumns<CommunityPost> = [
  titleColumn((p) => `/community-post/${p.id}/edit`),
  { ...clampedTextColumn<CommunityPost>('Subtitle', 'subtitle'), ...from(660) },
  {
    title: 'Community',
    key: 'community',
    ...from(440),
    sorter: (a, b) => byText(communityTitle(a), communityTitle(b)),
    render: (_, p) => communityTitle(p) || '-',
  },
  {
    title: 'Creator',
    key: 'creator',
    ...from(870),
    sorter: (a, b) => byText(creator(a), creator(b)),
    render: (_, p) => creator(p),
  },
  createdColumn<CommunityPost>(),
];

export default adminListPage({
  title: 'Community Posts',
  createLabel: 'Create Community Post',
  createPath: '/community-post/create',
  useList: useAllCommunityPosts,
  columns,
});
