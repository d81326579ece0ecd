// Real ids for generated requests: the first rows of the tables that ids in paths, queries and bodies name
// (users, feed and community posts, communities, surveys and their responses, comments, notifications,
// statistics), so that valid calls find records on PGlite and PostgreSQL alike, whatever ids they got.
import { asc, eq } from 'drizzle-orm';
import type { Db } from '../../src/db/client';
import {
  communities,
  feedComments,
  feedPosts,
  files,
  keyStatistics,
  notifications,
  surveyInstances,
  surveys,
  users,
} from '../../src/db/schema';
import type { Pools } from './requests';

export async function realPools(db: Db, selfId: number): Promise<Pools> {
  const first = async (rows: Promise<{ id: number }[]>) => (await rows).map((r) => r.id);
  // Feed posts (kind 1) and community posts (kind 2) share the table.
  const postsOfKind = (kind: number) =>
    first(
      db
        .select({ id: feedPosts.id })
        .from(feedPosts)
        .where(eq(feedPosts.kind, kind))
        .orderBy(asc(feedPosts.id))
        .limit(2),
    );
  const ids = [
    ...(await first(db.select({ id: users.id }).from(users).orderBy(asc(users.id)).limit(2))),
    ...(await postsOfKind(1)),
    ...(await postsOfKind(2)),
    ...(await first(
      db.select({ id: communities.id }).from(communities).orderBy(asc(communities.id)).limit(2),
    )),
    ...(await first(db.select({ id: surveys.id }).from(surveys).orderBy(asc(surveys.id)).limit(2))),
    ...(await first(
      db.select({ id: surveyInstances.id }).from(surveyInstances).orderBy(asc(surveyInstances.id)).limit(1),
    )),
    ...(await first(
      db.select({ id: feedComments.id }).from(feedComments).orderBy(asc(feedComments.id)).limit(1),
    )),
    ...(await first(
      db.select({ id: notifications.id }).from(notifications).orderBy(asc(notifications.id)).limit(1),
    )),
    ...(await first(db.select({ id: keyStatistics.id }).from(keyStatistics).limit(1))),
  ];
  const fileKeys = (await db.select({ key: files.storageKey }).from(files).limit(5)).map((r) => r.key);
  return {
    ids: [...new Set(ids.length ? ids : [1])],
    // The caller's own id most of the time: a `userId` naming someone else is refused with 403.
    userIds: [selfId, selfId, selfId, ...ids.slice(0, 2)],
    fileKeys: fileKeys.length ? fileKeys : ['none'],
  };
}
