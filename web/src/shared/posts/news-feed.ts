// The News lists (All, Liked, Favourites, Communities), 10 posts a page through the feed's cursor; the
// profile's Liked and Favourites tabs show the same lists.
import { feedEndpoints, LIMITS } from '@hearth/contract';
import { useInfiniteQuery } from '@tanstack/react-query';
import { call } from '../../lib/endpoint-client';
import { type FeedAction, feedKeys } from './post-cache';

export function useNewsFeed(action: FeedAction) {
  return useInfiniteQuery({
    queryKey: feedKeys.list(action),
    queryFn: ({ pageParam, signal }) =>
      call(
        feedEndpoints.listNewsfeed,
        {
          query: {
            limit: LIMITS.newsPageSize,
            next: pageParam || undefined,
            action: action === 'all' ? undefined : action,
          },
        },
        { signal },
      ),
    initialPageParam: '',
    getNextPageParam: (last) => last.next ?? undefined,
  });
}
