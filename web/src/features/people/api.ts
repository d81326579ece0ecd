// The people directory, a colleague's profile (shared/people/person-query.ts, shared with the mention card) and the
// administrators' profile-fields setting.
import { type ProfileFieldsSetting, peopleEndpoints } from '@hearth/contract';
import { useInfiniteQuery, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { call } from '../../lib/endpoint-client';
import type { PeopleFilterValues } from '../../shared/people/filter-values';
import { personKeys } from '../../shared/people/person-query';
import { directoryQuery, profileFieldsSettingQuery } from './queries';

/** The directory, a page at a time ("Load more"); a new search or filter starts from the first page while
 * the list before it stays on screen. */
export function useDirectory(filters: PeopleFilterValues) {
  return useInfiniteQuery(directoryQuery(filters));
}

export function useProfileFieldsSetting() {
  return useQuery(profileFieldsSettingQuery());
}

export function useSaveProfileFields() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: ProfileFieldsSetting) => call(peopleEndpoints.updateProfileFields, { body }),
    onSuccess: (saved) => {
      queryClient.setQueryData(profileFieldsSettingQuery().queryKey, saved);
      // What colleagues see changed: every cached profile and directory page is out of date.
      return queryClient.invalidateQueries({ queryKey: personKeys.all });
    },
  });
}
