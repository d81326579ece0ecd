// The feed's query options (ADR 046), one factory per query: the page hooks (api.ts, ack-api.ts) and the
// route loaders (loaders.ts) use the same key and options. The News lists are shared/posts/news-feed.ts.
import { feedEndpoints, LIMITS, reachEndpoints } from '@hearth/contract';
import { queryOptions } from '@tanstack/react-query';
import { call } from '../../lib/endpoint-client';
import { byId, idQuery, JUST_ASKED_MS } from '../../lib/query-helpers';
import { feedKeys } from '../../shared/posts/post-keys';

export const featuredPostsQuery = () =>
  queryOptions({
    queryKey: feedKeys.featured(),
    queryFn: async ({ signal }) =>
      (
        await call(
          feedEndpoints.listNewsfeed,
          { query: { isFeatured: 1, limit: LIMITS.newsPageSize } },
          { signal },
        )
      ).posts,
  });

export const feedPostQuery = (id: number) =>
  idQuery(id, feedKeys.post, byId(feedEndpoints.getNewsfeedPost), { retry: false });

export const commentsQuery = (postId: number, enabled = true) =>
  queryOptions({
    queryKey: feedKeys.comments(postId),
    queryFn: ({ signal }) =>
      call(feedEndpoints.listFeedPostComments, { query: { feedPostId: postId } }, { signal }),
    enabled: enabled && postId > 0,
  });

export const adminFeedPostsQuery = () =>
  queryOptions({
    queryKey: feedKeys.adminList(),
    queryFn: ({ signal }) => call(feedEndpoints.listFeedPosts, { query: { limit: -1 } }, { signal }),
  });

export const adminFeedPostQuery = (id: number | undefined) =>
  queryOptions({
    queryKey: feedKeys.adminPost(id ?? 0),
    queryFn: ({ signal }) => call(feedEndpoints.getFeedPost, { params: { id: id ?? 0 } }, { signal }),
    enabled: id !== undefined && id > 0,
    // The form must start from what is stored now, not from a list loaded minutes ago.
    staleTime: JUST_ASKED_MS,
  });

export const feedCategoriesQuery = () =>
  queryOptions({
    queryKey: feedKeys.categories(),
    queryFn: ({ signal }) => call(feedEndpoints.listFeedPostCategories, { query: { limit: -1 } }, { signal }),
    staleTime: 5 * 60_000,
  });

/** Must-read posts (issue 18): under the feed's key, so saving a post (which reloads the feed) reloads it. */
export const toAcknowledgeQuery = () =>
  queryOptions({
    queryKey: [...feedKeys.all, 'to-acknowledge'] as const,
    queryFn: ({ signal }) => call(reachEndpoints.listToAcknowledge, undefined, { signal }),
  });
