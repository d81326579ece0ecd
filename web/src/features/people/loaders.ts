// The people pages' route loaders (ADR 046): each starts the requests its page asks for on its first
// render, with the arguments the page reads from the same address.

import { prefetch, prefetchInfinite } from '../../lib/query-helpers';
import type { RouteLoaders } from '../../lib/route-loader';
import { peopleFilterValues } from '../../shared/people/filter-values';
import { groupsQuery } from '../../shared/people/groups';
import { personQuery } from '../../shared/people/person-query';
import { anonymousSurveysSettingQuery, directoryQuery, profileFieldsSettingQuery } from './queries';

/** /people/:personId's id, or 0 (nothing asked, "not in the directory") when it is not a whole number. */
export function personIdParam(value: string | undefined): number {
  const id = Number(value);
  return Number.isInteger(id) ? id : 0;
}

export const peopleLoaders: RouteLoaders = {
  people: ({ search, queryClient }) => {
    prefetchInfinite(queryClient, directoryQuery(peopleFilterValues(search)));
    // The location and department filters' options.
    prefetch(queryClient, groupsQuery());
  },
  person: ({ params, queryClient }) => prefetch(queryClient, personQuery(personIdParam(params.personId))),
  profileFields: ({ queryClient }) => {
    prefetch(queryClient, profileFieldsSettingQuery());
    prefetch(queryClient, anonymousSurveysSettingQuery());
  },
};
