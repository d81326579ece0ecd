// The people screens' query options (ADR 046), one factory per query: the hooks (api.ts, the anonymous
// surveys' setting card) and the route loaders (loaders.ts) use the same key and options. A colleague's
// profile is shared/people/person-query.ts (shared with the mention card).
import { type PeopleQuery, peopleEndpoints, surveysEndpoints } from '@hearth/contract';
import { infiniteQueryOptions, keepPreviousData, queryOptions } from '@tanstack/react-query';
import { call } from '../../lib/endpoint-client';
import { JUST_ASKED_MS } from '../../lib/query-helpers';
import type { PeopleFilterValues } from '../../shared/people/filter-values';
import { personKeys } from '../../shared/people/person-query';

/** The directory, a page at a time ("Load more"); a new search or filter starts from the first page while
 * the list before it stays on screen. */
export const directoryQuery = (filters: PeopleFilterValues) =>
  infiniteQueryOptions({
    queryKey: [...personKeys.all, 'directory', filters] as const,
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

export const profileFieldsSettingQuery = () =>
  queryOptions({
    queryKey: ['settings', 'profile-fields'] as const,
    queryFn: () => call(peopleEndpoints.getProfileFields),
    staleTime: JUST_ASKED_MS,
  });

/** The smallest group an anonymous survey's report shows (ADR 035), on the same settings page. */
export const anonymousSurveysSettingQuery = () =>
  queryOptions({
    queryKey: ['settings', 'anonymous-surveys'] as const,
    queryFn: () => call(surveysEndpoints.getAnonymousSurveysSetting),
    staleTime: JUST_ASKED_MS,
  });
