// One post in a feed list: picture, title (the link to the post), subtitle, categories, date, actions.
// The card is an article named by its title, so a test or a screen reader can find a post by name.
import { PictureOutlined } from '@ant-design/icons';
import type { FeedPost } from '@hearth/contract';
import { Card, Skeleton, Tag, Typography } from 'antd';
import dayjs from 'dayjs';
import { useId } from 'react';
import { Link } from 'react-router';
import { PostActions } from './post-actions';
import { postThumbnail } from './post-media';
import './feed.css';

export function postPath(id: number): string {
  return `/post-detail/${id}`;
}

export function PostThumb({
  post,
  className,
  large,
}: {
  post: FeedPost;
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

export function PostCard({ post }: { post: FeedPost }) {
  const titleId = useId();
  const date = dayjs(post.startAt);
  return (
    <Card className="post-card" styles={{ body: { padding: 0 } }}>
      <article className="post-card-inner" aria-labelledby={titleId}>
        <Link to={postPath(post.id)} tabIndex={-1} aria-hidden className="post-card-thumb-link">
          <PostThumb post={post} />
        </Link>
        <div className="post-card-body">
          <Typography.Title level={2} className="post-card-title" id={titleId}>
            <Link to={postPath(post.id)}>{post.title}</Link>
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
            {post.feedCategories.map((c) => (
              <Tag key={c.id} className="post-card-tag">
                {c.name}
              </Tag>
            ))}
          </div>
          <PostActions post={post} size="small" />
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
