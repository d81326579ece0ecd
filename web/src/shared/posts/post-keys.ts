// The query keys of feed and community posts: the queries' factories (which the route loaders' chunk takes
// too, so this module stays small) and the cache patches of post-cache.ts name them.

/** News tabs as the API names them: no action (All), 1 liked, 2 favourited, communities. */
export type FeedAction = 'all' | '1' | '2' | 'communities';

export const feedKeys = {
  all: ['newsfeed'] as const,
  list: (action: FeedAction) => ['newsfeed', 'list', action] as const,
  featured: () => ['newsfeed', 'featured'] as const,
  post: (id: number) => ['newsfeed', 'post', id] as const,
  comments: (postId: number) => ['comments', postId] as const,
  adminAll: ['feed-posts'] as const,
  adminList: () => ['feed-posts', 'list'] as const,
  adminPost: (id: number) => ['feed-posts', id] as const,
  categories: () => ['feed-post-categories'] as const,
};

export const communityKeys = {
  all: ['communities'] as const,
  statsAll: ['communities', 'stats'] as const,
  stats: (viewState: number) => ['communities', 'stats', viewState] as const,
  detail: (id: number) => ['communities', 'detail', id] as const,
  discussion: (id: number) => ['communities', 'discussion', id] as const,
  postLists: ['community-posts', 'list'] as const,
  posts: (communityId: number) => ['community-posts', 'list', communityId] as const,
  post: (id: number) => ['community-posts', 'withUser', id] as const,
  comments: (postId: number) => ['community-posts', 'comments', postId] as const,
  verify: (postId: number) => ['community-posts', 'verify', postId] as const,
  subscribe: (id: number) => ['communities', 'subscribe', id] as const,
};
