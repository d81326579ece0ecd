// Who sees and who writes in a community (product.md section 4: community visibility; ADR 010). One place for
// the rules, so the community, post, comment, discussion and action calls cannot disagree:
// - administrators see and manage every community, draft or published;
// - anyone else sees a published community that is public, or private with them as a member;
// - members write (comments, likes, discussion); managers and administrators create and edit its posts;
// - a community post is read by whoever sees its community when it is published and inside its window;
//   drafts and posts outside their window only by administrators, post managers and its managers.
import { STATE, VISIBILITY } from '@hearth/contract';
import { and, eq, type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { communities, communityMembers } from '../../db/schema';
import type { CurrentUser } from '../../platform/auth/guards';
import { notFound } from '../../platform/errors';
import { authorize, can } from '../../platform/policy';

export type Viewer = Pick<CurrentUser, 'id' | 'roleId'>;
export type CommunityRow = typeof communities.$inferSelect;
export type CommunityAccess = { community: CommunityRow; isMember: boolean; isManager: boolean };

/** The community with the viewer's membership, or undefined when the viewer may not see it (404). */
export async function communityAccess(
  db: Db,
  viewer: Viewer,
  communityId: number,
): Promise<CommunityAccess | undefined> {
  const [row] = await db
    .select({
      community: communities,
      member: communityMembers.userId,
      isManager: communityMembers.isManager,
    })
    .from(communities)
    .leftJoin(
      communityMembers,
      and(eq(communityMembers.communityId, communities.id), eq(communityMembers.userId, viewer.id)),
    )
    .where(eq(communities.id, communityId));
  if (!row) return undefined;
  const access = {
    community: row.community,
    isMember: row.member !== null,
    isManager: row.isManager === true,
  };
  return seesCommunity(viewer, access) ? access : undefined;
}

export function seesCommunity(viewer: Viewer, a: Omit<CommunityAccess, 'isManager'>): boolean {
  return can(viewer, 'community.see', {
    isPublished: a.community.stateId === STATE.PUBLISHED,
    isPublic: a.community.visibilityId === VISIBILITY.PUBLIC,
    isMember: a.isMember,
  });
}

/** A community the viewer sees, or 404. */
export async function requireCommunity(
  db: Db,
  viewer: Viewer,
  communityId: number,
): Promise<CommunityAccess> {
  const access = await communityAccess(db, viewer, communityId);
  if (!access) throw notFound();
  return access;
}

/** Members (and administrators) write in a community the viewer sees; anyone else gets 403. */
export function assertMember(viewer: Viewer, access: CommunityAccess): void {
  authorize(viewer, 'community.write', access);
}

/** Managers of the community and administrators create and edit its posts. */
export const managesCommunity = (viewer: Viewer, access: CommunityAccess) =>
  can(viewer, 'community.editPosts', access);

/**
 * SQL: the communities `viewer` sees (for lists). Bound to the `communities` table of the query.
 */
export function communityVisibleTo(viewer: Viewer): SQL | undefined {
  if (can(viewer, 'community.seeAll')) return undefined;
  return sql`(${communities.stateId} = ${STATE.PUBLISHED} and (${communities.visibilityId} = ${VISIBILITY.PUBLIC}
    or exists (select 1 from community_members m where m.community_id = ${communities.id} and m.user_id = ${viewer.id})))`;
}
