// @engine: onPostgres: two releases on one schema
// Rolling upgrades and rollbacks (issue 31, item 3; ADR 042): the previous release, recorded in
// deploy/previous-release, keeps working on a database migrated by this one.
// - Everywhere: the recorded commit is in this clone's history, its migrations are ours unchanged and in
//   the same order, and what we added since only expands the schema, or says why a contraction is safe.
// - On PostgreSQL (where two releases serve side by side during a rolling upgrade): the previous release
//   runs beside this one on this one's schema, writes through its API, runs every job it has (the mail
//   queue, the fan-out, must-read reminders, the daily jobs brought forward) and logs no error; then this
//   release takes the database back and reads what it wrote.
import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { STATE } from '@hearth/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import webpush from 'web-push';
import { openDatabase } from '../src/db/client';
import { DEMO_PASSWORD, seedDemo } from '../src/db/seed-demo';
import { runSql, templateCopy } from './database';
import { Mailbox } from './mailbox';
import {
  extractRelease,
  fileAt,
  hasCommit,
  migrationsAt,
  ourMigrations,
  previousRelease,
  RECORD,
  sourceMentions,
  unannouncedContractions,
} from './previous-release';
import { type ServerProcess, startServerProcess, waitFor } from './server-process';
import { basic } from './sessions';

describe('the previous release and our migrations', () => {
  const commit = previousRelease();

  it('is a commit of this clone', () => {
    expect(
      hasCommit(commit),
      `${commit} (${RECORD}) is not in this clone's history: clone with the full history`,
    ).toBe(true);
  });

  it('has migrations that are ours, unchanged and in the same order', () => {
    const theirs = migrationsAt((path) => fileAt(commit, path));
    const ours = ourMigrations();
    expect(theirs.length).toBeGreaterThan(0);
    expect(ours.slice(0, theirs.length)).toEqual(theirs);
  });

  it('is followed by migrations that only expand the schema, or say why a contraction is safe', () => {
    const known = migrationsAt((path) => fileAt(commit, path)).length;
    const added = ourMigrations().slice(known);
    expect(added.flatMap((m) => unannouncedContractions(m.sql).map((s) => `${m.tag}: ${s}`))).toEqual([]);
  });

  it('finds the contractions that broke the release before migration 0018', () => {
    // 0018 tightened ack_reminders and replaced its key: the release before it could no longer claim a
    // reminder (its ON CONFLICT named the old key) on the new schema. The rule would have caught it.
    const m0018 = ourMigrations().find((m) => m.tag === '0018_reach_by_group');
    expect(unannouncedContractions(m0018?.sql ?? '')).toEqual([
      'ALTER TABLE "ack_reminders" ALTER COLUMN "due_at" SET NOT NULL;',
      'ALTER TABLE "ack_reminders" DROP CONSTRAINT "ack_reminders_post_id_kind_pk",',
      'ALTER TABLE "post_reads" DROP CONSTRAINT "post_reads_post_id_user_id_pk",',
    ]);
    expect(
      unannouncedContractions(
        'ALTER TABLE "t" ADD COLUMN "a" integer NOT NULL;--> statement-breakpoint\n' +
          'ALTER TABLE "t" ADD COLUMN "b" integer DEFAULT 0 NOT NULL;--> statement-breakpoint\n' +
          '-- contract: nothing has read "c" since 0012\nALTER TABLE "t" DROP COLUMN "c";--> statement-breakpoint\n' +
          'ALTER TABLE "t" RENAME COLUMN "d" TO "e";--> statement-breakpoint\n' +
          'CREATE INDEX "t_a_idx" ON "t" ("a");--> statement-breakpoint\nDROP INDEX "t_b_idx";',
      ),
    ).toEqual([
      'ALTER TABLE "t" ADD COLUMN "a" integer NOT NULL;',
      'ALTER TABLE "t" RENAME COLUMN "d" TO "e";',
    ]);
  });
});

const onPostgres = process.env.TEST_DATABASE_URL ? describe : undefined;
onPostgres?.('the previous release on the schema of this one (PostgreSQL)', () => {
  const copy = templateCopy('hearth_previous');
  const databaseUrl = copy.url;
  const mailbox = new Mailbox();
  const vapid = webpush.generateVAPIDKeys();
  const running: ServerProcess[] = [];
  let root: string;
  let count = 0;

  /** A server of this release or of the previous one, as one of several instances on the database. */
  const start = async (serverDir: string | undefined, extra: Record<string, string> = {}) => {
    const dataDir = join(root, `instance-${count++}`);
    mkdirSync(dataDir);
    const server = await startServerProcess(
      {
        DATABASE_URL: databaseUrl,
        DATA_DIR: dataDir,
        WORKERS: '1',
        DATABASE_POOL_SIZE: '3',
        SEED_DEMO: '0',
        SINGLE_INSTANCE: undefined,
        LOG_LEVEL: 'warn',
        SMTP_URL: mailbox.url,
        MAIL_FROM: 'hearth@example.com',
        JWT_SECRET: 'previous-release-test-secret-0123456789abcdef',
        S3_BUCKET: 'hearth-files',
        S3_ENDPOINT: 'http://127.0.0.1:9',
        S3_FORCE_PATH_STYLE: '1',
        VAPID_PUBLIC_KEY: vapid.publicKey,
        VAPID_PRIVATE_KEY: vapid.privateKey,
        ...extra,
      },
      serverDir,
    );
    running.push(server);
    return server;
  };

  /** The lines a server logged at error level or above (pino: 50 error, 60 fatal). */
  const errorsOf = (server: ServerProcess) =>
    server
      .output()
      .split('\n')
      .filter((line) => /"level":(5|6)\d/.test(line) || /^\s*(Error|TypeError|\w+Error):/.test(line));

  const call = async (server: ServerProcess, token: string, method: string, path: string, body?: unknown) => {
    const res = await fetch(`${server.url}${path}`, {
      method,
      headers: {
        authorization: `Bearer ${token}`,
        ...(body === undefined ? {} : { 'content-type': 'application/json' }),
      },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    const text = await res.text();
    expect(res.status, `${method} ${path}: ${text.slice(0, 300)}`).toBeLessThan(300);
    return text ? JSON.parse(text) : undefined;
  };
  const login = async (server: ServerProcess, email: string) => {
    const res = await fetch(`${server.url}/v1/auth/login`, {
      method: 'POST',
      headers: { authorization: basic(email, DEMO_PASSWORD) },
    });
    expect(res.status).toBe(200);
    return ((await res.json()) as { data: { accessToken: string; id: number } }).data;
  };

  beforeAll(async () => {
    root = mkdtempSync(join(tmpdir(), 'hearth-previous-'));
    await mailbox.start();
    await copy.create();
    // The demo, written by this release (its pictures need storage, which the instances do not share here).
    const database = await openDatabase({ databaseUrl });
    await seedDemo(database.db).finally(() => database.close());
  });
  afterAll(async () => {
    await Promise.all(running.map((s) => s.kill()));
    await mailbox.stop();
    await copy.drop().catch(() => undefined);
    if (root) rmSync(root, { recursive: true, force: true });
  });

  it('serves beside this release, writes, runs its jobs without an error, and this release reads it all back', async () => {
    const commit = previousRelease();
    const previousDir = extractRelease(commit);
    // This release serves the database it migrated; the previous one joins it, as in a rolling upgrade.
    const current = await start(undefined);
    const previous = await start(previousDir);

    const admin = await login(previous, 'admin@example.com');
    const staff = await login(previous, 'staff@example.com');
    const categories = await call(previous, admin.accessToken, 'GET', '/v1/api/feed-post-categories');
    const categoryId = categories.data[0].id as number;
    const dueAt = new Date(Date.now() + 2 * 3600_000).toISOString();
    const created = await call(previous, admin.accessToken, 'POST', '/v1/api/feed-posts', {
      title: 'Written by the previous release',
      subtitle: 'During a rolling upgrade',
      text: '<p>Please confirm you have read this.</p>',
      feedCategories: [categoryId],
      groups: [],
      startAt: new Date(Date.now() - 60_000).toISOString(),
      endAt: '2099-12-31 23:59:59',
      isFeatured: 0,
      isCommentable: 1,
      stateId: STATE.PUBLISHED,
      files: [],
      requiresAck: 1,
      ackDueAt: dueAt,
    });
    const postId = created.data.id as number;

    // Staff, on the previous release: the feed, the post, a like, a comment, a read, search, notifications.
    const feed = await call(previous, staff.accessToken, 'GET', '/v1/api/newsfeed?limit=20');
    expect(feed.data.posts.some((p: { id: number }) => p.id === postId)).toBe(true);
    await call(previous, staff.accessToken, 'GET', `/v1/api/newsfeed/${postId}?userId=${staff.id}`);
    await call(previous, staff.accessToken, 'POST', '/v1/api/newsfeed/action', {
      active: 1,
      feedPostId: postId,
      feedPostActionTypeId: 1,
    });
    await call(previous, staff.accessToken, 'POST', '/v1/api/comments', {
      feedPostId: postId,
      content: 'Read it, thanks',
    });
    await call(previous, staff.accessToken, 'POST', '/v1/api/post-reads', {
      seen: [postId],
      opened: [postId],
    });
    await call(previous, staff.accessToken, 'GET', '/v1/api/search?q=previous');
    await call(previous, staff.accessToken, 'GET', '/v1/api/notifications');
    // Administrators' reads: reports and the reach of the post.
    await call(previous, admin.accessToken, 'GET', '/v1/api/newsfeed/postsReport');
    await call(previous, admin.accessToken, 'GET', `/v1/api/feed-posts/${postId}/reach`);
    // Mail through its queue: a password reset.
    const reset = await fetch(`${previous.url}/v1/auth/reset-password`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: 'editor@example.com' }),
    });
    expect(reset.status).toBeLessThan(300);
    await mailbox.waitFor('editor@example.com', 1, 30_000);

    expect(errorsOf(previous)).toEqual([]);

    // Alone on the database from here, the previous release runs the daily jobs brought forward to now.
    // Jobs of queues it does not know (added by this release) stay queued for this one.
    await current.stop();
    await runSql(databaseUrl, `UPDATE pgboss.job SET start_after = now() WHERE state = 'created'`);
    let waiting = '';
    let steadySince = Date.now();
    const left = await waitFor(
      'the queued jobs to finish',
      async () => {
        const rows = await runSql<{ name: string; state: string }>(
          databaseUrl,
          `SELECT name, state FROM pgboss.job WHERE state IN ('created', 'retry', 'active') ORDER BY name`,
        );
        const now = JSON.stringify(rows);
        if (now !== waiting) [waiting, steadySince] = [now, Date.now()];
        const settled = rows.every((r) => r.state === 'created') && Date.now() - steadySince > 5_000;
        return settled ? rows.map((r) => r.name) : undefined;
      },
      90_000,
    );
    expect(left.filter((queue) => sourceMentions(commit, queue))).toEqual([]);

    // Restarted, it claims the must-read reminder due within a day, and its fan-out delivers it.
    await previous.stop();
    const again = await start(previousDir);
    await waitFor('the reminder', async () => {
      const rows = await runSql(
        databaseUrl,
        `SELECT 1 FROM ack_reminders WHERE post_id = ${postId} AND kind = 'dayBefore'`,
      );
      return rows.length ? true : undefined;
    });
    const staffAgain = await login(again, 'staff@example.com');
    await waitFor('the reminder in the notifications of staff', async () => {
      const list = await call(again, staffAgain.accessToken, 'GET', '/v1/api/notifications/history');
      return JSON.stringify(list).includes('ACK_REMINDER') ? true : undefined;
    });

    const failed = await runSql(databaseUrl, `SELECT name, output FROM pgboss.job WHERE state = 'failed'`);
    expect(failed).toEqual([]);
    expect([...errorsOf(previous), ...errorsOf(again)]).toEqual([]);

    // Rolled forward again: this release reads what the previous one wrote.
    await again.stop();
    const forward = await start(undefined);
    const staffForward = await login(forward, 'staff@example.com');
    const post = await call(
      forward,
      staffForward.accessToken,
      'GET',
      `/v1/api/newsfeed/${postId}?userId=${staff.id}`,
    );
    expect(post.data).toMatchObject({ id: postId, title: 'Written by the previous release' });
    const comments = await call(
      forward,
      staffForward.accessToken,
      'GET',
      `/v1/api/comments/getComments?feedPostId=${postId}`,
    );
    expect(comments.data.map((c: { content: string }) => c.content)).toContain('Read it, thanks');
    expect(errorsOf(current)).toEqual([]);
    expect(errorsOf(forward)).toEqual([]);
  }, 240_000);
});
