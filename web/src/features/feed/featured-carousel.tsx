// The featured posts at the top of /news (product.md section 4: published, in window, featured, newest
// first, at most 10), moving on every 5 seconds. Its own small carousel rather than antd's (react-slick,
// about 12 KB gzip on the page staff open most). Accessibility (WCAG 2.2.2, 2.3.3, 2.5.8): a button
// pauses the motion; pointing at or focusing the carousel pauses it too; it never moves for readers who
// asked their system for less motion; only the slide on screen is in the tab order and the accessibility
// tree; the dots are named buttons with a 24 px target and a visible focus ring; a swipe moves it on a
// phone. The first slide's picture is fetched at once (it is usually the page's largest paint).
import { CaretRightOutlined, PauseOutlined } from '@ant-design/icons';
import type { FeedPost } from '@hearth/contract';
import { type TouchEvent, useEffect, useRef, useState } from 'react';
import { Link } from 'react-router';
import { postPath } from '../../lib/page-paths';
import { useMediaQuery } from '../../lib/use-media-query';
import { PostThumb } from '../../shared/posts/post-card';
import { BANNER_SIZES, postThumbnail } from '../../shared/posts/post-media';
import { useFeaturedPosts } from './api';
import { autoplays, slideAfter, swipeStep } from './carousel-logic';
import '../../lib/shimmer.css';
import './featured-carousel.css';

const AUTOPLAY_MS = 5000;

function Slide({
  post,
  index,
  count,
  current,
}: {
  post: FeedPost;
  index: number;
  count: number;
  current: boolean;
}) {
  return (
    // biome-ignore lint/a11y/useSemanticElements: the WAI-ARIA carousel pattern names each slide a group; a fieldset is for form controls.
    <div
      className={current ? 'featured-slide-frame current' : 'featured-slide-frame'}
      role="group"
      aria-roledescription="slide"
      aria-label={`${index + 1} of ${count}`}
      aria-hidden={!current}
      inert={!current}
    >
      <Link to={postPath(post.id)} className="featured-slide">
        {postThumbnail(post.files, true) ? (
          <PostThumb
            post={post}
            className="featured-slide-media"
            large
            priority={index === 0}
            sizes={BANNER_SIZES}
          />
        ) : (
          <span className="featured-slide-media featured-slide-placeholder" aria-hidden />
        )}
        <span className="featured-slide-text">
          <span className="featured-slide-title">{post.title}</span>
          {post.subtitle && <span className="featured-slide-subtitle">{post.subtitle}</span>}
        </span>
      </Link>
    </div>
  );
}

export function FeaturedCarousel() {
  const featured = useFeaturedPosts();
  const [current, setCurrent] = useState(0);
  const [playing, setPlaying] = useState(true);
  const [hovered, setHovered] = useState(false);
  const [focused, setFocused] = useState(false);
  const reducedMotion = useMediaQuery('(prefers-reduced-motion: reduce)');
  const touchStart = useRef<{ x: number; y: number } | null>(null);
  const count = featured.data?.length ?? 0;
  const moving = autoplays({ count, playing, hovered, focused, reducedMotion });

  useEffect(() => {
    if (!moving) return;
    const timer = setInterval(() => setCurrent((c) => slideAfter(c, count, 1)), AUTOPLAY_MS);
    return () => clearInterval(timer);
  }, [moving, count]);

  if (featured.isPending) {
    return (
      <div className="featured featured-loading" role="status" aria-label="Loading featured posts">
        <div className="featured-skeleton shimmer" />
      </div>
    );
  }
  // A failed or empty carousel leaves room for the feed; the feed shows its own errors.
  if (featured.isError || count === 0) return null;

  const posts = featured.data;
  const shown = Math.min(current, count - 1);
  const onTouchStart = (e: TouchEvent) => {
    const t = e.touches[0];
    touchStart.current = t ? { x: t.clientX, y: t.clientY } : null;
  };
  const onTouchEnd = (e: TouchEvent) => {
    const start = touchStart.current;
    const t = e.changedTouches[0];
    touchStart.current = null;
    if (!start || !t || count < 2) return;
    const step = swipeStep(t.clientX - start.x, t.clientY - start.y);
    if (step !== 0) setCurrent(slideAfter(shown, count, step));
  };

  return (
    <section
      className="featured"
      aria-roledescription="carousel"
      aria-label="Featured posts"
      onMouseEnter={() => setHovered(true)}
      onMouseLeave={() => setHovered(false)}
      onFocus={() => setFocused(true)}
      onBlur={(e) => {
        if (!e.currentTarget.contains(e.relatedTarget)) setFocused(false);
      }}
      onTouchStart={onTouchStart}
      onTouchEnd={onTouchEnd}
    >
      <div className="featured-slides" aria-live={moving ? 'off' : 'polite'}>
        {posts.map((post, index) => (
          <Slide key={post.id} post={post} index={index} count={count} current={index === shown} />
        ))}
      </div>
      {count > 1 && (
        <>
          <button
            type="button"
            className="featured-pause"
            aria-label={playing ? 'Pause featured posts' : 'Play featured posts'}
            onClick={() => setPlaying((p) => !p)}
          >
            {playing ? <PauseOutlined aria-hidden /> : <CaretRightOutlined aria-hidden />}
          </button>
          <div className="featured-dots">
            {posts.map((post, index) => (
              <button
                key={post.id}
                type="button"
                className="featured-dot"
                aria-label={`Show featured post ${index + 1} of ${count}`}
                aria-current={index === shown ? 'true' : undefined}
                onClick={() => setCurrent(index)}
              />
            ))}
          </div>
        </>
      )}
    </section>
  );
}
