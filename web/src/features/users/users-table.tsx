// The user list table (product.md section 2, /users): Name, E-mail, Role, Location, Department, Created, Last
// Active.
import { GROUP_TYPE, type User } from '@hearth/contract';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { formatTableDate } from '../../lib/dates';
import { from, type ListColumns, ListTable, Wrap } from '../../lib/list-table';
import { roleName } from '../../shared/people/role-names';

function groupName(user: User, typeId: number): string {
  return (
    user.groups
      .filter((g) => g.groupTypeId === typeId)
      .map((g) => g.name)
      .join(', ') || '-'
  );
}

/** An address may break after its @ (and nowhere else) when the column is narrow. */
function breakableEmail(email: string): ReactNode {
  const at = email.indexOf('@');
  if (at < 0) return email;
  return (
    <>
      {email.slice(0, at + 1)}
      <wbr />
      {email.slice(at + 1)}
    </>
  );
}

const byText = (a: string, b: string) => a.localeCompare(b, undefined, { sensitivity: 'base' });
const byDate = (a: string | null, b: string | null) => Date.parse(a ?? '') - Date.parse(b ?? '') || 0;

const columns: ListColumns<User> = [
  {
    title: 'Name',
    key: 'name',
    sorter: (a, b) => byText(`${a.firstName} ${a.lastName}`, `${b.firstName} ${b.lastName}`),
    render: (_, user) => (
      <Wrap>
        <Link to={`/edit-user/${user.id}`}>
          {user.firstName} {user.lastName}
        </Link>
      </Wrap>
    ),
  },
  {
    title: 'E-mail',
    key: 'email',
    ...from(330),
    sorter: (a, b) => byText(a.email, b.email),
    render: (_, user) => <Wrap>{breakableEmail(user.email)}</Wrap>,
  },
  {
    title: 'Role',
    key: 'role',
    ...from(820),
    render: (_, user) => roleName(user.roles?.id ?? user.role?.id),
  },
  {
    title: 'Location',
    key: 'location',
    ...from(820),
    render: (_, user) => groupName(user, GROUP_TYPE.LOCATION),
  },
  {
    title: 'Department',
    key: 'department',
    ...from(820),
    render: (_, user) => groupName(user, GROUP_TYPE.DEPARTMENT),
  },
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
    ...from(440),
    key: 'lastLoggedInAt',
    sorter: (a, b) => byDate(a.lastLoggedInAt, b.lastLoggedInAt),
    render: (value: string | null) => formatTableDate(value),
  },
];

export function UsersTable({ users, loading }: { users: User[]; loading: boolean }) {
  return <ListTable<User> rows={users} loading={loading} columns={columns} />;
}
