// The staff community screens' API hooks (product.md section 7: Communities, Community posts). Join/Leave and
// likes/favourites are optimistic: the cached copies change at once and change back when the call fails
// (a like or favourite also when the answer says it was not successful, product.md section 4).
import { type Community, communitiesEndpoints } from '@hearth/contract';
import {
  type QueryClient,
  useInfiniteQuery,
  useIsMutating,
  useMutation,
  useQuery,
  useQueryClient,
} from '@tanstack/react-query';
import { call } from '../../lib/endpoint-client';
import { toastError } from '../../lib/notify';
import { patchCachedPost, patchCommunityPost } from '../../shared/posts/post-cache';
import { communityKeys, feedKeys } from '../../shared/posts/post-keys';
import { withMembership } from './community-logic';
import {
  communityListQuery,
  communityPostCommentsQuery,
  communityPostQuery,
  communityPostsQuery,
  communityQuery,
  discussionQuery,
  verifyCommunityPostQuery,
} from './queries';

// ---- communities ------------------------------------------------------------------------------------

/** My Communities (viewState 1) or Public Communities (2). */
export function useCommunityList(viewState: number) {
  return useQuery(communityListQuery(viewState));
}

export function useCommunity(id: number) {
  return useQuery(communityQuery(id));
}

function patchCommunity(queryClient: QueryClient, id: number, patch: (c: Community) => Community) {
  queryClient.setQueryData<Community>(communityQuery(id).queryKey, (c) => (c ? patch(c) : c));
  queryClient.setQueriesData<Community[]>({ queryKey: communityKeys.statsAll }, (list) =>
    Array.isArray(list) ? list.map((c) => (c.id === id ? patch(c) : c)) : list,
  );
}

/** Whether a join or leave of the community is on its way (its content waits for the answer). */
export function useSubscribing(communityId: number): boolean {
  return useIsMutating({ mutationKey: communityKeys.subscribe(communityId) }) > 0;
}

export function useSubscribe(communityId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: communityKeys.subscribe(communityId),
    mutationFn: (join: boolean) =>
      call(communitiesEndpoints.subscribeCommunity, { body: { communityId, join: join ? 1 : 0 } }),
    onMutate: async (join) => {
      await queryClient.cancelQueries({ queryKey: communityQuery(communityId).queryKey });
      patchCommunity(queryClient, communityId, (c) => withMembership(c, join));
    },
    onError: (err, join) => {
      patchCommunity(queryClient, communityId, (c) => withMembership(c, !join));
      toastError(err);
    },
    onSuccess: (result, join) => {
      patchCommunity(queryClient, communityId, (c) => ({
        ...c,
        joined: typeof result?.joined === 'boolean' ? result.joined : join,
        numUsers: typeof result?.numUsers === 'number' ? result.numUsers : c.numUsers,
      }));
      // Both lists change (a joined community moves into My Communities), and so does News > Communities.
      void queryClient.invalidateQueries({ queryKey: communityKeys.statsAll });
      void queryClient.invalidateQueries({ queryKey: feedKeys.list('communities') });
      if (!join) {
        queryClient.removeQueries({ queryKey: communityKeys.posts(communityId) });
        queryClient.removeQueries({ queryKey: communityKeys.discussion(communityId) });
      }
    },
  });
}

// ---- discussion board -------------------------------------------------------------------------------

export function useDiscussion(communityId: number, enabled = true) {
  return useQuery(discussionQuery(communityId, enabled));
}

export function usePostDiscussion(communityId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: { content: string; userIds: number[] }) =>
      call(communitiesEndpoints.addDiscussionMessage, { body: { ...body, communityId } }),
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: communityKeys.discussion(communityId) });
      patchCommunity(queryClient, communityId, (c) => ({ ...c, numComments: c.numComments + 1 }));
    },
  });
}

// ---- community posts --------------------------------------------------------------------------------

export function useCommunityPosts(communityId: number, enabled = true) {
  return useInfiniteQuery(communityPostsQuery(communityId, enabled));
}

export function useCommunityPost(id: number) {
  return useQuery(communityPostQuery(id));
}

/** Whether the caller may edit the post (its community's managers and admins). A failure means no. */
export function useVerifyCommunityPost(id: number, userId: number | undefined) {
  return useQuery({ ...verifyCommunityPostQuery(id, userId), select: (answer) => answer.verified === true });
}

export function useCommunityPostComments(postId: number, enabled = true) {
  return useQuery(communityPostCommentsQuery(postId, enabled));
}

export function useCreateCommunityPostComment(postId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: { content: string; userIds: number[] }) =>
      call(communitiesEndpoints.addCommunityPostComment, { body: { ...body, communityPostId: postId } }),
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: communityKeys.comments(postId) });
      patchCommunityPost(queryClient, postId, (p) => ({ ...p, comments: p.comments + 1 }));
      patchCachedPost(queryClient, postId, (p) => ({ ...p, comments: p.comments + 1 }));
    },
  });
}
