// The News lists (All, Liked, Favourites, Communities), 10 posts a page through the feed's cursor; the
// profile's Liked and Favourites tabs show the same lists.
import { feedEndpoints, LIMITS } from '@hearth/contract';
import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import { call } from '../../lib/endpoint-client';
import { type FeedAction, feedKeys } from './post-keys';

export const newsFeedQuery = (action: FeedAction) =>
  infiniteQueryOptions({
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

export function useNewsFeed(action: FeedAction) {
  return useInfiniteQuery(newsFeedQuery(action));
}
