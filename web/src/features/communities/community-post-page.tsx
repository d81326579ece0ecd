// /communities/post/:postId (roles 2, 3): a community post shown like a feed post (SPEC section 2): media
// banner, attachments, title, subtitle, the sanitised body, like and favourite (applied at once, undone
// when the call fails or answers not successful), comments and the comment box when the post allows them.
// Its community's managers (the verify call) get an Edit link.
import { ArrowLeftOutlined, EditOutlined } from '@ant-design/icons';
import { MSG, PATHS } from '@hearth/contract';
import { Button, Card, Flex, Result, Skeleton, Tag, Typography } from 'antd';
import dayjs from 'dayjs';
import { Link, useNavigate, useParams } from 'react-router';
import { useProfile } from '../../app/session';
import { isApiError, isSessionExpired } from '../../lib/api-error';
import { useDocumentTitle } from '../../lib/use-document-title';
import { UserAvatar } from '../../lib/user-avatar';
import { AttachmentsList } from '../feed/attachments-list';
import { MentionBox } from '../feed/comment-box';
import { CommentsPanel } from '../feed/comments-section';
import { MediaCarousel } from '../feed/media-carousel';
import { PostActions } from '../feed/post-actions';
import { splitPostFiles } from '../feed/post-media';
import { SafeHtml } from '../feed/safe-html';
import {
  useCommunityPost,
  useCommunityPostComments,
  useCreateCommunityPostComment,
  useToggleCommunityAction,
  useVerifyCommunityPost,
} from './api';
import { communityPath } from './community-card';
import { parseId } from './community-logic';
import '../feed/feed.css';

/** Back where the reader came from; with no history inside the app, to the post's community or the list. */
function useGoBack(communityId: number | null | undefined) {
  const navigate = useNavigate();
  return () => {
    const idx = (window.history.state as { idx?: number } | null)?.idx ?? 0;
    if (idx > 0) navigate(-1);
    else navigate(communityId ? communityPath(communityId) : PATHS.communities, { replace: true });
  };
}

function DetailSkeleton() {
  return (
    <Card role="status" aria-label="Loading post">
      <div className="media-banner shimmer" style={{ aspectRatio: '16 / 9' }} />
      <Skeleton active title={{ width: '50%' }} paragraph={{ rows: 6 }} />
    </Card>
  );
}

function Comments({ postId, commentable }: { postId: number; commentable: boolean }) {
  const comments = useCommunityPostComments(postId);
  const create = useCreateCommunityPostComment(postId);
  return (
    <CommentsPanel
      comments={comments}
      box={
        commentable ? (
          <MentionBox send={(body) => create.mutateAsync(body)} pending={create.isPending} />
        ) : undefined
      }
    />
  );
}

function EditLink({ postId }: { postId: number }) {
  const profile = useProfile();
  const navigate = useNavigate();
  const verified = useVerifyCommunityPost(postId, profile?.id);
  if (verified.data !== true) return null;
  return (
    <Button icon={<EditOutlined aria-hidden />} onClick={() => navigate(`/community-post/${postId}/edit`)}>
      Edit
    </Button>
  );
}

export default function CommunityPostPage() {
  const { postId } = useParams();
  const id = parseId(postId);
  const post = useCommunityPost(id);
  const goBack = useGoBack(post.data?.communityId);
  const invalid = Number.isNaN(id) || id <= 0;
  useDocumentTitle(post.data?.title ?? 'Community Post');

  const back = (
    <Button type="link" icon={<ArrowLeftOutlined aria-hidden />} onClick={goBack} className="post-back">
      Back
    </Button>
  );

  if (invalid || post.isError) {
    if (!invalid && isSessionExpired(post.error)) return null;
    const notFound = invalid || (isApiError(post.error) && [403, 404].includes(post.error.status));
    return (
      <section className="page post-page">
        {back}
        <Card>
          <Result
            status={notFound ? '404' : 'error'}
            title={MSG.unableToLoadPost}
            extra={
              !notFound && (
                <Button type="primary" onClick={() => post.refetch()}>
                  Try again
                </Button>
              )
            }
          />
        </Card>
      </section>
    );
  }

  if (!post.data) {
    return (
      <section className="page post-page">
        {back}
        <DetailSkeleton />
      </section>
    );
  }

  const p = post.data;
  const { media, attachments } = splitPostFiles(p.files);
  const start = dayjs(p.startAt);
  const author = `${p.user.firstName} ${p.user.lastName}`.trim();

  return (
    <section className="page post-page">
      <Flex justify="space-between" align="center" gap={8} wrap>
        {back}
        <EditLink postId={p.id} />
      </Flex>
      <Card className="post-detail-card">
        <article aria-labelledby="post-title">
          <MediaCarousel files={media} title={p.title} />
          <header className="post-header">
            <Typography.Title level={1} id="post-title" className="post-title">
              {p.title}
            </Typography.Title>
            {p.subtitle && (
              <Typography.Paragraph className="post-subtitle" type="secondary">
                {p.subtitle}
              </Typography.Paragraph>
            )}
            <Flex align="center" gap={8} wrap className="post-byline">
              <UserAvatar
                firstName={p.user.firstName}
                lastName={p.user.lastName}
                src={p.user.profileImage}
                size={28}
              />
              <Typography.Text>{author}</Typography.Text>
              {start.isValid() && (
                <Typography.Text type="secondary">
                  <time dateTime={start.toISOString()}>{start.format('D MMM YYYY, HH:mm')}</time>
                </Typography.Text>
              )}
              {p.community && p.communityId && (
                <Tag>
                  <Link to={communityPath(p.communityId)}>{p.community.title}</Link>
                </Tag>
              )}
            </Flex>
          </header>
          <SafeHtml html={p.text} className="post-body" />
          <AttachmentsList files={attachments} />
          <div className="post-detail-actions">
            <PostActions post={p} useToggle={useToggleCommunityAction} />
          </div>
          <Comments postId={p.id} commentable={p.isCommentable === 1} />
        </article>
      </Card>
    </section>
  );
}
