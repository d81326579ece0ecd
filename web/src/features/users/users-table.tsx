// The user list table (SPEC section 2, /users): Name, E-mail, Role, Location, Department, Created, Last Active.
import { GROUP_TYPE, type User } from '@hearth/contract';
import type { TableColumnsType } from 'antd';
import { Link } from 'react-router';
import { formatTableDate } from '../../lib/dates';
import { ListTable } from '../../lib/list-table';
import { roleName } from '../../lib/role-names';

function groupName(user: User, typeId: number): string {
  return (
    user.groups
      .filter((g) => g.groupTypeId === typeId)
      .map((g) => g.name)
      .join(', ') || '-'
  );
}

const byText = (a: string, b: string) => a.localeCompare(b, undefined, { sensitivity: 'base' });
const byDate = (a: string | null, b: string | null) => Date.parse(a ?? '') - Date.parse(b ?? '') || 0;

const columns: TableColumnsType<User> = [
  {
    title: 'Name',
    key: 'name',
    sorter: (a, b) => byText(`${a.firstName} ${a.lastName}`, `${b.firstName} ${b.lastName}`),
    render: (_, user) => (
      <Link to={`/edit-user/${user.id}`}>
        {user.firstName} {user.lastName}
      </Link>
    ),
  },
  { title: 'E-mail', dataIndex: 'email', key: 'email', sorter: (a, b) => byText(a.email, b.email) },
  {
    title: 'Role',
    key: 'role',
    render: (_, user) => roleName(user.roles?.id ?? user.role?.id),
  },
  { title: 'Location', key: 'location', render: (_, user) => groupName(user, GROUP_TYPE.LOCATION) },
  { title: 'Department', key: 'department', render: (_, user) => groupName(user, GROUP_TYPE.DEPARTMENT) },
  {
    title: 'Created',
    dataIndex: 'createdAt',
    key: 'createdAt',
    sorter: (a, b) => byDate(a.createdAt, b.createdAt),
    defaultSortOrder: 'descend',
    render: (value: string) => formatTableDate(value),
  },
  {
    title: 'Last Active',
    dataIndex: 'lastLoggedInAt',
    key: 'lastLoggedInAt',
    sorter: (a, b) => byDate(a.lastLoggedInAt, b.lastLoggedInAt),
    render: (value: string | null) => formatTableDate(value),
  },
];

export function UsersTable({ users, loading }: { users: User[]; loading: boolean }) {
  return <ListTable<User> rows={users} loading={loading} columns={columns} />;
}
