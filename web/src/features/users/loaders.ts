// User administration's route loaders (ADR 046): each starts the requests its page asks for on its first
// render, with the filters the page reads from the same address.

import { parseRouteId, prefetch } from '../../lib/query-helpers';
import type { RouteLoaders } from '../../lib/route-loader';
import { peopleFilterValues } from '../../shared/people/filter-values';
import { groupsQuery } from '../../shared/people/groups';
import { userQuery } from '../../shared/people/user-query';
import { allUsersQuery, rolesQuery, type UserListFilters } from './queries';

/** /users' search and filters (?q=&location=&department=&role=). */
export function userListFilters(search: URLSearchParams): UserListFilters {
  return { ...peopleFilterValues(search), roleId: Number(search.get('role')) || undefined };
}

export const usersLoaders: RouteLoaders = {
  users: ({ search, queryClient }) => {
    prefetch(queryClient, rolesQuery());
    prefetch(queryClient, allUsersQuery(userListFilters(search)));
    // The location and department filters' options.
    prefetch(queryClient, groupsQuery());
  },
  userForm: ({ params, queryClient }) => {
    // Add shows the empty form at once (its role and group selects); edit loads the user first.
    if (params.userId !== undefined) {
      prefetch(queryClient, userQuery(parseRouteId(params.userId)));
      return;
    }
    prefetch(queryClient, rolesQuery());
    prefetch(queryClient, groupsQuery());
  },
};
