// The feed's API hooks (SPEC section 7: News feed, Feed posts and comments), one per endpoint. Likes and
// favourites are optimistic: every cached copy of the post flips at once and flips back silently when the
// call fails (SPEC section 8).
import {
  ACTION_TYPE,
  type CommentBody,
  type FeedPage,
  type FeedPost,
  type FeedPostBody,
  feedEndpoints,
  LIMITS,
  type UserSummary,
  usersEndpoints,
} from '@hearth/contract';
import {
  type InfiniteData,
  type QueryClient,
  useInfiniteQuery,
  useMutation,
  useQuery,
  useQueryClient,
} from '@tanstack/react-query';
import { call } from '../../lib/endpoint-client';

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

export function useFeaturedPosts() {
  return useQuery({
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
}

export function useFeedPost(id: number) {
  return useQuery({
    queryKey: feedKeys.post(id),
    queryFn: ({ signal }) => call(feedEndpoints.getNewsfeedPost, { params: { id } }, { signal }),
    enabled: Number.isInteger(id) && id > 0,
    retry: false,
  });
}

// ---- likes and favourites -------------------------------------------------------------------------

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

/** The flags and counts a like or favourite changes: a feed post (with `actions`) or a community post. */
export type Toggleable = {
  isLiked: boolean;
  isFavourited: boolean;
  likes: number;
  favourites: number;
  actions?: { isLiked: boolean; isFavourited: boolean };
};

/** The post with the like (or favourite) set to `active`, counts moved by one when it changes. */
export function toggled<T extends Toggleable>(post: T, type: ActionType, active: boolean): T {
  if (type === ACTION_TYPE.LIKE) {
    if (post.isLiked === active) return post;
    return {
      ...post,
      isLiked: active,
      likes: Math.max(0, post.likes + (active ? 1 : -1)),
      ...(post.actions ? { actions: { ...post.actions, isLiked: active } } : {}),
    };
  }
  if (post.isFavourited === active) return post;
  return {
    ...post,
    isFavourited: active,
    favourites: Math.max(0, post.favourites + (active ? 1 : -1)),
    ...(post.actions ? { actions: { ...post.actions, isFavourited: active } } : {}),
  };
}

type ToggleVars = { postId: number; type: ActionType; active: boolean };

export function useToggleAction() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ postId, type, active }: ToggleVars) =>
      call(feedEndpoints.setFeedPostAction, {
        body: { active: active ? 1 : 0, feedPostId: postId, feedPostActionTypeId: type },
      }),
    onMutate: ({ postId, type, active }) => {
      patchCachedPost(queryClient, postId, (p) => toggled(p, type, active));
    },
    onError: (_err, { postId, type, active }) => {
      // SPEC section 8: a failed like or favourite is reverted without a message.
      patchCachedPost(queryClient, postId, (p) => toggled(p, type, !active));
    },
    onSuccess: (result, { postId }) => {
      patchCachedPost(queryClient, postId, (p) => ({
        ...p,
        likes: result.likes,
        favourites: result.favourites,
        isLiked: result.isLiked,
        isFavourited: result.isFavourited,
        actions: { isLiked: result.isLiked, isFavourited: result.isFavourited },
      }));
      // The Likes and Favourites lists and the profile counts change: reload them when next shown, but
      // leave a list on screen as it is (an unliked post stays put until the user comes back).
      void queryClient.invalidateQueries({ queryKey: feedKeys.list('1'), refetchType: 'none' });
      void queryClient.invalidateQueries({ queryKey: feedKeys.list('2'), refetchType: 'none' });
      void queryClient.invalidateQueries({ queryKey: ['users', 'actions'] });
    },
  });
}

// ---- comments and mentions ------------------------------------------------------------------------

export function useComments(postId: number, enabled = true) {
  return useQuery({
    queryKey: feedKeys.comments(postId),
    queryFn: ({ signal }) =>
      call(feedEndpoints.listFeedPostComments, { query: { feedPostId: postId } }, { signal }),
    enabled: enabled && postId > 0,
  });
}

export function useCreateComment(postId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: Omit<CommentBody, 'feedPostId'>) =>
      call(feedEndpoints.createFeedPostComment, { body: { ...body, feedPostId: postId } }),
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: feedKeys.comments(postId) });
      patchCachedPost(queryClient, postId, (p) => ({ ...p, comments: p.comments + 1 }));
    },
  });
}

/** The mention search (SPEC section 7): active colleagues whose name starts with `text`. */
export function searchColleagues(text: string, signal?: AbortSignal): Promise<UserSummary[]> {
  // With startString the server answers summaries only (id, name, avatar), never full records.
  return call(
    usersEndpoints.listUsers,
    { query: { fields: 'id,firstName,lastName', startString: text, isActive: 1 } },
    { signal },
  ) as Promise<UserSummary[]>;
}

// ---- administration -------------------------------------------------------------------------------

export function useAdminFeedPosts() {
  return useQuery({
    queryKey: feedKeys.adminList(),
    queryFn: ({ signal }) => call(feedEndpoints.listFeedPosts, { query: { limit: -1 } }, { signal }),
  });
}

export function useAdminFeedPost(id: number | undefined) {
  return useQuery({
    queryKey: feedKeys.adminPost(id ?? 0),
    queryFn: ({ signal }) => call(feedEndpoints.getFeedPost, { params: { id: id ?? 0 } }, { signal }),
    enabled: id !== undefined && id > 0,
    // The form must start from what is stored now, not from a list loaded minutes ago.
    staleTime: 0,
  });
}

export function useFeedCategories() {
  return useQuery({
    queryKey: feedKeys.categories(),
    queryFn: ({ signal }) => call(feedEndpoints.listFeedPostCategories, { query: { limit: -1 } }, { signal }),
    staleTime: 5 * 60_000,
  });
}

export function useSaveFeedPost(id: number | undefined) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: FeedPostBody) =>
      id
        ? call(feedEndpoints.updateFeedPost, { params: { id }, body })
        : call(feedEndpoints.createFeedPost, { body }),
    onSuccess: (post) => {
      queryClient.setQueryData(feedKeys.adminPost(post.id), post);
      void queryClient.invalidateQueries({ queryKey: feedKeys.adminList() });
      void queryClient.invalidateQueries({ queryKey: feedKeys.all });
    },
  });
}
