// The featured posts at the top of /news (PRODUCT-DECISIONS: published, in window, featured, newest
// first, at most 10), autoplaying. Only the slide on screen can take focus; a button pauses the motion
// (WCAG 2.2.2), and hovering or focusing a slide pauses it too.
import { CaretRightOutlined, PauseOutlined } from '@ant-design/icons';
import type { FeedPost } from '@hearth/contract';
import { Carousel } from 'antd';
import { useState } from 'react';
import { Link } from 'react-router';
import { useFeaturedPosts } from './api';
import { PostThumb, postPath } from './post-card';

const AUTOPLAY_MS = 5000;

function Slide({ post, current }: { post: FeedPost; current: boolean }) {
  return (
    <Link to={postPath(post.id)} className="featured-slide" tabIndex={current ? 0 : -1}>
      <PostThumb post={post} className="featured-slide-media" large />
      <span className="featured-slide-text">
        <span className="featured-slide-title">{post.title}</span>
        {post.subtitle && <span className="featured-slide-subtitle">{post.subtitle}</span>}
      </span>
    </Link>
  );
}

export function FeaturedCarousel() {
  const featured = useFeaturedPosts();
  const [current, setCurrent] = useState(0);
  const [playing, setPlaying] = useState(true);

  if (featured.isPending) {
    return (
      <div className="featured featured-loading" role="status" aria-label="Loading featured posts">
        <div className="featured-skeleton shimmer" />
      </div>
    );
  }
  // A failed or empty carousel leaves room for the feed; the feed shows its own errors.
  if (featured.isError || featured.data.length === 0) return null;

  const posts = featured.data;
  return (
    <section className="featured" aria-roledescription="carousel" aria-label="Featured posts">
      <Carousel
        autoplay={playing && posts.length > 1}
        autoplaySpeed={AUTOPLAY_MS}
        effect="fade"
        pauseOnHover
        pauseOnFocus
        dots={posts.length > 1}
        beforeChange={(_from, to) => setCurrent(to)}
      >
        {posts.map((post, index) => (
          <div key={post.id}>
            <Slide post={post} current={index === current} />
          </div>
        ))}
      </Carousel>
      {posts.length > 1 && (
        <button
          type="button"
          className="featured-pause"
          aria-label={playing ? 'Pause featured posts' : 'Play featured posts'}
          onClick={() => setPlaying((p) => !p)}
        >
          {playing ? <PauseOutlined aria-hidden /> : <CaretRightOutlined aria-hidden />}
        </button>
      )}
    </section>
  );
}
