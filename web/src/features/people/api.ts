// The people directory, a colleague's profile (shared/people/person-query.ts, shared with the mention card) and the
// administrators' profile-fields setting.
import { type PeopleQuery, type ProfileFieldsSetting, peopleEndpoints } from '@hearth/contract';
import {
  keepPreviousData,
  useInfiniteQuery,
  useMutation,
  useQuery,
  useQueryClient,
} from '@tanstack/react-query';
import { call } from '../../lib/endpoint-client';
import type { PeopleFilterValues } from '../../shared/people/people-filters';
import { personKeys } from '../../shared/people/person-query';

const directoryKey = (f: PeopleFilterValues) => [...personKeys.all, 'directory', f] as const;
const settingKey = ['settings', 'profile-fields'] as const;

/** The directory, a page at a time ("Load more"); a new search or filter starts from the first page while
 * the list before it stays on screen. */
export function useDirectory(filters: PeopleFilterValues) {
  return useInfiniteQuery({
    queryKey: directoryKey(filters),
    queryFn: ({ pageParam, signal }) => {
      const query: PeopleQuery = {
        ...(filters.q ? { q: filters.q } : {}),
        ...(filters.locationId ? { locationId: String(filters.locationId) } : {}),
        ...(filters.departmentId ? { departmentId: String(filters.departmentId) } : {}),
        ...(pageParam ? { next: pageParam } : {}),
      };
      return call(peopleEndpoints.listPeople, { query }, { signal });
    },
    initialPageParam: '',
    getNextPageParam: (last) => last.next ?? undefined,
    placeholderData: keepPreviousData,
  });
}

export function useProfileFieldsSetting() {
  return useQuery({
    queryKey: settingKey,
    queryFn: () => call(peopleEndpoints.getProfileFields),
    staleTime: 0,
  });
}

export function useSaveProfileFields() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: ProfileFieldsSetting) => call(peopleEndpoints.updateProfileFields, { body }),
    onSuccess: (saved) => {
      queryClient.setQueryData(settingKey, saved);
      // What colleagues see changed: every cached profile and directory page is out of date.
      return queryClient.invalidateQueries({ queryKey: personKeys.all });
    },
  });
}
