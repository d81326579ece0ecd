// /admin-communities-list (role 1): Publish and Draft tabs of every community with Title (to the edit
// form), Description, Visibility and Created; the way to create a community (SPEC section 2).
import { PlusOutlined } from '@ant-design/icons';
import { type Community, STATE, VISIBILITY } from '@hearth/contract';
import { Badge, Button, Card, type TableColumnsType, Tabs, Tag, Typography } from 'antd';
import { useMemo } from 'react';
import { Link, useNavigate } from 'react-router';
import { formatTableDate } from '../../lib/dates';
import { ListTable } from '../../lib/list-table';
import { PageHeader } from '../../lib/page-header';
import { LoadError } from '../../lib/query-states';
import { useDocumentTitle } from '../../lib/use-document-title';
import { useAdminCommunities } from './admin-api';
import './admin-communities.css';

const byText = (a: string, b: string) => a.localeCompare(b, undefined, { sensitivity: 'base' });
const byDate = (a: string, b: string) => Date.parse(a) - Date.parse(b) || 0;
const visibility = (c: Community) => (c.visibilityId === VISIBILITY.PRIVATE ? 'Private' : 'Public');

const columns: TableColumnsType<Community> = [
  {
    title: 'Title',
    key: 'title',
    sorter: (a, b) => byText(a.title, b.title),
    render: (_, c) => <Link to={`/community/edit/${c.id}`}>{c.title}</Link>,
  },
  {
    title: 'Description',
    key: 'description',
    render: (_, c) => (
      <Typography.Paragraph ellipsis={{ rows: 2, tooltip: c.description }} className="community-list-text">
        {c.description}
      </Typography.Paragraph>
    ),
  },
  {
    title: 'Visibility',
    key: 'visibility',
    sorter: (a, b) => a.visibilityId - b.visibilityId,
    render: (_, c) => (
      <Tag color={c.visibilityId === VISIBILITY.PRIVATE ? 'purple' : 'green'}>{visibility(c)}</Tag>
    ),
  },
  {
    title: 'Created',
    dataIndex: 'createdAt',
    key: 'createdAt',
    sorter: (a, b) => byDate(a.createdAt, b.createdAt),
    defaultSortOrder: 'descend',
    render: (value: string) => formatTableDate(value),
  },
];

function TabLabel({ text, count }: { text: string; count: number }) {
  return (
    <span>
      {text} <Badge count={count} showZero overflowCount={9999} color="#8c6d5f" />
    </span>
  );
}

export default function AdminCommunitiesListPage() {
  useDocumentTitle('Communities');
  const navigate = useNavigate();
  const communities = useAdminCommunities();
  const { published, drafts } = useMemo(() => {
    const all = communities.data ?? [];
    return {
      published: all.filter((c) => c.stateId === STATE.PUBLISHED),
      drafts: all.filter((c) => c.stateId !== STATE.PUBLISHED),
    };
  }, [communities.data]);

  const table = (rows: Community[]) => (
    <ListTable<Community> rows={rows} loading={communities.isPending} columns={columns} />
  );

  return (
    <section className="page">
      <PageHeader
        title="Communities"
        extra={
          <Button
            type="primary"
            icon={<PlusOutlined aria-hidden />}
            onClick={() => navigate('/community/create')}
          >
            Create Community
          </Button>
        }
      />
      <Card>
        {communities.isError ? (
          <LoadError error={communities.error} onRetry={() => communities.refetch()} />
        ) : (
          <Tabs
            items={[
              {
                key: 'publish',
                label: <TabLabel text="Publish" count={published.length} />,
                children: table(published),
              },
              {
                key: 'draft',
                label: <TabLabel text="Draft" count={drafts.length} />,
                children: table(drafts),
              },
            ]}
          />
        )}
      </Card>
    </section>
  );
}
