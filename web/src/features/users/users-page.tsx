// /users (role 1): search (name or e-mail) and filters (location, department, role), Active and Inactive
// tabs with the totals of what matches, and the way to add a user.
import { LockOutlined, PlusOutlined } from '@ant-design/icons';
import { PATHS } from '@hearth/contract';
import { Badge, Button, Card, Select, Space, Tabs } from 'antd';
import { useMemo } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { PageHeader } from '../../lib/page-header';
import { popupContainer } from '../../lib/popup-container';
import { LoadError } from '../../lib/query-states';
import { useDocumentTitle } from '../../lib/use-document-title';
import { PeopleFilters, usePeopleFilters, useSetUrlParam } from '../../shared/people/people-filters';
import { roleName } from '../../shared/people/role-names';
import { useAllUsers, useRoles } from './api';
import { userListFilters } from './loaders';
import { UsersTable } from './users-table';

function TabLabel({ text, count }: { text: string; count: number }) {
  return (
    <span>
      {text} <Badge count={count} showZero overflowCount={99999} color="#8c6d5f" />
    </span>
  );
}

export default function UsersPage() {
  useDocumentTitle('Users');
  const navigate = useNavigate();
  const filters = usePeopleFilters();
  const roles = useRoles();
  const [params] = useSearchParams();
  const setParam = useSetUrlParam();
  const listFilters = userListFilters(params);
  const roleId = listFilters.roleId;
  const setRole = (id?: number) => setParam('role', id ? String(id) : undefined);
  const users = useAllUsers(listFilters);
  const { active, inactive } = useMemo(() => {
    const all = users.data ?? [];
    return { active: all.filter((u) => u.isActive === 1), inactive: all.filter((u) => u.isActive !== 1) };
  }, [users.data]);

  return (
    <section className="page">
      <PageHeader
        title="Users"
        extra={
          <Space wrap>
            {/* Where password sign-in is allowed (issue 19). */}
            <Button icon={<LockOutlined aria-hidden />} onClick={() => navigate(PATHS.passwordSignIn)}>
              Password sign-in
            </Button>
            <Button type="primary" icon={<PlusOutlined aria-hidden />} onClick={() => navigate('/add-user')}>
              Add User
            </Button>
          </Space>
        }
      />
      <Card>
        <PeopleFilters filters={filters} searchLabel="Search by name or e-mail">
          <Select
            className="people-filters-select"
            aria-label="Role"
            placeholder="All roles"
            value={roleId}
            onChange={(v?: number) => setRole(v)}
            options={(roles.data ?? []).map((r) => ({ value: r.id, label: roleName(r.id) }))}
            loading={roles.isLoading}
            allowClear
            getPopupContainer={popupContainer}
            data-testid="filter-role"
          />
        </PeopleFilters>
        {users.isError ? (
          <LoadError error={users.error} onRetry={() => users.refetch()} />
        ) : (
          <Tabs
            items={[
              {
                key: 'active',
                label: <TabLabel text="Active" count={active.length} />,
                children: <UsersTable users={active} loading={users.isLoading} />,
              },
              {
                key: 'inactive',
                label: <TabLabel text="Inactive" count={inactive.length} />,
                children: <UsersTable users={inactive} loading={users.isLoading} />,
              },
            ]}
          />
        )}
      </Card>
    </section>
  );
}
