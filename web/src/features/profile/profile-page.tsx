// /profile (product.md section 2): avatar, name, e-mail, location, department; staff also see their Likes and
// Favourites with counts.
import { BellOutlined, EditOutlined } from '@ant-design/icons';
import { PATHS, ROLE } from '@hearth/contract';
import { Button, Card, Descriptions, Flex, Tabs, Typography } from 'antd';
import { useNavigate } from 'react-router';
import { CountLabel } from '../../lib/count-label';
import { PageHeader } from '../../lib/page-header';
import { LoadError, LoadingBlock } from '../../lib/query-states';
import { useProfile } from '../../lib/session';
import { useDocumentTitle } from '../../lib/use-document-title';
import { UserAvatar } from '../../lib/user-avatar';
import { splitGroups } from '../../shared/people/group-selects';
import { useUser } from '../../shared/people/user-query';
import { PostList } from '../../shared/posts/post-list';
import { useUserActions } from './api';
import { PROFILE_TABS } from './loaders';

const TAB_TEXTS = {
  likes: { label: 'Likes', list: 'Liked posts' },
  favourites: { label: 'Favourites', list: 'Favourite posts' },
} as const;

/** The posts the staff member liked and favourited, loaded like the news feed (10 at a time). */
function StaffTabs() {
  const actions = useUserActions();
  return (
    <Card>
      <Tabs
        destroyOnHidden
        items={PROFILE_TABS.map(({ key, action }) => ({
          key,
          label: <CountLabel text={TAB_TEXTS[key].label} count={actions.data?.[key]} />,
          children: <PostList action={action} label={TAB_TEXTS[key].list} />,
        }))}
      />
    </Card>
  );
}

export default function ProfilePage() {
  useDocumentTitle('Profile');
  const session = useProfile();
  const navigate = useNavigate();
  const user = useUser(session?.id);

  let body = <LoadingBlock />;
  if (user.isError) body = <LoadError error={user.error} onRetry={() => user.refetch()} />;
  else if (user.data) {
    const u = user.data;
    const groups = splitGroups(u.groups);
    const name = (id: number | undefined) => u.groups.find((g) => g.id === id)?.name ?? '-';
    body = (
      <Flex gap={24} wrap align="flex-start">
        <UserAvatar firstName={u.firstName} lastName={u.lastName} src={u.profileImage} size={112} />
        <div style={{ flex: '1 1 260px', minWidth: 0 }}>
          <Typography.Title level={2} style={{ marginTop: 0 }}>
            {u.firstName} {u.lastName}
          </Typography.Title>
          <Descriptions
            column={1}
            size="small"
            items={[
              { key: 'email', label: 'E-mail', children: u.email },
              { key: 'jobTitle', label: 'Job title', children: u.jobTitle || '-' },
              { key: 'location', label: 'Location', children: name(groups.location) },
              { key: 'department', label: 'Department', children: name(groups.department) },
            ]}
          />
        </div>
      </Flex>
    );
  }

  return (
    <section className="page">
      <PageHeader
        title="Profile"
        extra={
          <Flex gap={8} wrap>
            <Button icon={<EditOutlined aria-hidden />} onClick={() => navigate('/edit-profile')}>
              Edit profile
            </Button>
            <Button
              icon={<BellOutlined aria-hidden />}
              onClick={() => navigate(PATHS.notificationPreferences)}
            >
              Notification preferences
            </Button>
          </Flex>
        }
      />
      <Flex vertical gap={16}>
        <Card>{body}</Card>
        {session?.roles.id === ROLE.STAFF && <StaffTabs />}
      </Flex>
    </section>
  );
}
