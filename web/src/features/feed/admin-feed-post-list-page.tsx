// /admin-feed-post-list (roles 1 and 3): Publish and Draft tabs with Title (to the edit form), Owner,
// Featured, Categories and Created; the way to create a post.
import { EyeOutlined, PlusOutlined } from '@ant-design/icons';
import { type FeedPost, STATE } from '@hearth/contract';
import { Badge, Button, Card, type TableColumnsType, Tabs, Tag } from 'antd';
import { useMemo } from 'react';
import { Link, useNavigate } from 'react-router';
import { formatTableDate } from '../../lib/dates';
import { ListTable } from '../../lib/list-table';
import { PageHeader } from '../../lib/page-header';
import { LoadError } from '../../lib/query-states';
import { useDocumentTitle } from '../../lib/use-document-title';
import { useAdminFeedPosts } from './api';
import { postPath } from './post-card';

const byText = (a: string, b: string) => a.localeCompare(b, undefined, { sensitivity: 'base' });
const byDate = (a: string, b: string) => Date.parse(a) - Date.parse(b) || 0;
const owner = (p: FeedPost) => `${p.user.firstName} ${p.user.lastName}`.trim();

const columns: TableColumnsType<FeedPost> = [
  {
    title: 'Title',
    key: 'title',
    sorter: (a, b) => byText(a.title, b.title),
    render: (_, post) => <Link to={`/post/edit/${post.id}`}>{post.title}</Link>,
  },
  { title: 'Owner', key: 'owner', sorter: (a, b) => byText(owner(a), owner(b)), render: (_, p) => owner(p) },
  {
    title: 'Featured',
    key: 'featured',
    render: (_, p) => (p.isFeatured === 1 ? <Tag color="volcano">Yes</Tag> : 'No'),
  },
  {
    title: 'Categories',
    key: 'categories',
    render: (_, p) =>
      p.feedCategories.length === 0 ? '-' : p.feedCategories.map((c) => <Tag key={c.id}>{c.name}</Tag>),
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
    title: <span className="visually-hidden">View</span>,
    key: 'view',
    width: 64,
    render: (_, p) => (
      <Link to={postPath(p.id)} aria-label="View post" title="View post">
        <EyeOutlined aria-hidden />
      </Link>
    ),
  },
];

function PostsTable({ posts, loading }: { posts: FeedPost[]; loading: boolean }) {
  return <ListTable<FeedPost> rows={posts} loading={loading} columns={columns} />;
}

function TabLabel({ text, count }: { text: string; count: number }) {
  return (
    <span>
      {text} <Badge count={count} showZero overflowCount={9999} color="#8c6d5f" />
    </span>
  );
}

export default function AdminFeedPostListPage() {
  useDocumentTitle('Posts');
  const navigate = useNavigate();
  const posts = useAdminFeedPosts();
  const { published, drafts } = useMemo(() => {
    const all = posts.data ?? [];
    return {
      published: all.filter((p) => p.stateId === STATE.PUBLISHED),
      drafts: all.filter((p) => p.stateId !== STATE.PUBLISHED),
    };
  }, [posts.data]);

  return (
    <section className="page">
      <PageHeader
        title="Posts"
        extra={
          <Button type="primary" icon={<PlusOutlined aria-hidden />} onClick={() => navigate('/post/create')}>
            Create Post
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
                children: <PostsTable posts={published} loading={posts.isPending} />,
              },
              {
                key: 'draft',
                label: <TabLabel text="Draft" count={drafts.length} />,
                children: <PostsTable posts={drafts} loading={posts.isPending} />,
              },
            ]}
          />
        )}
      </Card>
    </section>
  );
}
