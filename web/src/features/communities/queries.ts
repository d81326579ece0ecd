// The community screens' query options (ADR 046), one factory per query: the hooks of api.ts (staff) and
// admin-api.ts (administration and the community post form) and the route loaders (loaders.ts) use the same
// key and options. Admin keys start with 'communities' / 'community-posts' so that a save there also
// refreshes what the staff screens have cached.
import { type Community, communitiesEndpoints, LIMITS } from '@hearth/contract';
import { infiniteQueryOptions, queryOptions } from '@tanstack/react-query';
import { call } from '../../lib/endpoint-client';
import { byId, FRESH, idQuery, validId } from '../../lib/query-helpers';
import { communityKeys } from '../../shared/posts/post-keys';

export const adminCommunityKeys = {
  communities: ['communities'] as const,
  adminList: () => ['communities', 'admin-list'] as const,
  options: () => ['communities', 'options'] as const,
  detail: (id: number) => ['communities', 'admin-detail', id] as const,
  managed: (userId: number) => ['communities', 'managed', userId] as const,
  posts: ['community-posts'] as const,
  allPosts: () => ['community-posts', 'all'] as const,
  post: (id: number) => ['community-posts', 'form', id] as const,
};

// ---- staff screens ----------------------------------------------------------------------------------

/** My Communities (viewState 1) or Public Communities (2). */
export const communityListQuery = (viewState: number) =>
  queryOptions({
    queryKey: communityKeys.stats(viewState),
    queryFn: ({ signal }) =>
      call(communitiesEndpoints.listCommunityCards, { query: { viewState } }, { signal }),
  });

export const communityQuery = (id: number) =>
  idQuery(id, communityKeys.detail, byId(communitiesEndpoints.getCommunity), { retry: false });

export const discussionQuery = (communityId: number, enabled = true) =>
  idQuery(communityId, communityKeys.discussion, byId(communitiesEndpoints.listDiscussion), { enabled });

export const communityPostsQuery = (communityId: number, enabled = true) =>
  infiniteQueryOptions({
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

export const communityPostQuery = (id: number) =>
  idQuery(id, communityKeys.post, byId(communitiesEndpoints.getCommunityPostWithUser), { retry: false });

/**
 * Whether the caller may edit post `id` (its community's managers and administrators), as the server
 * answers it. One query for the post page's Edit link and the edit form: they share its key, so they
 * share its answer too (the link reads `verified` with a select).
 */
export const verifyCommunityPostQuery = (id: number | undefined, userId: number | undefined) =>
  idQuery(
    id,
    communityKeys.verify,
    (id, signal) =>
      call(
        communitiesEndpoints.verifyCommunityPost,
        // As text: the client takes a number for a text id only when the id is required.
        { params: { id }, query: { userId: userId?.toString() } },
        { signal },
      ),
    { retry: false },
  );

export const communityPostCommentsQuery = (postId: number, enabled = true) =>
  idQuery(postId, communityKeys.comments, byId(communitiesEndpoints.listCommunityPostComments), {
    enabled,
  });

// ---- administration and the community post form ------------------------------------------------------

/** Every community (administrators), for /admin-communities-list. */
export const adminCommunitiesQuery = () =>
  queryOptions({
    queryKey: adminCommunityKeys.adminList(),
    // Without `fields` the answer is whole communities, not the select's options.
    queryFn: async ({ signal }) =>
      (await call(communitiesEndpoints.listCommunities, { query: { limit: -1 } }, { signal })) as Community[],
  });

/** The community select of the admin community post form. */
export const communityOptionsQuery = (enabled = true) =>
  queryOptions({
    queryKey: adminCommunityKeys.options(),
    queryFn: ({ signal }) =>
      call(communitiesEndpoints.listCommunities, { query: { fields: 'id,title', limit: -1 } }, { signal }),
    enabled,
    staleTime: 60_000,
  });

/** One community with its managers and members, for the edit form. */
export const adminCommunityQuery = (id: number | undefined) =>
  idQuery(id, adminCommunityKeys.detail, byId(communitiesEndpoints.getCommunity), FRESH);

/** The communities `userId` manages (product.md section 6: managers create and edit their community's posts). */
export const managedCommunitiesQuery = (userId: number | undefined) =>
  idQuery(
    userId,
    adminCommunityKeys.managed,
    byId(communitiesEndpoints.listManagedCommunities, 'userId'),
    FRESH,
  );

/** Every community post (administrators), for /admin-community-post-list. */
export const allCommunityPostsQuery = () =>
  queryOptions({
    queryKey: adminCommunityKeys.allPosts(),
    queryFn: ({ signal }) => call(communitiesEndpoints.listAllCommunityPosts, undefined, { signal }),
  });

/** The edit form asks verifyCommunityPostQuery afresh every time, and keeps no answer once it is left. */
export const verifyForEditQuery = (id: number | undefined, userId: number | undefined) =>
  queryOptions({ ...verifyCommunityPostQuery(id, userId), ...FRESH, gcTime: 0 });

export const communityPostForEditQuery = (id: number | undefined, enabled: boolean) =>
  idQuery(id, adminCommunityKeys.post, byId(communitiesEndpoints.getCommunityPost), { ...FRESH, enabled });
