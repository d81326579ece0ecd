// The own profile's route loaders (ADR 046): the signed-in user's record, and on a staff member's profile
// the counts and the first tab's list (Likes, the tab antd opens first).
import { ROLE } from '@hearth/contract';
import { prefetch, prefetchInfinite } from '../../lib/query-helpers';
import type { RouteLoaders } from '../../lib/route-loader';
import { currentProfile } from '../../lib/session';
import { userQuery } from '../../shared/people/user-query';
import { newsFeedQuery } from '../../shared/posts/news-feed';
import { userActionsQuery } from './queries';

/** The staff profile's tabs, the first open: Likes (action 1), then Favourites (action 2). */
export const PROFILE_TABS = [
  { key: 'likes', action: '1' },
  { key: 'favourites', action: '2' },
] as const;

export const profileLoaders: RouteLoaders = {
  profile: ({ roleId, queryClient }) => {
    prefetch(queryClient, userQuery(currentProfile()?.id));
    if (roleId !== ROLE.STAFF) return;
    prefetch(queryClient, userActionsQuery());
    prefetchInfinite(queryClient, newsFeedQuery(PROFILE_TABS[0].action));
  },
  // The basic settings form waits for the record; the password tab is not open.
  editProfile: ({ queryClient }) => prefetch(queryClient, userQuery(currentProfile()?.id)),
};
