// What community cards show besides the community's row, read for a whole list at once: the published
// posts in their window, the caller's membership, the image's storage key. presenter.ts shapes them.
import { POST_KIND, STATE } from '@hearth/contract';
import { and, count, eq, gt, inArray, isNull, lte, or } from 'drizzle-orm';
import type { Viewer } from '../../access/communities';
import type { Db } from '../../db/client';
import { communityMembers, feedPosts, files } from '../../db/schema';
import type { CommunityRow } from './access';
import { type CommunityFacts, presentCommunities } from './presenter';

/** Published community posts inside their window, per community. */
export async function countPosts(db: Db, ids: readonly number[]): Promise<Map<number, number>> {
  if (ids.length === 0) return new Map();
  const now = new Date();
  const rows = await db
    .select({ communityId: feedPosts.communityId, n: count() })
    .from(feedPosts)
    .where(
      and(
        eq(feedPosts.kind, POST_KIND.COMMUNITY),
        inArray(feedPosts.communityId, [...ids]),
        eq(feedPosts.stateId, STATE.PUBLISHED),
        lte(feedPosts.startAt, now),
        or(isNull(feedPosts.endAt), gt(feedPosts.endAt, now)),
      ),
    )
    .groupBy(feedPosts.communityId);
  return new Map(rows.map((r) => [r.communityId ?? 0, Number(r.n)]));
}

/** The facts of the given communities' cards, as the viewer sees them. */
async function factsOf(db: Db, viewer: Viewer, rows: readonly CommunityRow[]): Promise<CommunityFacts> {
  const ids = rows.map((r) => r.id);
  const imageIds = rows.map((r) => r.imageFileId).filter((id): id is number => id !== null);
  const [posts, mine, images] = await Promise.all([
    countPosts(db, ids),
    db
      .select({ communityId: communityMembers.communityId, isManager: communityMembers.isManager })
      .from(communityMembers)
      .where(and(eq(communityMembers.userId, viewer.id), inArray(communityMembers.communityId, ids))),
    imageIds.length
      ? db
          .select({ id: files.id, storageKey: files.storageKey })
          .from(files)
          .where(inArray(files.id, imageIds))
      : Promise.resolve([]),
  ]);
  return {
    posts,
    membership: new Map(mine.map((m) => [m.communityId, m.isManager])),
    imageKeys: new Map(images.map((f) => [f.id, f.storageKey])),
  };
}

/** Communities as lists and cards show them, in the order given. */
export async function communitiesOf(db: Db, viewer: Viewer, rows: readonly CommunityRow[]) {
  if (rows.length === 0) return [];
  return presentCommunities(rows, await factsOf(db, viewer, rows));
}

export async function communityOf(db: Db, viewer: Viewer, row: CommunityRow) {
  const [presented] = await communitiesOf(db, viewer, [row]);
  if (!presented) throw new Error('community not presented');
  return presented;
}
