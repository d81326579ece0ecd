// Test builders for communities: rows written directly (no HTTP), counters kept right.
import { STATE, VISIBILITY } from '@hearth/contract';
import type { Db } from '../../db/client';
import { communities, communityMembers } from '../../db/schema';

let seq = 0;

export type CommunityOverrides = {
  createdById: number;
  visibilityId?: number;
  stateId?: number;
  managerIds?: number[];
  memberIds?: number[];
  title?: string;
  description?: string;
};

/** A community with managers (members with is_manager) and members; num_users equals the member rows. */
export async function createCommunity(
  db: Db,
  o: CommunityOverrides,
): Promise<typeof communities.$inferSelect> {
  const managerIds = [...new Set(o.managerIds ?? [])];
  const memberIds = [...new Set(o.memberIds ?? [])].filter((id) => !managerIds.includes(id));
  const [row] = await db
    .insert(communities)
    .values({
      title: o.title ?? `Community ${++seq}`,
      description: o.description ?? 'A test community',
      visibilityId: o.visibilityId ?? VISIBILITY.PUBLIC,
      stateId: o.stateId ?? STATE.PUBLISHED,
      createdById: o.createdById,
      numUsers: managerIds.length + memberIds.length,
    })
    .returning();
  if (!row) throw new Error('community not created');
  const members = [
    ...managerIds.map((userId) => ({ communityId: row.id, userId, isManager: true })),
    ...memberIds.map((userId) => ({ communityId: row.id, userId, isManager: false })),
  ];
  if (members.length) await db.insert(communityMembers).values(members);
  return row;
}
