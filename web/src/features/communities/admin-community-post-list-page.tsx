// /admin-community-post-list (role 1): Publish and Draft tabs of every community post with Title (to the
// edit form), Subtitle, Community, Creator and Created; the way to create one (SPEC section 2).
import { PlusOutlined } from '@ant-design/icons';
import { type CommunityPost, STATE } from '@hearth/contract';
import { Badge, Button, Card, type TableColumnsType, Tabs, Typography } from 'antd';
import { useMemo } from 'react';
import { Link, useNavigate } from 'react-router';
import { formatTableDate } from '../../lib/dates';
import { ListTable } from '../../lib/list-table';
import { PageHeader } from '../../lib/page-header';
import { LoadError } from '../../lib/query-states';
import { useDocumentTitle } from '../../lib/use-document-title';
import { useAllCommunityPosts } from './admin-api';
import './admin-communities.css';

const byText = (a: string, b: string) => a.localeCompare(b, undefined, { sensitivity: 'base' });
const byDate = (a: string, b: string) => Date.parse(a) - Date.parse(b) || 0;
const creator = (p: CommunityPost) => `${p.user.firstName} ${p.user.lastName}`.trim();
const communityTitle = (p: CommunityPost) => p.community?.title ?? '';

const columns: TableColumnsType<CommunityPost> = [
  {
    title: 'Title',
    key: 'title',
    sorter: (a, b) => byText(a.title, b.title),
    render: (_, p) => <Link to={`/community-post/${p.id}/edit`}>{p.title}</Link>,
  },
  {
    title: 'Subtitle',
    key: 'subtitle',
    render: (_, p) => (
      <Typography.Paragraph ellipsis={{ rows: 2, tooltip: p.subtitle }} className="community-list-text">
        {p.subtitle}
      </Typography.Paragraph>
    ),
  },
  {
    title: 'Community',
    key: 'community',
    sorter: (a, b) => byText(communityTitle(a), communityTitle(b)),
    render: (_, p) => communityTitle(p) || '-',
  },
  {
    title: 'Creator',
    key: 'creator',
    sorter: (a, b) => byText(creator(a), creator(b)),
    render: (_, p) => creator(p),
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

export default function AdminCommunityPostListPage() {
  useDocumentTitle('Community Posts');
  const navigate = useNavigate();
  const posts = useAllCommunityPosts();
  const { published, drafts } = useMemo(() => {
    const all = posts.data ?? [];
    return {
      published: all.filter((p) => p.stateId === STATE.PUBLISHED),
      drafts: all.filter((p) => p.stateId !== STATE.PUBLISHED),
    };
  }, [posts.data]);

  const table = (rows: CommunityPost[]) => (
    <ListTable<CommunityPost> rows={rows} loading={posts.isPending} columns={columns} />
  );

  return (
    <section className="page">
      <PageHeader
        title="Community Posts"
        extra={
          <Button
            type="primary"
            icon={<PlusOutlined aria-hidden />}
            onClick={() => navigate('/community-post/create')}
          >
            Create Community Post
          </Button>
        }
      />
      <Card>
        {posts.isError ? (
          <LoadError error={posts.error} onRetry={() => posts.refetch()} />
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
