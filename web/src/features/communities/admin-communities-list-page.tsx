// /admin-communities-list (role 1): Publish and Draft tabs of every community with Title (to the edit
// form), Description, Visibility and Created; the way to create a community (SPEC section 2).
import { type Community, VISIBILITY } from '@hearth/contract';
import { Tag } from 'antd';
import { Link } from 'react-router';
import { from, type ListColumns, Wrap } from '../../lib/list-table';
import { byText, clampedTextColumn, createdColumn, StateTabsList } from '../../lib/state-tabs-list';
import { useDocumentTitle } from '../../lib/use-document-title';
import { useAdminCommunities } from './admin-api';

const visibility = (c: Community) => (c.visibilityId === VISIBILITY.PRIVATE ? 'Private' : 'Public');

const columns: ListColumns<Community> = [
  {
    title: 'Title',
    key: 'title',
    sorter: (a, b) => byText(a.title, b.title),
    render: (_, c) => (
      <Wrap>
        <Link to={`/community/edit/${c.id}`}>{c.title}</Link>
      </Wrap>
    ),
  },
  { ...clampedTextColumn<Community>('Description', 'description'), ...from(660) },
  {
    title: 'Visibility',
    key: 'visibility',
    ...from(360),
    sorter: (a, b) => a.visibilityId - b.visibilityId,
    render: (_, c) => (
      <Tag color={c.visibilityId === VISIBILITY.PRIVATE ? 'purple' : 'green'}>{visibility(c)}</Tag>
    ),
  },
  createdColumn<Community>(),
];

export default function AdminCommunitiesListPage() {
  useDocumentTitle('Communities');
  const communities = useAdminCommunities();
  return (
    <StateTabsList<Community>
      title="Communities"
      createLabel="Create Community"
      createPath="/community/create"
      query={communities}
      columns={columns}
    />
  );
}
