// /communities/:communityId (roles 2, 3): the community's picture, title, description and counts, Join or
// Leave (applied at once, undone when the call fails), Create Post for its managers, and for members the
// tabs Posts (10 at a time, infinite scroll) and Discussion (the board, with @mentions). A non-member of a
// public community sees only the prompt to join; a community the caller may not see (a private one, or
// none) answers 404 and shows 'Unable to load community' (product.md sections 2, 4 and 8).
import { ArrowLeftOutlined, LockOutlined, PlusOutlined } from '@ant-design/icons';
import { type Community, MSG, PATHS, VISIBILITY } from '@hearth/contract';
import { Button, Card, Flex, Result, Skeleton, Tag, Typography } from 'antd';
import { type ReactNode, useDeferredValue } from 'react';
import { useNavigate, useParams } from 'react-router';
import { isApiError, isSessionExpired, requestIdOf } from '../../lib/api-error';
import { ErrorReference } from '../../lib/error-reference';
import { PageHeader } from '../../lib/page-header';
import { communityPostPath } from '../../lib/page-paths';
import { UrlTabsCard } from '../../lib/url-tabs-card';
import { useDocumentTitle } from '../../lib/use-document-title';
import { CommentsPanel } from '../../shared/posts/comments-panel';
import { MentionBox } from '../../shared/posts/mention-box';
import { PostCard } from '../../shared/posts/post-card';
import { InfinitePostList } from '../../shared/posts/post-list';
import { useToggleCommunityAction } from '../../shared/posts/post-toggles';
import {
  useCommunity,
  useCommunityPosts,
  useDiscussion,
  usePostDiscussion,
  useSubscribe,
  useSubscribing,
} from './api';
import { CommunityCounts, CommunityCover } from './community-card';
import { canJoin, canLeave, showsJoinPromptOnly } from './community-logic';
import { parseId } from './route-params';
import './community-screens.css';

function CommunityPosts({ communityId }: { communityId: number }) {
  const posts = useCommunityPosts(communityId);
  return (
    <InfinitePostList
      feed={posts}
      label="Community posts"
      emptyHint="No one has posted in this community yet."
      renderPost={(post, index) => (
        <PostCard
          post={post}
          to={communityPostPath(post.id)}
          useToggle={useToggleCommunityAction}
          priority={index === 0}
        />
      )}
    />
  );
}

function Discussion({ communityId }: { communityId: number }) {
  const messages = useDiscussion(communityId);
  const send = usePostDiscussion(communityId);
  return (
    <CommentsPanel
      comments={messages}
      title="Discussion"
      emptyText={MSG.noDiscussion}
      listLabel="Discussion messages"
      box={
        <MentionBox
          send={(body) => send.mutateAsync(body)}
          pending={send.isPending}
          label="Message"
          placeholder="Write a message. Type @ to mention a colleague."
          submitLabel="Post Message"
        />
      }
    />
  );
}

function MemberTabs({ communityId }: { communityId: number }) {
  return (
    <UrlTabsCard
      defaultKey="posts"
      tabs={[
        { key: 'posts', label: 'Posts', children: <CommunityPosts communityId={communityId} /> },
        { key: 'discussion', label: 'Discussion', children: <Discussion communityId={communityId} /> },
      ]}
    />
  );
}

function MembershipButton({ community }: { community: Community }) {
  const subscribe = useSubscribe(community.id);
  const busy = useSubscribing(community.id);
  // The button shows the new state at once (the cache changed); a second click waits for the answer.
  if (canLeave(community)) {
    return (
      <Button onClick={() => subscribe.mutate(false)} disabled={busy}>
        Leave
      </Button>
    );
  }
  if (canJoin(community)) {
    return (
      <Button type="primary" onClick={() => subscribe.mutate(true)} disabled={busy}>
        Join
      </Button>
    );
  }
  return null;
}

function CommunityHeader({ community, actions }: { community: Community; actions: boolean }) {
  const navigate = useNavigate();
  const isPrivate = community.visibilityId === VISIBILITY.PRIVATE;
  return (
    <>
      <PageHeader
        title={community.title}
        extra={
          actions && (
            <Flex gap={8} wrap className="community-header-actions">
              {community.isManager && (
                <Button
                  type="primary"
                  icon={<PlusOutlined aria-hidden />}
                  onClick={() => navigate(`/communities/${community.id}/create-post`)}
                >
                  Create Post
                </Button>
              )}
              <MembershipButton community={community} />
            </Flex>
          )
        }
      />
      <Card className="community-header">
        <div className="community-header-inner">
          <div className="community-cover">
            <CommunityCover community={community} />
          </div>
          <div className="community-header-body">
            <Flex gap={8} wrap style={{ marginBottom: 8 }}>
              {isPrivate ? (
                <Tag icon={<LockOutlined aria-hidden />}>Private</Tag>
              ) : (
                <Tag color="green">Public</Tag>
              )}
              {community.isManager && <Tag color="volcano">Manager</Tag>}
            </Flex>
            <Typography.Paragraph className="community-description">
              {community.description}
            </Typography.Paragraph>
            <CommunityCounts community={community} />
            {isPrivate && community.joined && !community.isManager && (
              <Typography.Paragraph type="secondary" style={{ marginTop: 8, marginBottom: 0 }}>
                {MSG.privateMembership}
              </Typography.Paragraph>
            )}
          </div>
        </div>
      </Card>
    </>
  );
}

function JoinPrompt({ community }: { community: Community }) {
  const subscribe = useSubscribe(community.id);
  const busy = useSubscribing(community.id);
  return (
    <Card className="community-join-prompt">
      <Result
        status="info"
        title="Join this community"
        subTitle="Join to read its posts and take part in its discussion board."
        extra={
          canJoin(community) && (
            <Button type="primary" size="large" onClick={() => subscribe.mutate(true)} disabled={busy}>
              Join
            </Button>
          )
        }
      />
    </Card>
  );
}

function LoadFailed({ error, onRetry }: { error: unknown; onRetry?: () => void }) {
  const navigate = useNavigate();
  const notFound = isApiError(error) && (error.status === 404 || error.status === 403);
  return (
    <Card>
      <Result
        status={notFound ? '404' : 'error'}
        title={MSG.unableToLoadCommunity}
        subTitle={requestIdOf(error) && <ErrorReference id={requestIdOf(error)} />}
        extra={
          <Flex gap={8} justify="center" wrap>
            <Button icon={<ArrowLeftOutlined aria-hidden />} onClick={() => navigate(PATHS.communities)}>
              Back to Communities
            </Button>
            {!notFound && onRetry && (
              <Button type="primary" onClick={onRetry}>
                Try again
              </Button>
            )}
          </Flex>
        }
      />
    </Card>
  );
}

export default function CommunityPage() {
  const { communityId } = useParams();
  const id = parseId(communityId);
  const community = useCommunity(id);
  const subscribing = useSubscribing(id);
  useDocumentTitle(community.data?.title ?? 'Community');
  // The community renders in an interruptible pass after it arrives (ARCHITECTURE: deferred page renders).
  const data = useDeferredValue(community.data);

  let body: ReactNode;
  if (Number.isNaN(id) || id <= 0) {
    body = <LoadFailed error={undefined} />;
  } else if (community.isError) {
    body = isSessionExpired(community.error) ? null : (
      <LoadFailed error={community.error} onRetry={() => community.refetch()} />
    );
  } else if (!data) {
    body = (
      <Card role="status" aria-label="Loading community">
        <Skeleton active title={{ width: '40%' }} paragraph={{ rows: 4 }} />
      </Card>
    );
  } else {
    const c = data;
    const promptOnly = showsJoinPromptOnly(c);
    body = (
      <>
        <CommunityHeader community={c} actions={!promptOnly} />
        {promptOnly && <JoinPrompt community={c} />}
        {!promptOnly &&
          (subscribing ? (
            // Just joined: the posts and the board load once the server has made the caller a member.
            <Card role="status" aria-label="Joining community">
              <Skeleton active paragraph={{ rows: 3 }} />
            </Card>
          ) : (
            <MemberTabs communityId={c.id} />
          ))}
      </>
    );
  }

  return <section className="page community-page">{body}</section>;
}
