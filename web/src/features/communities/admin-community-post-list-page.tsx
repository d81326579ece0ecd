// /admin-community-post-list (role 1): Publish and Draft tabs of every community post with Title (to the
// edit form), Subtitle, Community, Creator and Created; the way to create one (SPEC section 2).
import type { CommunityPost } from '@hearth/contract';
import { Link } from 'react-router';
import { from, type ListColumns, Wrap } from '../../lib/list-table';
import { byText, clampedTextColumn, createdColumn, StateTabsList } from '../../lib/state-tabs-list';
import { useDocumentTitle } from '../../lib/use-document-title';
import { useAllCommunityPosts } from './admin-api';

const creator = (p: CommunityPost) => `${p.user.firstName} ${p.user.lastName}`.trim();
const communityTitle = (p: CommunityPost) => p.community?.title ?? '';

const columns: ListColumns<CommunityPost> = [
  {
    title: 'Title',
    key: 'title',
    sorter: (a, b) => byText(a.title, b.title),
    render: (_, p) => (
      <Wrap>
        <Link to={`/community-post/${p.id}/edit`}>{p.title}</Link>
      </Wrap>
    ),
  },
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

export default function AdminCommunityPostListPage() {
  useDocumentTitle('Community Posts');
  const posts = useAllCommunityPosts();
  return (
    <StateTabsList<CommunityPost>
      title="Community Posts"
      createLabel="Create Community Post"
      createPath="/community-post/create"
      query={posts}
      columns={columns}
    />
  );
}
