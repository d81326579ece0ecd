// @engine: SKIP LOCKED batches, two runs at once, a daily job
// Issue 31, item 7: spent refresh tokens and mailed links are pruned by a daily job, in batches, keeping what
// reuse detection, the guard and the activity reports need; two runs at once delete nothing twice.
import { randomUUID } from 'node:crypto';
import { eq, inArray, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { createUser } from '../../../test/factories';
import { bearer, login } from '../../../test/sessions';
import { useTestApp } from '../../../test/use-test-app';
import { queryRows } from '../../db/client';
import { emailTokens, refreshTokens } from '../../db/schema';
import { hashToken } from '../../platform/auth/opaque-tokens';
import {
  pruneEmailTokens,
  pruneRefreshTokens,
  pruneTokens,
  scheduleTokenPruning,
  type TokenRetention,
} from './token-pruning';

// A second instance on the same database for the concurrency test.
const t = useTestApp({ second: true });
const DAY = 86_400_000;
const ago = (days: number) => new Date(Date.now() - days * DAY);
/** No weekly history kept: only the session rules decide (the history has its own test). */
const NO_HISTORY: TokenRetention = { refreshTokens: 7, sessionHistory: 1 };

/** Inserts a family of `n` rotations, made `madeDaysAgo` days ago an hour apart, each expiring at `expires`. */
async function family(
  userId: number,
  n: number,
  madeDaysAgo: number,
  expires: (i: number) => Date,
  spent = true,
): Promise<number[]> {
  const familyId = randomUUID();
  const rows = await t.db
    .insert(refreshTokens)
    .values(
      Array.from({ length: n }, (_, i) => ({
        userId,
        familyId,
        tokenHash: hashToken(randomUUID()),
        expiresAt: expires(i),
        usedAt: spent && i < n - 1 ? ago(madeDaysAgo) : null,
        createdAt: new Date(ago(madeDaysAgo).getTime() + i * 3600_000),
      })),
    )
    .returning({ id: refreshTokens.id });
  return rows.map((r) => r.id);
}

const left = async (ids: number[]) =>
  (await t.db.select({ id: refreshTokens.id }).from(refreshTokens).where(inArray(refreshTokens.id, ids)))
    .map((r) => r.id)
    .sort((a, b) => a - b);

const refresh = (token: string) =>
  t.app.inject({ method: 'POST', url: '/v1/auth/refresh-token', headers: bearer(token) });

describe('refresh token pruning', () => {
  it('deletes the sessions over for longer than the retention, in batches, and keeps the rest', async () => {
    await pruneRefreshTokens(t.db, NO_HISTORY);
    const user = await createUser(t.db);
    // Ended 19 days ago: gone. Ended 2 days ago: kept (within 7 days).
    const over = await family(user.id, 10, 21, () => ago(19));
    const recent = await family(user.id, 4, 3, () => ago(2));
    // Refreshed for 40 days, old rows long expired, but the newest token is valid: every row stays, so a
    // spent token presented again still revokes the session.
    const live = await family(user.id, 5, 40, (i) => (i === 4 ? new Date(Date.now() + 20 * DAY) : ago(39)));
    // Revoked (logout) 30 days ago and expired 20 days ago: gone.
    const revoked = await family(user.id, 3, 35, () => ago(20));
    await t.db
      .update(refreshTokens)
      .set({ revokedAt: ago(30) })
      .where(inArray(refreshTokens.id, revoked));

    const deleted = await pruneRefreshTokens(t.db, NO_HISTORY, 3);
    expect(deleted).toBe(over.length + revoked.length);
    expect(await left([...over, ...revoked])).toEqual([]);
    expect(await left(recent)).toEqual(recent);
    expect(await left(live)).toEqual(live);
    // Nothing more to do: a second run deletes nothing.
    expect(await pruneRefreshTokens(t.db, NO_HISTORY, 3)).toBe(0);
  });

  it('leaves reuse detection working for a token spent recently and for one spent long ago', async () => {
    const user = await createUser(t.db);
    const s = await login(t.app, user.email);
    const first = (await refresh(s.refreshToken)).json().data;
    const second = (await refresh(first.refreshToken)).json().data;
    // The first token was spent long ago (its own expiry passed); the session goes on.
    await t.db
      .update(refreshTokens)
      .set({ createdAt: ago(40), expiresAt: ago(39), usedAt: ago(39) })
      .where(eq(refreshTokens.tokenHash, hashToken(s.refreshToken)));
    await pruneTokens(t.db, { refreshTokens: 7, sessionHistory: 735 }, 2);
    await pruneRefreshTokens(t.db, NO_HISTORY, 2);
    const rows = await t.db.select().from(refreshTokens).where(eq(refreshTokens.userId, user.id));
    expect(rows).toHaveLength(3);
    // The copy of the token spent long ago comes back: the whole session ends.
    expect((await refresh(s.refreshToken)).statusCode).toBe(401);
    expect((await refresh(second.refreshToken)).statusCode).toBe(401);
    const after = await t.db.select().from(refreshTokens).where(eq(refreshTokens.userId, user.id));
    expect(after.every((r) => r.revokedAt !== null)).toBe(true);

    // The same for a token spent a moment ago.
    const other = await login(t.app, user.email);
    const next = (await refresh(other.refreshToken)).json().data;
    await pruneRefreshTokens(t.db, NO_HISTORY, 2);
    expect((await refresh(other.refreshToken)).statusCode).toBe(401);
    expect((await refresh(next.refreshToken)).statusCode).toBe(401);
  });

  it('keeps each person’s newest row and first row of each week within the session history', async () => {
    await pruneRefreshTokens(t.db, NO_HISTORY);
    const user = await createUser(t.db);
    // Monday noon UTC, 4 weeks back: rows Monday to Wednesday of one week, two sessions.
    const monday = new Date(Date.UTC(2026, 0, 5, 12));
    const weeksBack = Math.floor((Date.now() - monday.getTime()) / (7 * DAY)) - 4;
    const start = new Date(monday.getTime() + weeksBack * 7 * DAY);
    const madeDaysAgo = (Date.now() - start.getTime()) / DAY;
    const a = await family(user.id, 4, madeDaysAgo, () => ago(madeDaysAgo - 1));
    const b = await family(user.id, 3, madeDaysAgo - 2, () => ago(madeDaysAgo - 3));
    // A week older than the history: only its rows go, however first they are.
    const old = await family(user.id, 2, 60, () => ago(59));
    await pruneRefreshTokens(t.db, { refreshTokens: 7, sessionHistory: 50 }, 2);
    // The first row of the week (a's first) and the newest row (b's last) stay.
    expect(await left([...a, ...b, ...old])).toEqual([a[0], b[2]].sort((x, y) => (x ?? 0) - (y ?? 0)));
    // The report's week still counts the person, and Last Active is unchanged.
    const [week] = await queryRows<{ n: number }>(
      t.db,
      sql`select count(*)::int as n from refresh_tokens where user_id = ${user.id}
          and created_at >= ${start.toISOString()}::timestamptz`,
    );
    expect(week?.n).toBe(2);
  });

  it('two runs at once delete each row once and both finish', async () => {
    await pruneRefreshTokens(t.db, NO_HISTORY);
    const users = await Promise.all([createUser(t.db), createUser(t.db), createUser(t.db)]);
    const doomed: number[] = [];
    for (const u of users) {
      doomed.push(...(await family(u.id, 7, 20, () => ago(15))));
      await family(u.id, 1, 1, () => new Date(Date.now() + DAY)); // each keeps a live session
    }
    const [one, two] = await Promise.all([
      pruneRefreshTokens(t.app.db, NO_HISTORY, 2),
      pruneRefreshTokens(t.second.db, NO_HISTORY, 3),
    ]);
    expect((one ?? 0) + (two ?? 0)).toBe(doomed.length);
    expect(await left(doomed)).toEqual([]);
  });
});

describe('the daily job', () => {
  it('is queued once a day across instances and prunes when it runs', async () => {
    const user = await createUser(t.db);
    const over = await family(user.id, 3, 30, () => ago(20));
    await family(user.id, 1, 0, () => new Date(Date.now() + DAY));
    const jobs = async () =>
      (
        await queryRows<{ n: number }>(
          t.db,
          sql`select count(*)::int as n from pgboss.job where name = 'tokenPruning'`,
        )
      )[0]?.n ?? 0;
    const before = await jobs();
    const now = new Date();
    await scheduleTokenPruning(t.app, now);
    await scheduleTokenPruning(t.second, now);
    expect(await jobs()).toBe(before + 1);
    // With the default retention the first row of that week stays for the activity reports.
    for (let i = 0; i < 150 && (await left(over)).length > 1; i++) {
      t.app.jobs.wake('tokenPruning');
      await new Promise((r) => setTimeout(r, 100));
    }
    expect(await left(over)).toEqual([over[0]]);
  });
});

describe('mailed link pruning', () => {
  it('deletes links expired longer than the retention ago, used or not', async () => {
    const user = await createUser(t.db);
    const link = (expiresAt: Date, usedAt: Date | null = null) => ({
      userId: user.id,
      purpose: 'verify',
      tokenHash: hashToken(randomUUID()),
      expiresAt,
      usedAt,
      createdAt: new Date(expiresAt.getTime() - DAY),
    });
    const rows = await t.db
      .insert(emailTokens)
      .values([link(ago(30)), link(ago(10), ago(10)), link(ago(2)), link(new Date(Date.now() + DAY))])
      .returning({ id: emailTokens.id });
    await pruneEmailTokens(t.db, 7, 1);
    const kept = await t.db
      .select({ id: emailTokens.id })
      .from(emailTokens)
      .where(eq(emailTokens.userId, user.id));
    expect(kept.map((r) => r.id).sort()).toEqual([rows[2]?.id, rows[3]?.id].sort());
  });
});
