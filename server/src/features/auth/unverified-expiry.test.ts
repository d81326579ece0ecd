// @engine: SKIP LOCKED batches, a daily job across instances, the schema's foreign keys
// Issue 30: accounts still unverified a week after registration are deleted by a daily job, one run a day
// across instances, in batches, and the address can be registered again.
import { eq, getTableName, inArray, is, sql } from 'drizzle-orm';
import { getTableConfig, PgTable } from 'drizzle-orm/pg-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { createGroups, createUser, registrationBody } from '../../../test/factories';
import { useTestApp } from '../../../test/use-test-app';
import { queryRows } from '../../db/client';
import * as schema from '../../db/schema';
import { feedCommentMentions, feedComments, feedPosts, users } from '../../db/schema';
import {
  expireUnverifiedAccounts,
  KEEPING_REFERENCES,
  MENTIONS,
  scheduleUnverifiedExpiry,
  UNVERIFIED_DAYS,
} from './unverified-expiry';

const t = useTestApp();
let g: Awaited<ReturnType<typeof createGroups>>;
beforeAll(async () => {
  g = await createGroups(t.db);
});

const DAY = 86_400_000;
const daysAgo = (days: number) => new Date(Date.now() - days * DAY);
const existing = async (ids: number[]) =>
  (await t.db.select({ id: users.id }).from(users).where(inArray(users.id, ids))).map((r) => r.id).sort();

describe('unverified accounts', () => {
  it('go a week after registration, in batches; verified and fresh ones stay', async () => {
    const stale = await Promise.all(
      [8, 9, 30].map((days) => createUser(t.db, { isVerified: false, createdAt: daysAgo(days) })),
    );
    const verified = await createUser(t.db, { isVerified: true, createdAt: daysAgo(30) });
    const fresh = await createUser(t.db, { isVerified: false, createdAt: daysAgo(UNVERIFIED_DAYS - 1) });
    // Mentioned by a colleague (someone else's doing): the mention goes with the account.
    const author = await createUser(t.db);
    const [post] = await t.db
      .insert(feedPosts)
      .values({ title: 'Welcome', subtitle: 'x', userId: author.id, startAt: new Date() })
      .returning();
    const [comment] = await t.db
      .insert(feedComments)
      .values({ postId: post?.id ?? 0, userId: author.id, content: 'hello' })
      .returning();
    await t.db.insert(feedCommentMentions).values({ commentId: comment?.id ?? 0, userId: stale[0]?.id ?? 0 });

    const ids = [...stale.map((u) => u.id), verified.id, fresh.id];
    expect(await expireUnverifiedAccounts(t.db, 2)).toBe(3);
    expect(await existing(ids)).toEqual([verified.id, fresh.id].sort());
    expect(await expireUnverifiedAccounts(t.db, 2)).toBe(0);

    // The address is free again: its owner registers it and gets the verification mail.
    const email = stale[0]?.email ?? '';
    const again = await t.call('POST', '/v1/auth/register', undefined, registrationBody(g, { email }));
    expect(again.json()).toEqual({ data: { email } });
    const [mail] = await t.mailbox.waitFor(email);
    expect(mail?.body).toContain('/verify-email?token=');
    const [row] = await t.db.select().from(users).where(eq(users.email, email));
    expect(row?.isVerified).toBe(false);
    // A new account, not the old one.
    expect(row?.id).not.toBe(stale[0]?.id);
  });

  it('keeps an old unverified account that was used after all (it wrote a post)', async () => {
    const odd = await createUser(t.db, { isVerified: false, createdAt: daysAgo(10) });
    await t.db
      .insert(feedPosts)
      .values({ title: 'Mine', subtitle: 'x', userId: odd.id, startAt: new Date() });
    await expireUnverifiedAccounts(t.db);
    expect(await existing([odd.id])).toEqual([odd.id]);
  });

  it('runs once a day across instances: the day job is queued once and deletes when it runs', async () => {
    const stale = await createUser(t.db, { isVerified: false, createdAt: daysAgo(8) });
    const jobs = async () =>
      (
        await queryRows<{ n: number }>(
          t.db,
          sql`select count(*)::int as n from pgboss.job where name = 'accounts'`,
        )
      )[0]?.n ?? 0;
    const before = await jobs();
    const now = new Date();
    // Two instances (or two hourly rounds) queue the same day: one job.
    await scheduleUnverifiedExpiry(t.app, now);
    await scheduleUnverifiedExpiry(t.app, now);
    expect(await jobs()).toBe(before + 1);
    // The coming midnight's run waits in the queue too, so wait for the account rather than an empty queue.
    for (let i = 0; i < 150 && (await existing([stale.id])).length > 0; i++) {
      t.app.jobs.wake('accounts');
      await new Promise((r) => setTimeout(r, 100));
    }
    expect(await existing([stale.id])).toEqual([]);
  });

  it('knows every column that names a user without an ON DELETE rule', () => {
    const name = (c: { table: unknown; name: string }) => `${getTableName(c.table as PgTable)}.${c.name}`;
    const inSchema = Object.values(schema)
      .flatMap((v) => (is(v, PgTable) ? [v] : []))
      .flatMap((table) => getTableConfig(table).foreignKeys)
      .filter((fk) => fk.reference().foreignTable === users && (fk.onDelete ?? 'no action') === 'no action')
      .flatMap((fk) => fk.reference().columns.map(name));
    expect(inSchema.sort()).toEqual([...KEEPING_REFERENCES, ...MENTIONS].map(name).sort());
  });
});
