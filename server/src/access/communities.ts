// Who sees a community, as SQL (product.md section 4: community visibility; ADR 010): administrators every
// community, draft or published; anyone else a published one that is public, or private with them as a
// member. The pure form of the same rule is the policy's `community.see` (contract/src/policy.ts), which
// the single-community calls ask once they have read the membership (features/communities/access.ts).
import { type Actor, can, STATE, VISIBILITY } from '@hearth/contract';
import { type SQL, sql } from 'drizzle-orm';
import { communities } from '../db/schema';

/** The caller as the rules need them. */
export type Viewer = Actor;

/** SQL: the communities `viewer` sees (for lists); undefined: every one. Bound to the `communities` table. */
export function communityVisibleTo(viewer: Viewer): SQL | undefined {
  if (can(viewer, 'community.seeAll')) return undefined;
  return sql`(${communities.stateId} = ${STATE.PUBLISHED} and (${communities.visibilityId} = ${VISIBILITY.PUBLIC}
    or exists (select 1 from community_members m where m.community_id = ${communities.id} and m.user_id = ${viewer.id})))`;
}
