// The feed's API hooks (product.md section 7: News feed, Feed posts and comments), one per endpoint. The News
// lists, likes and favourites, which community posts and the profile share, are in shared/posts/.
import { type CommentBody, type FeedPostBody, feedEndpoints, LIMITS } from '@hearth/contract';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { call } from '../../lib/endpoint-client';
import { byId, useIdQuery } from '../../lib/query-helpers';
import { feedKeys, patchCachedPost } from '../../shared/posts/post-cache';

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
  return useIdQuery(id, feedKeys.post, byId(feedEndpoints.getNewsfeedPost), { retry: false });
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
