// /users (role 1): Active and Inactive tabs with totals, and the way to add a user.
import { PlusOutlined } from '@ant-design/icons';
import { Badge, Button, Card, Tabs } from 'antd';
import { useMemo } from 'react';
import { useNavigate } from 'react-router';
import { PageHeader } from '../../lib/page-header';
import { LoadError } from '../../lib/query-states';
import { useDocumentTitle } from '../../lib/use-document-title';
import { useAllUsers } from './api';
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
  const users = useAllUsers();
  const { active, inactive } = useMemo(() => {
    const all = users.data ?? [];
    return { active: all.filter((u) => u.isActive === 1), inactive: all.filter((u) => u.isActive !== 1) };
  }, [users.data]);

  return (
    <section className="page">
      <PageHeader
        title="Users"
        extra={
          <Button type="primary" icon={<PlusOutlined />} onClick={() => navigate('/add-user')}>
            Add User
          </Button>
        }
      />
      <Card>
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
