// Shapes community rows for the API (contract `community`): counts, the caller's membership and the image.
import { type Community, POST_KIND, STATE } from '@hearth/contract';
import { and, count, eq, gt, inArray, isNull, lte, or } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { communityMembers, feedPosts, files } from '../../db/schema';
import { fileSourceUrl } from '../files/presenter';
import type { CommunityRow, Viewer } from './access';

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

/** Communities as lists and cards show them, in the order given. */
export async function presentCommunities(
  db: Db,
  viewer: Viewer,
  rows: readonly CommunityRow[],
): Promise<Community[]> {
  if (rows.length === 0) return [];
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
  const membership = new Map(mine.map((m) => [m.communityId, m.isManager]));
  const keys = new Map(images.map((f) => [f.id, f.storageKey]));
  return rows.map((r) => {
    const key = r.imageFileId === null ? undefined : keys.get(r.imageFileId);
    const sourceUrl = key ? fileSourceUrl(key) : null;
    return {
      id: r.id,
      title: r.title,
      description: r.description,
      visibilityId: r.visibilityId,
      stateId: r.stateId,
      image: sourceUrl && r.imageFileId !== null ? { id: r.imageFileId, sourceUrl } : null,
      imageUrl: sourceUrl,
      numUsers: r.numUsers,
      numPosts: posts.get(r.id) ?? 0,
      numComments: r.numComments,
      joined: membership.has(r.id),
      isManager: membership.get(r.id) === true,
      createdAt: r.createdAt.toISOString(),
    };
  });
}

export async function presentCommunity(db: Db, viewer: Viewer, row: CommunityRow): Promise<Community> {
  const [presented] = await presentCommunities(db, viewer, [row]);
  if (!presented) throw new Error('community not presented');
  return presented;
}
