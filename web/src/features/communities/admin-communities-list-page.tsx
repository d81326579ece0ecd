// /admin-communities-list (role 1): Publish and Draft tabs of every community with Title (to the edit
// form), Description, Visibility and Created; the way to create a community (product.md section 2).
import { type Community, VISIBILITY } from '@hearth/contract';
import { Tag } from 'antd';
import { from, type ListColumns } from '../../lib/list-table';
import { adminListPage, clampedTextColumn, createdColumn, titleColumn } from '../../lib/state-tabs-list';
import { useAdminCommunities } from './admin-api';

const visibility = (c: Community) => (c.visibilityId === VISIBILITY.PRIVATE ? 'Private' : 'Public');

const columns: ListColumns<Community> = [
  titleColumn((c) => `/community/edit/${c.id}`),
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

export default adminListPage({
  title: 'Communities',
  createLabel: 'Create Community',
  createPath: '/community/create',
  useList: useAdminCommunities,
  columns,
});
