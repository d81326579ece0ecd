// The cached copies of posts that a like, favourite or comment must reach at once: the patches that change
// every copy, under the query keys of feed and community posts (post-keys.ts). Shared by the feed, the
// communities and the News list (a community post also shows in News > Communities, ADR 010).
import {
  ACTION_TYPE,
  type CommunityPost,
  type CommunityPostPage,
  type FeedPage,
  type FeedPost,
} from '@hearth/contract';
import type { InfiniteData, QueryClient } from '@tanstack/react-query';
import { communityKeys, feedKeys } from './post-keys';

export type ActionType = typeof ACTION_TYPE.LIKE | typeof ACTION_TYPE.FAVOURITE;

type PostPatch = (post: FeedPost) => FeedPost;

/** Applies `patch` to every cached copy of post `id`: feed pages, the featured list and the detail. */
export function patchCachedPost(queryClient: QueryClient, id: number, patch: PostPatch): void {
  const apply = (post: FeedPost) => (post.id === id ? patch(post) : post);
  queryClient.setQueriesData<unknown>({ queryKey: feedKeys.all }, (data: unknown) => {
    if (!data || typeof data !== 'object') return data;
    if ('pages' in data) {
      const infinite = data as InfiniteData<FeedPage>;
      return { ...infinite, pages: infinite.pages.map((p) => ({ ...p, posts: p.posts.map(apply) })) };
    }
    if (Array.isArray(data)) return (data as FeedPost[]).map(apply);
    if ('id' in data) return apply(data as FeedPost);
    return data;
  });
}

/** Applies `patch` to every cached copy of community post `id`: community lists, the page, News. */
export function patchCommunityPost(
  queryClient: QueryClient,
  id: number,
  patch: (post: CommunityPost) => CommunityPost,
): void {
  const apply = (post: CommunityPost) => (post.id === id ? patch(post) : post);
  queryClient.setQueriesData<InfiniteData<CommunityPostPage>>(
    { queryKey: communityKeys.postLists },
    (data) =>
      data?.pages ? { ...data, pages: data.pages.map((p) => ({ ...p, posts: p.posts.map(apply) })) } : data,
  );
  queryClient.setQueryData<CommunityPost>(communityKeys.post(id), (post) => (post ? apply(post) : post));
}

/** The flags and counts a like or favourite changes: a feed post (with `actions`) or a community post. */
export type Toggleable = {
  isLiked: boolean;
  isFavourited: boolean;
  likes: number;
  favourites: number;
  actions?: { isLiked: boolean; isFavourited: boolean };
};

/** The flag and the count each action moves. */
const ACTION_FIELDS = {
  [ACTION_TYPE.LIKE]: { flag: 'isLiked', count: 'likes' },
  [ACTION_TYPE.FAVOURITE]: { flag: 'isFavourited', count: 'favourites' },
} as const;

/** The post with the like (or favourite) set to `active`, counts moved by one when it changes. */
export function toggled<T extends Toggleable>(post: T, type: ActionType, active: boolean): T {
  const { flag, count } = ACTION_FIELDS[type];
  if (post[flag] === active) return post;
  return {
    ...post,
    [flag]: active,
    [count]: Math.max(0, post[count] + (active ? 1 : -1)),
    ...(post.actions ? { actions: { ...post.actions, [flag]: active } } : {}),
  };
}
