// The community pages' route loaders (ADR 046): each starts the requests its page asks for on its first
// render, with the arguments the page reads from the same address (the functions here and in the logic
// modules, which the pages use too).
import { ROLE } from '@hearth/contract';
import { parseRouteId, prefetch } from '../../lib/query-helpers';
import type { RouteLoaders } from '../../lib/route-loader';
import { currentProfile } from '../../lib/session';
import { urlTab } from '../../lib/use-url-tab';
import {
  adminCommunitiesQuery,
  adminCommunityQuery,
  allCommunityPostsQuery,
  communityListQuery,
  communityOptionsQuery,
  communityPostQuery,
  communityQuery,
  managedCommunitiesQuery,
  verifyForEditQuery,
} from './queries';
import { parseId, postFormMode } from './route-params';

/**
 * The tabs of /communities (?tab=): My Communities and Public Communities; only the open one is mounted.
 * Their view states are the contract's VIEW_STATE (MINE 1, PUBLIC 2), written out: VIEW_STATE is declared
 * beside the community schemas, and importing it here would bring them and zod to the loaders' chunk
 * (route-loaders.test.tsx holds the two equal).
 */
export const COMMUNITY_TABS = [
  { key: 'mine', viewState: 1 },
  { key: 'public', viewState: 2 },
] as const;
export const COMMUNITY_DEFAULT_TAB = 'mine';
const TAB_KEYS = COMMUNITY_TABS.map((t) => t.key);

export const communitiesLoaders: RouteLoaders = {
  communities: ({ search, queryClient }) => {
    const key = urlTab(search, TAB_KEYS, COMMUNITY_DEFAULT_TAB);
    const tab = COMMUNITY_TABS.find((t) => t.key === key) ?? COMMUNITY_TABS[0];
    prefetch(queryClient, communityListQuery(tab.viewState));
  },
  // The posts and the board wait for the community (a non-member sees only the prompt to join).
  community: ({ params, queryClient }) => prefetch(queryClient, communityQuery(parseId(params.communityId))),
  // The Edit link and the comments wait for the post.
  communityPost: ({ params, queryClient }) =>
    prefetch(queryClient, communityPostQuery(parseId(params.postId))),
  communityPostForm: ({ params, roleId, queryClient }) => {
    const mode = postFormMode(params);
    const isAdmin = roleId === ROLE.ADMIN;
    const userId = currentProfile()?.id;
    // Editing asks whether the caller may first; the post itself only once the answer says yes.
    if (mode.kind === 'edit') prefetch(queryClient, verifyForEditQuery(mode.postId ?? undefined, userId));
    // A manager's form waits for the communities they manage; an administrator's needs no list.
    else if (mode.kind === 'manager-create') {
      if (!isAdmin) prefetch(queryClient, managedCommunitiesQuery(userId));
    } else if (isAdmin) prefetch(queryClient, communityOptionsQuery());
  },
  adminCommunitiesList: ({ queryClient }) => prefetch(queryClient, adminCommunitiesQuery()),
  // Create is an empty form that asks nothing; edit loads the community (a bad id: "not found").
  communityForm: ({ params, queryClient }) =>
    prefetch(queryClient, adminCommunityQuery(parseRouteId(params.communityId))),
  adminCommunityPostList: ({ queryClient }) => prefetch(queryClient, allCommunityPostsQuery()),
};
