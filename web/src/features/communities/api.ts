// The staff community screens' API hooks (SPEC section 7: Communities, Community posts). Join/Leave and
// likes/favourites are optimistic: the cached copies change at once and change back when the call fails
// (a like or favourite also when the answer says it was not successful, SPEC section 4).
import {
  type Community,
  type CommunityPost,
  type CommunityPostPage,
  communitiesEndpoints,
  LIMITS,
} from '@hearth/contract';
import {
  type InfiniteData,
  type QueryClient,
  useInfiniteQuery,
  useIsMutating,
  useMutation,
  useQuery,
  useQueryClient,
} from '@tanstack/react-query';
import { isSessionExpired } from '../../lib/api';
import { call } from '../../lib/endpoint-client';
import { toastError } from '../../lib/notify';
import { type ActionType, feedKeys, patchCachedPost, toggled } from '../feed/api';
import { actionErrorText, actionFailed, withMembership } from './community-logic';

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

const validId = (id: number) => Number.isInteger(id) && id > 0;

// ---- communities ------------------------------------------------------------------------------------

/** My Communities (viewState 1) or Public Communities (2). */
export function useCommunityList(viewState: number) {
  return useQuery({
    queryKey: communityKeys.stats(viewState),
    queryFn: ({ signal }) =>
      call(communitiesEndpoints.listCommunityCards, { query: { viewState } }, { signal }),
  });
}

export function useCommunity(id: number) {
  return useQuery({
    queryKey: communityKeys.detail(id),
    queryFn: ({ signal }) => call(communitiesEndpoints.getCommunity, { params: { id } }, { signal }),
    enabled: validId(id),
    retry: false,
  });
}

function patchCommunity(queryClient: QueryClient, id: number, patch: (c: Community) => Community) {
  queryClient.setQueryData<Community>(communityKeys.detail(id), (c) => (c ? patch(c) : c));
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
      await queryClient.cancelQueries({ queryKey: communityKeys.detail(communityId) });
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
  return useQuery({
    queryKey: communityKeys.discussion(communityId),
    queryFn: ({ signal }) =>
      call(communitiesEndpoints.listDiscussion, { params: { id: communityId } }, { signal }),
    enabled: enabled && validId(communityId),
  });
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
  return useInfiniteQuery({
    queryKey: communityKeys.posts(communityId),
    queryFn: ({ pageParam, signal }) =>
      call(
        communitiesEndpoints.listCommunityPosts,
        { query: { communityId, limit: LIMITS.newsPageSize, next: pageParam || undefined } },
        { signal },
      ),
    initialPageParam: '',
    getNextPageParam: (last) => last.next ?? undefined,
    enabled: enabled && validId(communityId),
  });
}

export function useCommunityPost(id: number) {
  return useQuery({
    queryKey: communityKeys.post(id),
    queryFn: ({ signal }) =>
      call(communitiesEndpoints.getCommunityPostWithUser, { params: { id } }, { signal }),
    enabled: validId(id),
    retry: false,
  });
}

/** Whether the caller may edit the post (its community's managers and admins). A failure means no. */
export function useVerifyCommunityPost(id: number, userId: number | undefined) {
  return useQuery({
    queryKey: communityKeys.verify(id),
    queryFn: async ({ signal }) =>
      (
        await call(
          communitiesEndpoints.verifyCommunityPost,
          // As text: the client takes a number for a text id only when the id is required.
          { params: { id }, query: { userId: userId?.toString() } },
          { signal },
        )
      ).verified === true,
    enabled: validId(id),
    retry: false,
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

type ToggleVars = { postId: number; type: ActionType; active: boolean };

/** Sets or clears both the community caches and the News copy of the post. */
function setAction(queryClient: QueryClient, { postId, type, active }: ToggleVars) {
  patchCommunityPost(queryClient, postId, (p) => toggled(p, type, active));
  patchCachedPost(queryClient, postId, (p) => toggled(p, type, active));
}

export function useToggleCommunityAction() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({ postId, type, active }: ToggleVars) => {
      const result = await call(communitiesEndpoints.setCommunityPostAction, {
        body: { active: active ? 1 : 0, communityPostId: postId, communityPostActionTypeId: type },
      });
      if (actionFailed(result)) throw new Error('not successful');
      return result;
    },
    onMutate: (vars) => setAction(queryClient, vars),
    onError: (err, vars) => {
      setAction(queryClient, { ...vars, active: !vars.active });
      if (!isSessionExpired(err)) toastError(undefined, actionErrorText(vars.type));
    },
    onSuccess: (result, { postId }) => {
      if (typeof result.likes !== 'number' || typeof result.favourites !== 'number') return;
      const counts = {
        likes: result.likes,
        favourites: result.favourites,
        isLiked: Boolean(result.isLiked),
        isFavourited: Boolean(result.isFavourited),
      };
      patchCommunityPost(queryClient, postId, (p) => ({ ...p, ...counts }));
      patchCachedPost(queryClient, postId, (p) => ({
        ...p,
        ...counts,
        actions: { isLiked: counts.isLiked, isFavourited: counts.isFavourited },
      }));
      void queryClient.invalidateQueries({ queryKey: feedKeys.list('1'), refetchType: 'none' });
      void queryClient.invalidateQueries({ queryKey: feedKeys.list('2'), refetchType: 'none' });
    },
  });
}

export function useCommunityPostComments(postId: number, enabled = true) {
  return useQuery({
    queryKey: communityKeys.comments(postId),
    queryFn: ({ signal }) =>
      call(communitiesEndpoints.listCommunityPostComments, { params: { id: postId } }, { signal }),
    enabled: enabled && validId(postId),
  });
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
