// The body of a post's page, feed post or community post alike (product.md section 2): media banner, title,
// subtitle, byline (author, start, and the tags the page gives), the sanitised body, attachments, the
// actions and the comments the page gives.

import { ArrowLeftOutlined } from '@ant-design/icons';
import { type FileInfo, MSG, type UserSummary } from '@hearth/contract';
import { Button, Card, Flex, Result, Skeleton, Typography } from 'antd';
import type { ReactNode } from 'react';
import { isOfflineFailure } from '../../lib/api-error';
import { NOT_KEPT_OFFLINE } from '../../lib/query-states';
import { When } from '../../lib/time-text';
import { UserAvatar } from '../../lib/user-avatar';
import { AttachmentsList } from './attachments-list';
import { MediaCarousel } from './media-carousel';
import { MentionCardLink } from './mention-card';
import { splitPostFiles } from './post-media';
import { SafeHtml } from './safe-html';
import '../../lib/shimmer.css';
import './post-body.css';

type ShownPost = {
  title: string;
  subtitle?: string | null;
  text: string;
  startAt?: string | null;
  files: readonly FileInfo[];
  user: UserSummary;
};

/** The Back link at the top of a post's page. */
export function PostBackButton({ onClick }: { onClick: () => void }) {
  return (
    <Button type="link" icon={<ArrowLeftOutlined aria-hidden />} onClick={onClick} className="post-back">
      Back
    </Button>
  );
}

/** A post's page while the post loads. */
export function PostPageLoading({ back }: { back: ReactNode }) {
  return (
    <section className="page post-page">
      {back}
      <Card role="status" aria-label="Loading post">
        <div className="media-banner shimmer" style={{ aspectRatio: '16 / 9' }} />
        <Skeleton active title={{ width: '50%' }} paragraph={{ rows: 6 }} />
      </Card>
    </section>
  );
}

/**
 * A post that could not be loaded, said in its place with the way back: a community post's page always
 * does this; a feed post's page when the browser is offline (issue 33: it went back to a news list that
 * could not say why). Try again only where another try may help.
 */
export function PostUnavailable({
  back,
  error,
  notFound,
  onRetry,
}: {
  back: ReactNode;
  error: unknown;
  notFound: boolean;
  onRetry: () => void;
}) {
  const offline = isOfflineFailure(error);
  return (
    <section className="page post-page">
      {back}
      <Card>
        <Result
          status={notFound ? '404' : offline ? 'warning' : 'error'}
          title={
            <h1 className="result-title">
              {offline ? 'This post is not available offline' : MSG.unableToLoadPost}
            </h1>
          }
          subTitle={offline ? NOT_KEPT_OFFLINE : undefined}
          extra={
            !notFound && (
              <Button type="primary" onClick={onRetry}>
                Try again
              </Button>
            )
          }
        />
      </Card>
    </section>
  );
}

export function PostBody({
  post: p,
  tags,
  actions,
  comments,
}: {
  post: ShownPost;
  /** After the byline's date: the feed's categories, or the community. */
  tags: ReactNode;
  actions: ReactNode;
  comments: ReactNode;
}) {
  const { media, attachments } = splitPostFiles(p.files);
  const author = `${p.user.firstName} ${p.user.lastName}`.trim();
  return (
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
            <MentionCardLink person={p.user} text={author} />
            {p.startAt && (
              <Typography.Text type="secondary">
                <When value={p.startAt} />
              </Typography.Text>
            )}
            {tags}
          </Flex>
        </header>
        <SafeHtml html={p.text} className="post-body" />
        <AttachmentsList files={attachments} />
        <div className="post-detail-actions">{actions}</div>
        {comments}
      </article>
    </Card>
  );
}
