// @engine: SKIP LOCKED batches, a daily job queued once, raw SQL
// Leftover uploads: partial files of cut-off writes swept at start, uploads nothing refers to deleted after
// the grace period with every blob they had (local and S3 storage), the daily run queued once per day however
// many instances start, and the deletion batch by batch from a cursor, continuing after a crash.
import { randomUUID } from 'node:crypto';
import { existsSync, mkdirSync, utimesSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { ROLE } from '@hearth/contract';
import { getTableName, inArray, is, sql } from 'drizzle-orm';
import { getTableConfig, PgTable } from 'drizzle-orm/pg-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { userWithSession } from '../../../test/sessions';
import { fileParts, uploadOk } from '../../../test/uploads';
import { type AppFixture, useTestApp } from '../../../test/use-test-app';
import { type Db, queryRows } from '../../db/client';
import * as schema from '../../db/schema';
import { communities, feedPostFiles, feedPosts, files, users } from '../../db/schema';
import { newStorageKey, type S3Settings, thumbnailKeyOf } from '../../platform/storage';
import {
  deleteUnattachedBatch,
  FILE_REFERENCES,
  partialsSweptAtStart,
  removeUnattachedFiles,
  scheduleCleanup,
} from './cleanup';
import { insertFile, storedKeys } from './service';
import { pngImage, startS3Server } from './test-kit';

type Fixture = Pick<AppFixture<never>, 'app' | 'db'>;

/** A stored image with its thumbnail and two renditions, written `hoursOld` hours ago. */
async function storedFile(t: Fixture, hoursOld: number): Promise<{ id: number; keys: string[] }> {
  const key = newStorageKey('post', 'png');
  const row = await insertFile(t.db, {
    storageKey: key,
    thumbnailKey: thumbnailKeyOf(key),
    width: 1200,
    height: 800,
    variantWidths: [480, 960],
    mimeType: 'image/png',
    resourceType: 'image',
    size: 8,
  });
  const keys = storedKeys(row);
  for (const k of keys) await t.app.storage.putAt(k, Buffer.from(k));
  await makeOld(t.db, row.id, hoursOld);
  return { id: row.id, keys };
}

const makeOld = (db: Db, id: number, hours: number) =>
  db.execute(
    sql`update files set created_at = now() - make_interval(hours => ${hours}::int) where id = ${id}`,
  );

const rowsLeft = async (db: Db, ids: number[]) =>
  (await db.select({ id: files.id }).from(files).where(inArray(files.id, ids)).orderBy(files.id)).map(
    (r) => r.id,
  );

/** Which of `keys` the storage still holds. */
const blobsLeft = async (t: Fixture, keys: string[]) => {
  const left: string[] = [];
  for (const key of keys) if (await t.app.storage.stat(key)) left.push(key);
  return left;
};

/** Waits until no job of the cleanup queue is due (the coming midnight's run is not). */
async function drained(t: Fixture): Promise<void> {
  await expect
    .poll(
      async () => {
        t.app.jobs.wake('cleanup');
        const [row] = await queryRows<{ n: number }>(
          t.db,
          sql`select count(*)::int as n from pgboss.job
              where name = 'cleanup' and state < 'completed' and start_after <= now()`,
        );
        return row?.n;
      },
      { timeout: 10_000, interval: 100 },
    )
    .toBe(0);
}

const dayJobs = (db: Db) =>
  queryRows<{ day: string; state: string; startAfter: string }>(
    db,
    sql`select data->>'day' as day, state::text as state,
          to_char(start_after at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') as "startAfter"
        from pgboss.job where name = 'cleanup' and data ? 'day' order by start_after`,
  );

describe('leftover uploads, local storage', () => {
  const t = useTestApp({ users: { staff: ROLE.STAFF }, second: true });

  it('sweeps partial files untouched for 5 minutes at start, and nothing else', async () => {
    // The sweeps both instances began when they became ready are not awaited by anything; on a busy machine
    // one could still be listing the folders when the files below appear, and take the stale one itself.
    await Promise.all([partialsSweptAtStart(t.app), partialsSweptAtStart(t.second)]);
    const root = join(t.config.dataDir, 'files');
    mkdirSync(join(root, 'post'), { recursive: true });
    const blob = `${randomUUID()}.mp4`;
    const at = (path: string, minutesOld: number) => {
      writeFileSync(path, 'bytes');
      const when = new Date(Date.now() - minutesOld * 60_000);
      utimesSync(path, when, when);
      return path;
    };
    const stale = at(join(root, 'post', `${blob}.${randomUUID()}.part`), 6);
    const live = at(join(root, 'post', `${randomUUID()}.mp4.${randomUUID()}.part`), 4);
    const finished = at(join(root, 'post', blob), 60);
    const notOurs = at(join(root, 'post', 'notes.part'), 60);
    const outside = at(join(t.config.dataDir, `${blob}.${randomUUID()}.part`), 60);

    await t.restart();
    expect(await partialsSweptAtStart(t.app)).toBe(1);
    expect([stale, live, finished, notOurs, outside].map((p) => existsSync(p))).toEqual([
      false,
      true,
      true,
      true,
      true,
    ]);
  });

  it('queues the coming midnight run once, however many instances start', async () => {
    // Both instances started, the first one twice (the restart above), and one more send.
    await scheduleCleanup(t.second);
    const midnight = new Date();
    midnight.setUTCHours(24, 0, 0, 0);
    expect(await dayJobs(t.db)).toEqual([
      { day: midnight.toISOString().slice(0, 10), state: 'created', startAfter: midnight.toISOString() },
    ]);
  });

  it('deletes uploads nothing refers to after 24 hours with every blob, once for the day', async () => {
    const { staff } = t.users;
    const upload = await uploadOk(t.app, staff.headers, fileParts('a.png', await pngImage(1200, 800)));
    await makeOld(t.db, upload.fileId, 25);
    const [row] = await t.db
      .select()
      .from(files)
      .where(inArray(files.id, [upload.fileId]));
    const orphanKeys = storedKeys(row as NonNullable<typeof row>);
    // The upload's own blobs: original, thumbnail and its renditions.
    expect(orphanKeys).toHaveLength(4);

    const postFile = await storedFile(t, 48);
    const [post] = await t.db
      .insert(feedPosts)
      .values({ title: 'T', subtitle: 'S', userId: staff.user.id, startAt: new Date() })
      .returning();
    await t.db.insert(feedPostFiles).values({ postId: post?.id as number, fileId: postFile.id });
    const communityImage = await storedFile(t, 48);
    await t.db.insert(communities).values({
      title: 'C',
      description: 'D',
      imageFileId: communityImage.id,
      createdById: staff.user.id,
    });
    const avatar = await storedFile(t, 48);
    await t.db
      .update(users)
      .set({ profileImageFileId: avatar.id })
      .where(inArray(users.id, [staff.user.id]));
    const young = await storedFile(t, 23);
    const kept = [postFile, communityImage, avatar, young];

    // A day's run sent by both instances: one job, which one of them runs.
    const day = new Date('2020-01-01T00:00:00Z');
    await scheduleCleanup(t.app, day);
    await scheduleCleanup(t.second, day);
    await drained(t);

    expect(await rowsLeft(t.db, [upload.fileId])).toEqual([]);
    expect(await blobsLeft(t, orphanKeys)).toEqual([]);
    expect((await t.get(upload.payload.url)).statusCode).toBe(404);
    const keptIds = kept.map((f) => f.id);
    expect(await rowsLeft(t.db, keptIds)).toEqual(keptIds);
    const keptKeys = kept.flatMap((f) => f.keys);
    expect(await blobsLeft(t, keptKeys)).toEqual(keptKeys);

    // The same day sent again finds its job still in the queue, and runs nothing.
    const late = await storedFile(t, 25);
    await scheduleCleanup(t.app, day);
    await scheduleCleanup(t.second, day);
    await drained(t);
    expect((await dayJobs(t.db)).filter((j) => j.day === '2020-01-01')).toEqual([
      { day: '2020-01-01', state: 'completed', startAfter: day.toISOString() },
    ]);
    expect(await rowsLeft(t.db, [late.id])).toEqual([late.id]);
    // Only because no run took it: the next one does.
    expect(await removeUnattachedFiles(t.app)).toBe(1);
  });

  it('deletes batch by batch from a cursor, and a run after a crash continues where it stopped', async () => {
    const made = [];
    for (let i = 0; i < 5; i++) made.push(await storedFile(t, 30));
    const ids = made.map((f) => f.id);

    expect(await deleteUnattachedBatch(t.app, (ids[0] as number) - 1, 2)).toEqual({
      deleted: 2,
      next: ids[1],
    });
    expect(await rowsLeft(t.db, ids)).toEqual(ids.slice(2));
    // The crash: the job runs again from the start and takes what is left, in batches of 2.
    expect(await removeUnattachedFiles(t.app, 2)).toBe(3);
    expect(await rowsLeft(t.db, ids)).toEqual([]);
    expect(await removeUnattachedFiles(t.app, 2)).toBe(0);
    await drained(t);
    expect(
      await blobsLeft(
        t,
        made.flatMap((f) => f.keys),
      ),
    ).toEqual([]);
  });

  it('knows every column of the schema that refers to a file', () => {
    const name = (c: (typeof FILE_REFERENCES)[number]) => `${getTableName(c.table)}.${c.name}`;
    const inSchema = Object.values(schema)
      .flatMap((v) => (is(v, PgTable) ? [v] : []))
      .flatMap((table) => getTableConfig(table).foreignKeys.map((fk) => fk.reference()))
      .filter((ref) => ref.foreignTable === files)
      .flatMap((ref) => ref.columns.map(name));
    expect(inSchema.sort()).toEqual(FILE_REFERENCES.map(name).sort());
  });
});

describe('leftover uploads, S3 storage', () => {
  const BUCKET = 'hearth-cleanup';
  let s3: Awaited<ReturnType<typeof startS3Server>>;
  let settings: S3Settings;
  beforeAll(async () => {
    s3 = await startS3Server(BUCKET);
    settings = s3.settings;
  });
  // Declared after the S3 server's hook, so the app starts once the bucket's address is known.
  const t = useTestApp({ config: () => ({ s3: settings }) });
  afterAll(async () => {
    await s3.stop();
  });

  it('deletes an unattached upload and every blob of it from the bucket, keeping an attached one', async () => {
    expect(t.app.storage.kind).toBe('s3');
    const { user, headers } = await userWithSession(t.app, t.db, { roleId: ROLE.STAFF });
    const upload = await uploadOk(t.app, headers, fileParts('b.png', await pngImage(1000, 600)));
    await makeOld(t.db, upload.fileId, 25);
    const [row] = await t.db
      .select()
      .from(files)
      .where(inArray(files.id, [upload.fileId]));
    const orphanKeys = storedKeys(row as NonNullable<typeof row>);
    expect(orphanKeys).toHaveLength(4);
    expect(await blobsLeft(t, orphanKeys)).toEqual(orphanKeys);
    const avatar = await storedFile(t, 48);
    await t.db
      .update(users)
      .set({ profileImageFileId: avatar.id })
      .where(inArray(users.id, [user.id]));

    expect(await removeUnattachedFiles(t.app)).toBe(1);
    await drained(t);
    expect(await blobsLeft(t, orphanKeys)).toEqual([]);
    expect(await rowsLeft(t.db, [upload.fileId, avatar.id])).toEqual([avatar.id]);
    expect(await blobsLeft(t, avatar.keys)).toEqual(avatar.keys);
    // Incomplete multipart uploads are the bucket lifecycle rule's (s3.ts).
    expect(await t.app.storage.removeStalePartials(0)).toBe(0);
  });
});
