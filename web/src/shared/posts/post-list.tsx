// A feed list that loads 10 posts at a time as the reader scrolls: skeletons while loading (at most 5),
// the empty state, and a retry when a page fails. Used by /news tabs and the profile tabs; a community's
// Posts tab uses InfinitePostList with its own query and cards.
import { MSG } from '@hearth/contract';
import type { InfiniteData, UseInfiniteQueryResult } from '@tanstack/react-query';
import { Button, Empty, Flex } from 'antd';
import { type ReactNode, useCallback, useDeferredValue } from 'react';
import { requestIdOf } from '../../lib/api-error';
import { ErrorReference } from '../../lib/error-reference';
import { errorText } from '../../lib/notify';
import { LoadError } from '../../lib/query-states';
import { useNewsFeed } from './news-feed';
import { PostCard, PostCardSkeleton } from './post-card';
import type { FeedAction } from './post-keys';
import { useToggleCommunityAction } from './post-toggles';
import { useInfiniteScroll } from './use-infinite-scroll';
import './post-list.css';

const MAX_SKELETONS = 5;

function Skeletons({ count }: { count: number }) {
  return (
    <>
      {Array.from({ length: Math.min(count, MAX_SKELETONS) }, (_, i) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: placeholders have no identity.
        <PostCardSkeleton key={i} />
      ))}
    </>
  );
}

/** What an empty list of each kind holds no posts of, under SPEC's sentence. */
const EMPTY_HINTS: Record<FeedAction, string> = {
  all: 'No news has been published for you yet.',
  communities: 'The communities you joined have no posts yet.',
  '1': 'Posts you like show here.',
  '2': 'Posts you save as favourites show here.',
};

export function PostList({ action, label }: { action: FeedAction; label: string }) {
  const feed = useNewsFeed(action);
  return (
    <InfinitePostList
      feed={feed}
      label={label}
      emptyHint={EMPTY_HINTS[action]}
      renderPost={(post, index) => (
        // A community post (News > Communities) is liked through the community-post call (ADR 010).
        <PostCard
          post={post}
          priority={index === 0}
          useToggle={post.communityId != null ? useToggleCommunityAction : undefined}
        />
      )}
    />
  );
}

type InfiniteProps<T extends { id: number }> = {
  feed: UseInfiniteQueryResult<InfiniteData<{ posts: T[]; next: string | null }>>;
  label: string;
  /** `index` 0 is the first card, whose picture may be the page's largest. */
  renderPost: (post: T, index: number) => ReactNode;
  emptyText?: string;
  /** A second line under the empty list's sentence: what it is that holds nothing. */
  emptyHint?: string;
};

export function InfinitePostList<T extends { id: number }>({
  feed,
  label,
  renderPost,
  emptyText = MSG.noUsers,
  emptyHint,
}: InfiniteProps<T>) {
  const { fetchNextPage, hasNextPage, isFetchingNextPage, isFetchNextPageError, error } = feed;
  const loadMore = useCallback(() => void fetchNextPage(), [fetchNextPage]);
  // The cards render in an interruptible pass after a page arrives (ARCHITECTURE: deferred page renders);
  // until the new cards are on screen the sentinel must not ask for yet another page.
  const data = useDeferredValue(feed.data);
  const sentinelRef = useInfiniteScroll({
    hasMore: Boolean(hasNextPage),
    loading: isFetchingNextPage || data !== feed.data,
    onLoadMore: loadMore,
    disabled: isFetchNextPageError,
  });

  if (feed.isError) return <LoadError error={feed.error} onRetry={() => feed.refetch()} />;
  if (!data) {
    return (
      <Flex vertical gap={16} role="status" aria-label="Loading posts">
        <Skeletons count={MAX_SKELETONS} />
      </Flex>
    );
  }
  const posts = data.pages.flatMap((page) => page.posts);
  if (posts.length === 0) {
    return (
      <Empty
        description={
          <>
            {emptyText}
            {emptyHint && <span className="post-list-empty-hint">{emptyHint}</span>}
          </>
        }
      />
    );
  }

  return (
    <Flex vertical gap={16}>
      <ul className="post-list" aria-label={label} aria-busy={isFetchingNextPage}>
        {posts.map((post, index) => (
          <li key={post.id}>{renderPost(post, index)}</li>
        ))}
      </ul>
      {isFetchingNextPage && (
        <Flex vertical gap={16} role="status" aria-label="Loading more posts">
          <Skeletons count={3} />
        </Flex>
      )}
      {isFetchNextPageError && (
        <Flex vertical align="center" gap={8} role="alert">
          <span className="text-danger">{errorText(error)}</span>
          <ErrorReference id={requestIdOf(error)} />
          <Button onClick={loadMore}>Try again</Button>
        </Flex>
      )}
      {hasNextPage && <div ref={sentinelRef} className="post-list-sentinel" data-testid="feed-sentinel" />}
      {!hasNextPage && data.pages.length > 1 && (
        <span className="text-secondary post-list-end">You are all caught up.</span>
      )}
    </Flex>
  );
}
