// One post in a feed list: picture (none when the post has none), title (the link to the post), subtitle,
// categories, date, actions. The card is an article named by its title, so a test or a screen reader can
// find a post by name; a click anywhere on it opens the post (card-click.ts).
// Community posts use the same card (their own link and like/favourite hook).
import type { FeedPost } from '@hearth/contract';
import { type MouseEvent, useId } from 'react';
import { Link, useNavigate } from 'react-router';
import { feedPostLink } from '../../lib/page-paths';
import { When } from '../../lib/time-text';
import { CARD_CONTROLS, cardClickOpens } from './card-click';
import { type ActionablePost, PostActions, type UseToggle } from './post-actions';
import { postPicture } from './post-media';
import { useSeenRef } from './read-tracking';
import '../../lib/shimmer.css';
import './post-card.css';

/** What a card shows: a feed post, or a community post (no categories). */
export type CardPost = ActionablePost &
  Pick<FeedPost, 'title' | 'subtitle' | 'startAt' | 'files'> & {
    feedCategories?: FeedPost['feedCategories'];
    communityId?: number | null;
  };

type ThumbProps = {
  post: Pick<FeedPost, 'files'>;
  className?: string;
  large?: boolean;
  /** The page's largest picture (the first card, the first slide): fetched at once and first. */
  priority?: boolean;
  /** How wide the picture shows, for choosing among its renditions (`<img sizes>`). */
  sizes?: string;
};

/** A card's picture: an 88 px square beside the text on a phone, 240 px wide elsewhere (post-card.css). */
const CARD_PICTURE_SIZES = '(max-width: 599px) 88px, 240px';

/** The post's picture, or nothing when it has none (a phone shows more news without empty boxes). */
export function PostThumb({
  post,
  className,
  large,
  priority = false,
  sizes = CARD_PICTURE_SIZES,
}: ThumbProps) {
  const picture = postPicture(post.files, large);
  if (!picture) return null;
  return (
    <div className={`post-thumb ${className ?? ''}`}>
      <img
        src={picture.src}
        srcSet={picture.srcSet}
        sizes={picture.srcSet ? sizes : undefined}
        width={picture.width}
        height={picture.height}
        alt=""
        loading={priority ? 'eager' : 'lazy'}
        fetchPriority={priority ? 'high' : 'auto'}
        decoding="async"
      />
    </div>
  );
}

type PostCardProps = {
  post: CardPost;
  /** The post's page; by default from feedPostLink. */
  to?: string;
  /** The like/favourite mutation; the feed's by default. */
  useToggle?: UseToggle;
  /** The first card of a list: its picture may be the page's largest. */
  priority?: boolean;
};

/**
 * Plain markup with antd's card look rather than antd's Card, Typography and Tag: the news page renders
 * ten of these at once on a phone, and antd's versions cost script and style work for each.
 */
export function PostCard({ post, to, useToggle, priority }: PostCardProps) {
  const titleId = useId();
  const navigate = useNavigate();
  const link = to ?? feedPostLink(post);
  const hasPicture = postPicture(post.files) !== null;
  // Reach (issue 18): the card counts as seen once half of it was on screen for a second.
  const seenRef = useSeenRef(post.id);
  const onClick = (event: MouseEvent<HTMLElement>) => {
    const target = event.target instanceof Element ? event.target : null;
    const opens = cardClickOpens({
      onControl: Boolean(target?.closest(CARD_CONTROLS)),
      selectedText: window.getSelection()?.toString() ?? '',
      button: event.button,
      modified: event.ctrlKey || event.metaKey || event.shiftKey || event.altKey,
    });
    if (opens) navigate(link);
  };
  return (
    // The title link is the card's one keyboard stop; a click elsewhere on the card is a shortcut to it.
    // biome-ignore lint/a11y/useKeyWithClickEvents: keyboard users open the post through the title link.
    <article
      ref={seenRef}
      className={hasPicture ? 'post-card' : 'post-card no-picture'}
      aria-labelledby={titleId}
      onClick={onClick}
    >
      {hasPicture && (
        <Link to={link} tabIndex={-1} aria-hidden className="post-card-thumb-link">
          <PostThumb post={post} priority={priority} />
        </Link>
      )}
      <div className="post-card-body">
        <h2 className="post-card-title" id={titleId}>
          <Link to={link}>{post.title}</Link>
        </h2>
        {post.subtitle && <p className="post-card-subtitle">{post.subtitle}</p>}
        <div className="post-card-meta">
          <When value={post.startAt} className="post-card-date" />
          {post.feedCategories?.map((c) => (
            <span key={c.id} className="post-card-tag">
              {c.name}
            </span>
          ))}
        </div>
        <PostActions post={post} size="small" useToggle={useToggle} />
      </div>
    </article>
  );
}

export function PostCardSkeleton() {
  return (
    <div className="post-card post-card-skeleton" aria-hidden>
      <div className="post-thumb shimmer" />
      <div className="post-card-body">
        <div className="shimmer skeleton-line skeleton-title" />
        <div className="shimmer skeleton-line" />
        <div className="shimmer skeleton-line skeleton-short" />
      </div>
    </div>
  );
}
