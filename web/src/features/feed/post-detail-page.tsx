// /post-detail/:postId (roles 1, 2, 3): media banner, attachments, title, subtitle, the sanitised body,
// like and favourite, comments. A post that cannot be loaded says so and goes back (SPEC section 8).
import { ArrowLeftOutlined } from '@ant-design/icons';
import { MSG, PATHS, ROLE } from '@hearth/contract';
import { Button, Card, Flex, Skeleton, Tag, Typography } from 'antd';
import dayjs from 'dayjs';
import { useEffect, useRef } from 'react';
import { useNavigate, useParams } from 'react-router';
import { useProfile } from '../../app/session';
import { isSessionExpired } from '../../lib/api-error';
import { toastError } from '../../lib/notify';
import { useDocumentTitle } from '../../lib/use-document-title';
import { UserAvatar } from '../../lib/user-avatar';
import { useFeedPost } from './api';
import { AttachmentsList } from './attachments-list';
import { CommentsSection } from './comments-section';
import { MediaCarousel } from './media-carousel';
import { PostActions } from './post-actions';
import { splitPostFiles } from './post-media';
import { SafeHtml } from './safe-html';
import './feed.css';

function parseId(value: string | undefined): number {
  return value && /^\d{1,10}$/.test(value) ? Number(value) : Number.NaN;
}

/** Back where the reader came from; with no history inside the app, to the role's list of posts. */
function useGoBack() {
  const navigate = useNavigate();
  const profile = useProfile();
  return () => {
    const idx = (window.history.state as { idx?: number } | null)?.idx ?? 0;
    if (idx > 0) navigate(-1);
    else navigate(profile?.roles.id === ROLE.STAFF ? PATHS.news : PATHS.adminFeedPostList, { replace: true });
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

export default function PostDetailPage() {
  const { postId } = useParams();
  const id = parseId(postId);
  const post = useFeedPost(id);
  const goBack = useGoBack();
  const failedOnce = useRef(false);
  const invalid = Number.isNaN(id) || id <= 0;
  useDocumentTitle(post.data?.title ?? 'Post');

  useEffect(() => {
    if (!(invalid || post.isError) || failedOnce.current) return;
    failedOnce.current = true;
    if (isSessionExpired(post.error)) return;
    toastError(undefined, MSG.unableToLoadPost);
    goBack();
  }, [invalid, post.isError, post.error, goBack]);

  const back = (
    <Button type="link" icon={<ArrowLeftOutlined aria-hidden />} onClick={goBack} className="post-back">
      Back
    </Button>
  );

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
      {back}
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
              {p.feedCategories.map((c) => (
                <Tag key={c.id}>{c.name}</Tag>
              ))}
            </Flex>
          </header>
          <SafeHtml html={p.text} className="post-body" />
          <AttachmentsList files={attachments} />
          <div className="post-detail-actions">
            <PostActions post={p} />
          </div>
          <CommentsSection postId={p.id} commentable={p.isCommentable === 1} />
        </article>
      </Card>
    </section>
  );
}
