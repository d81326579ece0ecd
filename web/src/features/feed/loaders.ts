// The feed pages' route loaders (ADR 046): each starts the requests its page asks for on its first render,
// with the arguments the page reads from the same address (the functions below, which the pages use too).

import { parseRouteId, prefetch, prefetchInfinite } from '../../lib/query-helpers';
import type { RouteLoaders } from '../../lib/route-loader';
import { urlTab } from '../../lib/use-url-tab';
import { groupsQuery } from '../../shared/people/groups';
import { newsFeedQuery } from '../../shared/posts/news-feed';
import type { FeedAction } from '../../shared/posts/post-keys';
import {
  adminFeedPostQuery,
  adminFeedPostsQuery,
  featuredPostsQuery,
  feedCategoriesQuery,
  feedPostQuery,
  toAcknowledgeQuery,
} from './queries';

/** The News tabs (?tab=), each a list of the feed; only the open one is mounted. */
export const NEWS_TABS: readonly { key: string; label: string; action: FeedAction }[] = [
  { key: 'all', label: 'All', action: 'all' },
  { key: 'likes', label: 'Likes', action: '1' },
  { key: 'favourites', label: 'Favourites', action: '2' },
  { key: 'communities', label: 'Communities', action: 'communities' },
];
export const NEWS_TAB_KEYS = NEWS_TABS.map((t) => t.key);
export const NEWS_DEFAULT_TAB = 'all';

/** The list the open News tab shows. */
export function newsTabAction(search: URLSearchParams): FeedAction {
  const key = urlTab(search, NEWS_TAB_KEYS, NEWS_DEFAULT_TAB);
  return NEWS_TABS.find((t) => t.key === key)?.action ?? 'all';
}

/** /post-detail/:postId's id, or NaN when it is not one. */
export const parsePostId = (value: string | undefined): number => parseRouteId(value) ?? Number.NaN;

export const feedLoaders: RouteLoaders = {
  news: ({ search, queryClient }) => {
    prefetch(queryClient, toAcknowledgeQuery());
    prefetch(queryClient, featuredPostsQuery());
    prefetchInfinite(queryClient, newsFeedQuery(newsTabAction(search)));
  },
  postDetail: ({ params, queryClient }) => {
    const post = feedPostQuery(parsePostId(params.postId));
    // A bad id asks nothing: the page says it cannot load the post and leaves at once.
    if (post.enabled === false) return;
    prefetch(queryClient, post);
    // Whether the post is one the reader must still acknowledge (the banner above it).
    prefetch(queryClient, toAcknowledgeQuery());
  },
  adminFeedPostList: ({ queryClient }) => prefetch(queryClient, adminFeedPostsQuery()),
  postForm: ({ params, queryClient }) => {
    // Create shows the empty form at once; edit loads the post first (a bad id: "not found", nothing asked).
    if (params.postId !== undefined) {
      prefetch(queryClient, adminFeedPostQuery(parseRouteId(params.postId)));
      return;
    }
    prefetch(queryClient, feedCategoriesQuery());
    prefetch(queryClient, groupsQuery());
  },
};
