// Who sees and who writes in a community (product.md section 4: community visibility; ADR 010): the facts of
// one community read for the caller (their membership), asked of the policy; lists use the same rule as SQL
// (access/communities.ts). So the community, post, comment, discussion and action calls cannot disagree:
// - administrators see and manage every community, draft or published;
// - anyone else sees a published community that is public, or private with them as a member;
// - members write (comments, likes, discussion); managers and administrators create and edit its posts;
// - a community post is read by whoever sees its community when it is published and inside its window;
//   drafts and posts outside their window only by administrators, post managers and its managers.
import { STATE, VISIBILITY } from '@hearth/contract';
import { and, eq } from 'drizzle-orm';
import type { Viewer } from '../../access/communities';
import { authorize, can } from '../../access/policy';
import type { Db } from '../../db/client';
import { communities, communityMembers } from '../../db/schema';
import { notFound } from '../../platform/errors';

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
