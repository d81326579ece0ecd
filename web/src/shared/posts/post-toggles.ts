// Like and favourite toggles, optimistic: every cached copy of the post flips at once and flips back when
// the call fails (product.md section 8). A feed post fails silently; a community post says so, also when the
// answer is `successful: false` (product.md section 4).
import { ACTION_TYPE, communitiesEndpoints, feedEndpoints, MSG } from '@hearth/contract';
import { type QueryClient, useMutation, useQueryClient } from '@tanstack/react-query';
import { isSessionExpired } from '../../lib/api';
import { call } from '../../lib/endpoint-client';
import { toastError } from '../../lib/notify';
import { type ActionType, patchCachedPost, patchCommunityPost, toggled } from './post-cache';
import { feedKeys } from './post-keys';

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
      // product.md section 8: a failed like or favourite is reverted without a message.
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

/** A community-post action answered with `successful: false` failed although the call succeeded. */
export function actionFailed(result: unknown): boolean {
  return Boolean(
    result && typeof result === 'object' && (result as { successful?: unknown }).successful === false,
  );
}

export function actionErrorText(type: number): string {
  return type === ACTION_TYPE.LIKE ? MSG.unableToLikeCommunityPost : MSG.unableToFavouriteCommunityPost;
}

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
