// API hooks of the administration screens for communities and of the community post form
// (product.md section 7: Communities and Community posts); their keys and options are in queries.ts.
import { type CommunityBody, type CommunityPostBody, communitiesEndpoints } from '@hearth/contract';
import { useQuery } from '@tanstack/react-query';
import { call } from '../../lib/endpoint-client';
import { useInvalidatingMutation } from '../../lib/query-helpers';
import {
  adminCommunitiesQuery,
  adminCommunityKeys,
  adminCommunityQuery,
  allCommunityPostsQuery,
  communityOptionsQuery,
  communityPostForEditQuery,
  managedCommunitiesQuery,
  verifyForEditQuery,
} from './queries';

// ---- communities ----------------------------------------------------------------------------------

/** Every community (administrators), for /admin-communities-list. */
export function useAdminCommunities() {
  return useQuery(adminCommunitiesQuery());
}

/** The community select of the admin community post form. */
export function useCommunityOptions(enabled = true) {
  return useQuery(communityOptionsQuery(enabled));
}

/** One community with its managers and members, for the edit form. */
export function useAdminCommunity(id: number | undefined) {
  return useQuery(adminCommunityQuery(id));
}

export function useSaveCommunity(id: number | undefined) {
  return useInvalidatingMutation(
    (body: CommunityBody) =>
      id
        ? call(communitiesEndpoints.updateCommunity, { params: { id }, body })
        : call(communitiesEndpoints.createCommunity, { body }),
    [adminCommunityKeys.communities],
  );
}

/**
 * The communities `userId` manages (product.md section 6: managers create and edit their community's posts).
 */
export function useManagedCommunities(userId: number | undefined) {
  return useQuery(managedCommunitiesQuery(userId));
}

// ---- community posts ------------------------------------------------------------------------------

/** Every community post (administrators), for /admin-community-post-list. */
export function useAllCommunityPosts() {
  return useQuery(allCommunityPostsQuery());
}

/** Whether the caller may edit post `id` (product.md section 2: the edit form asks first). */
export function useVerifyCommunityPost(id: number | undefined, userId: number | undefined) {
  return useQuery(verifyForEditQuery(id, userId));
}

export function useCommunityPostForEdit(id: number | undefined, enabled: boolean) {
  return useQuery(communityPostForEditQuery(id, enabled));
}

export function useSaveCommunityPost(id: number | undefined) {
  return useInvalidatingMutation(
    (body: CommunityPostBody) =>
      id
        ? call(communitiesEndpoints.updateCommunityPost, { params: { id }, body })
        : call(communitiesEndpoints.createCommunityPost, { body }),
    // Post counts on community cards and the News Communities tab change too.
    [adminCommunityKeys.posts, adminCommunityKeys.communities, ['newsfeed']],
  );
}
