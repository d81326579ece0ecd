// The feed's API hooks (product.md section 7: News feed, Feed posts and comments), one per endpoint; each
// query's key and options are its factory in queries.ts. The News lists, likes and favourites, which
// community posts and the profile share, are in shared/posts/.
import { type CommentBody, type FeedPostBody, feedEndpoints } from '@hearth/contract';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { call } from '../../lib/endpoint-client';
import { patchCachedPost } from '../../shared/posts/post-cache';
import { feedKeys } from '../../shared/posts/post-keys';
import {
  adminFeedPostQuery,
  adminFeedPostsQuery,
  commentsQuery,
  featuredPostsQuery,
  feedCategoriesQuery,
  feedPostQuery,
} from './queries';

export function useFeaturedPosts() {
  return useQuery(featuredPostsQuery());
}

export function useFeedPost(id: number) {
  return useQuery(feedPostQuery(id));
}

// ---- comments and mentions ------------------------------------------------------------------------

export function useComments(postId: number, enabled = true) {
  return useQuery(commentsQuery(postId, enabled));
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
  return useQuery(adminFeedPostsQuery());
}

export function useAdminFeedPost(id: number | undefined) {
  return useQuery(adminFeedPostQuery(id));
}

export function useFeedCategories() {
  return useQuery(feedCategoriesQuery());
}

export function useSaveFeedPost(id: number | undefined) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: FeedPostBody) =>
      id
        ? call(feedEndpoints.updateFeedPost, { params: { id }, body })
        : call(feedEndpoints.createFeedPost, { body }),
    onSuccess: (post) => {
      queryClient.setQueryData(adminFeedPostQuery(post.id).queryKey, post);
      void queryClient.invalidateQueries({ queryKey: feedKeys.adminList() });
      void queryClient.invalidateQueries({ queryKey: feedKeys.all });
    },
  });
}
