// The own profile's query options (ADR 046): the hooks (api.ts) and the route loaders (loaders.ts) use the
// same key and options. The user record itself is shared/people/user-query.ts.
import { profileEndpoints } from '@hearth/contract';
import { queryOptions, skipToken } from '@tanstack/react-query';
import { call } from '../../lib/endpoint-client';

/** The staff member's like and favourite counts (the profile's tabs). */
export const userActionsQuery = (enabled = true) =>
  queryOptions({
    queryKey: ['users', 'actions'] as const,
    queryFn: () => call(profileEndpoints.getUserActions),
    enabled,
  });

/**
 * When the user may next change their own location or department (ADR 037), as the last save answered it:
 * only ever set from a save's answer (nothing reads it from the server by itself).
 */
export const groupsChangeableFromQuery = (userId: number) =>
  queryOptions<string | null>({
    queryKey: ['profile', 'groups-changeable-from', userId],
    queryFn: skipToken,
  });
