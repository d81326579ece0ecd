// API hooks of the administration screens for communities and of the community post form (SPEC section 7:
// Communities and Community posts). Keys start with 'communities' / 'community-posts' so that a save here
// also refreshes what the staff screens have cached.
import type {
  Community,
  CommunityBody,
  CommunityDetail,
  CommunityOption,
  CommunityPost,
  CommunityPostBody,
} from '@hearth/contract';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../lib/api';

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

const validId = (id: number | undefined): id is number => id !== undefined && Number.isInteger(id) && id > 0;

// ---- communities ----------------------------------------------------------------------------------

/** Every community (administrators), for /admin-communities-list. */
export function useAdminCommunities() {
  return useQuery({
    queryKey: adminCommunityKeys.adminList(),
    queryFn: ({ signal }) => api.get<Community[]>('/v1/api/communities', { limit: -1 }, { signal }),
  });
}

/** The community select of the admin community post form. */
export function useCommunityOptions(enabled = true) {
  return useQuery({
    queryKey: adminCommunityKeys.options(),
    queryFn: ({ signal }) =>
      api.get<CommunityOption[]>('/v1/api/communities', { fields: 'id,title', limit: -1 }, { signal }),
    enabled,
    staleTime: 60_000,
  });
}

/** One community with its managers and members, for the edit form. */
export function useAdminCommunity(id: number | undefined) {
  return useQuery({
    queryKey: adminCommunityKeys.detail(id ?? 0),
    queryFn: ({ signal }) => api.get<CommunityDetail>(`/v1/api/communities/${id}`, undefined, { signal }),
    enabled: validId(id),
    // The form must start from what is stored now.
    staleTime: 0,
    retry: false,
  });
}

export function useSaveCommunity(id: number | undefined) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: CommunityBody) =>
      id
        ? api.put<CommunityDetail>(`/v1/api/communities/${id}`, body)
        : api.post<CommunityDetail>('/v1/api/communities', body),
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: adminCommunityKeys.communities });
    },
  });
}

/** The communities `userId` manages (SPEC section 6: managers create and edit their community's posts). */
export function useManagedCommunities(userId: number | undefined) {
  return useQuery({
    queryKey: adminCommunityKeys.managed(userId ?? 0),
    queryFn: ({ signal }) =>
      api.get<Array<Pick<Community, 'id'> & Partial<Community>>>(
        `/v1/api/communities/managed/${userId}`,
        undefined,
        { signal },
      ),
    enabled: validId(userId),
    staleTime: 0,
    retry: false,
  });
}

// ---- community posts ------------------------------------------------------------------------------

/** Every community post (administrators), for /admin-community-post-list. */
export function useAllCommunityPosts() {
  return useQuery({
    queryKey: adminCommunityKeys.allPosts(),
    queryFn: ({ signal }) => api.get<CommunityPost[]>('/v1/api/community-posts/all', undefined, { signal }),
  });
}

/** Whether the caller may edit post `id` (SPEC section 2: the edit form asks first). */
export function useVerifyCommunityPost(id: number | undefined, userId: number | undefined) {
  return useQuery({
    queryKey: adminCommunityKeys.verify(id ?? 0),
    queryFn: ({ signal }) =>
      api.get<{ verified: boolean }>(`/v1/api/community-posts/${id}/verify`, { userId }, { signal }),
    enabled: validId(id),
    staleTime: 0,
    gcTime: 0,
    retry: false,
  });
}

export function useCommunityPostForEdit(id: number | undefined, enabled: boolean) {
  return useQuery({
    queryKey: adminCommunityKeys.post(id ?? 0),
    queryFn: ({ signal }) => api.get<CommunityPost>(`/v1/api/community-posts/${id}`, undefined, { signal }),
    enabled: enabled && validId(id),
    staleTime: 0,
    retry: false,
  });
}

export function useSaveCommunityPost(id: number | undefined) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: CommunityPostBody) =>
      id
        ? api.put<CommunityPost>(`/v1/api/community-posts/${id}`, body)
        : api.post<CommunityPost>('/v1/api/community-posts', body),
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: adminCommunityKeys.posts });
      // Post counts on community cards and the News Communities tab change too.
      void queryClient.invalidateQueries({ queryKey: adminCommunityKeys.communities });
      void queryClient.invalidateQueries({ queryKey: ['newsfeed'] });
    },
  });
}
