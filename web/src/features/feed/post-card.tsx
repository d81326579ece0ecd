// One post in a feed list: picture, title (the link to the post), subtitle, categories, date, actions.
// The card is an article named by its title, so a test or a screen reader can find a post by name.
// Community posts use the same card (their own link and like/favourite hook).
import { PictureOutlined } from '@ant-design/icons';
import type { FeedPost } from '@hearth/contract';
import { Card, Skeleton, Tag, Typography } from 'antd';
import dayjs from 'dayjs';
import { useId } from 'react';
import { Link } from 'react-router';
import { type ActionablePost, PostActions, type UseToggle } from './post-actions';
import { postThumbnail } from './post-media';
import './feed.css';

export function postPath(id: number): string {
  return `/post-detail/${id}`;
}

export function communityPostPath(id: number): string {
  return `/communities/post/${id}`;
}

/**
 * Where a feed card leads: a community post (the News Communities tab; the server adds `communityId` to
 * those posts) opens the community post page, any other post its detail page.
 */
export function feedPostLink(post: { id: number; communityId?: number | null }): string {
  return post.communityId != null ? communityPostPath(post.id) : postPath(post.id);
}

/** What a card shows: a feed post, or a community post (no categories). */
export type CardPost = ActionablePost &
  Pick<FeedPost, 'title' | 'subtitle' | 'startAt' | 'files'> & {
    feedCategories?: FeedPost['feedCategories'];
    communityId?: number | null;
  };

export function PostThumb({
  post,
  className,
  large,
}: {
  post: Pick<FeedPost, 'files'>;
  className?: string;
  large?: boolean;
}) {
  const src = postThumbnail(post.files, large);
  return (
    <div className={`post-thumb ${className ?? ''}`}>
      {src ? (
        <img src={src} alt="" loading="lazy" decoding="async" />
      ) : (
        <div className="post-thumb-placeholder" aria-hidden>
          <PictureOutlined />
        </div>
      )}
    </div>
  );
}

type PostCardProps = {
  post: CardPost;
  /** The post's page; by default from feedPostLink. */
  to?: string;
  /** The like/favourite mutation; the feed's by default. */
  useToggle?: UseToggle;
};

export function PostCard({ post, to, useToggle }: PostCardProps) {
  const titleId = useId();
  const date = dayjs(post.startAt);
  const link = to ?? feedPostLink(post);
  return (
    <Card className="post-card" styles={{ body: { padding: 0 } }}>
      <article className="post-card-inner" aria-labelledby={titleId}>
        <Link to={link} tabIndex={-1} aria-hidden className="post-card-thumb-link">
          <PostThumb post={post} />
        </Link>
        <div className="post-card-body">
          <Typography.Title level={2} className="post-card-title" id={titleId}>
            <Link to={link}>{post.title}</Link>
          </Typography.Title>
          {post.subtitle && (
            <Typography.Paragraph className="post-card-subtitle" ellipsis={{ rows: 2 }}>
              {post.subtitle}
            </Typography.Paragraph>
          )}
          <div className="post-card-meta">
            {date.isValid() && (
              <time dateTime={date.toISOString()} className="post-card-date">
                {date.format('D MMM YYYY')}
              </time>
            )}
            {post.feedCategories?.map((c) => (
              <Tag key={c.id} className="post-card-tag">
                {c.name}
              </Tag>
            ))}
          </div>
          <PostActions post={post} size="small" useToggle={useToggle} />
        </div>
      </article>
    </Card>
  );
}

export function PostCardSkeleton() {
  return (
    <Card className="post-card" styles={{ body: { padding: 0 } }} aria-hidden>
      <div className="post-card-inner">
        <div className="post-thumb post-thumb-skeleton" />
        <div className="post-card-body">
          <Skeleton active title={{ width: '60%' }} paragraph={{ rows: 2 }} />
        </div>
      </div>
    </Card>
  );
}
