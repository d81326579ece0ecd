// API hooks of the administration screens for communities and of the community post form
// (product.md section 7: Communities and Community posts). Keys start with 'communities' / 'community-posts'
// so that a save here also refreshes what the staff screens have cached.
import {
  type Community,
  type CommunityBody,
  type CommunityPostBody,
  communitiesEndpoints,
} from '@hearth/contract';
import { useQuery } from '@tanstack/react-query';
import { call } from '../../lib/endpoint-client';
import { byId, FRESH, useIdQuery, useInvalidatingMutation } from '../../lib/query-helpers';

export const adminCommunityKeys = {
  communities: ['communities'] as const,
  adminList: () => ['communities', 'admin-list'] as const,
  options: () => ['communities', 'options'] as const,
  detail: (id: number) => ['communities', 'admin-detail', id] as const,
  managed: (userId: number) => ['communities', 'managed', userId] as const,
  posts: ['community-posts'] as const,
  allPosts: () => ['community-posts', 'all'] as const,
  post: (id: number) => ['community-posts', 'form', id] as const,
  verify: (id: number) => ['community-posts', 'verify', id] as const,
};

// ---- communities ----------------------------------------------------------------------------------

/** Every community (administrators), for /admin-communities-list. */
export function useAdminCommunities() {
  return useQuery({
    queryKey: adminCommunityKeys.adminList(),
    // Without `fields` the answer is whole communities, not the select's options.
    queryFn: async ({ signal }) =>
      (await call(communitiesEndpoints.listCommunities, { query: { limit: -1 } }, { signal })) as Community[],
  });
}

/** The community select of the admin community post form. */
export function useCommunityOptions(enabled = true) {
  return useQuery({
    queryKey: adminCommunityKeys.options(),
    queryFn: ({ signal }) =>
      call(communitiesEndpoints.listCommunities, { query: { fields: 'id,title', limit: -1 } }, { signal }),
    enabled,
    staleTime: 60_000,
  });
}

/** One community with its managers and members, for the edit form. */
export function useAdminCommunity(id: number | undefined) {
  return useIdQuery(id, adminCommunityKeys.detail, byId(communitiesEndpoints.getCommunity), FRESH);
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
  return useIdQuery(
    userId,
    adminCommunityKeys.managed,
    byId(communitiesEndpoints.listManagedCommunities, 'userId'),
    FRESH,
  );
}

// ---- community posts ------------------------------------------------------------------------------

/** Every community post (administrators), for /admin-community-post-list. */
export function useAllCommunityPosts() {
  return useQuery({
    queryKey: adminCommunityKeys.allPosts(),
    queryFn: ({ signal }) => call(communitiesEndpoints.listAllCommunityPosts, undefined, { signal }),
  });
}

/** Whether the caller may edit post `id` (product.md section 2: the edit form asks first). */
export function useVerifyCommunityPost(id: number | undefined, userId: number | undefined) {
  return useIdQuery(
    id,
    adminCommunityKeys.verify,
    (id, signal) =>
      call(
        communitiesEndpoints.verifyCommunityPost,
        // As text: the client takes a number for a text id only when the id is required.
        { params: { id }, query: { userId: userId?.toString() } },
        { signal },
      ),
    { ...FRESH, gcTime: 0 },
  );
}

export function useCommunityPostForEdit(id: number | undefined, enabled: boolean) {
  return useIdQuery(id, adminCommunityKeys.post, byId(communitiesEndpoints.getCommunityPost), {
    ...FRESH,
    enabled,
  });
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
