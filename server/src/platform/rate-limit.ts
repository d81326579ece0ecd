// Fixed-window rate limits counted in the database (`rate_counters`, ADR 015). One statement takes every
// counter of a request and answers the new counts: concurrent requests and other instances cannot both
// read "under the limit" before either has counted, which a read-then-write check allowed (issue 13).
import { and, desc, eq, gt, lt, sql } from 'drizzle-orm';
import type { Db } from '../db/client';
import { rateCounters } from '../db/schema';

export type Limit = { max: number; windowMs: number };

/** A counter taken for one request: the window it fell in and the count including this request. */
export type Taken = { key: string; windowStart: Date; count: number; limit: Limit };

/**
 * No limit may have a longer window than this: rows whose window started before `now - LONGEST_WINDOW_MS`
 * have ended whatever their limit, so pruning can remove them without knowing which limit they belong to.
 */
export const LONGEST_WINDOW_MS = 3_600_000;

/** Pruning runs at most this often per instance: cheap, and rows of ended windows only cost disk meanwhile. */
const PRUNE_EVERY_MS = 60_000;
let lastPrune = 0;

/** The clock windows are cut by; tests pin it so a window boundary cannot fall inside a test. */
export const rateClock = { now: () => Date.now() };

const windowStartOf = (now: number, windowMs: number) => new Date(Math.floor(now / windowMs) * windowMs);

/**
 * Counts this request against every `(key, limit)` in one `INSERT ... ON CONFLICT DO UPDATE ... RETURNING`
 * and answers each counter with its new count (over the limit when `count > limit.max`). Keys are taken
 * in sorted order so two requests sharing counters lock their rows in the same order and cannot deadlock.
 */
export async function takeCounters(
  db: Db,
  entries: { key: string; limit: Limit }[],
  now = rateClock.now(),
): Promise<Taken[]> {
  if (entries.length === 0) return [];
  const byKey = new Map(entries.map((e) => [e.key, e]));
  const sorted = [...byKey.values()].sort((a, b) => (a.key < b.key ? -1 : a.key > b.key ? 1 : 0));
  for (const e of sorted) {
    if (e.limit.windowMs > LONGEST_WINDOW_MS) throw new Error(`rate limit window too long: ${e.key}`);
  }
  const rows = await db
    .insert(rateCounters)
    .values(sorted.map((e) => ({ key: e.key, windowStart: windowStartOf(now, e.limit.windowMs), count: 1 })))
    .onConflictDoUpdate({
      target: [rateCounters.key, rateCounters.windowStart],
      set: { count: sql`${rateCounters}.${sql.identifier('count')} + 1` },
    })
    .returning({ key: rateCounters.key, windowStart: rateCounters.windowStart, count: rateCounters.count });
  await pruneOccasionally(db, now);
  return rows.map((row) => {
    const entry = byKey.get(row.key);
    if (!entry) throw new Error(`rate counter for an unknown key: ${row.key}`);
    return { key: row.key, windowStart: row.windowStart, count: row.count, limit: entry.limit };
  });
}

/**
 * Each counter as `takeCounters` would answer it, without counting this request: the count it would reach
 * (the current one plus one), so `overLimit` reads it the same way. For a request that must meet a limit it
 * does not add to.
 */
export async function peekCounters(
  db: Db,
  entries: { key: string; limit: Limit }[],
  now = rateClock.now(),
): Promise<Taken[]> {
  const out: Taken[] = [];
  for (const e of entries) {
    const windowStart = windowStartOf(now, e.limit.windowMs);
    const [row] = await db
      .select({ count: rateCounters.count })
      .from(rateCounters)
      .where(and(eq(rateCounters.key, e.key), eq(rateCounters.windowStart, windowStart)));
    out.push({ key: e.key, windowStart, count: (row?.count ?? 0) + 1, limit: e.limit });
  }
  return out;
}

/** The counters that are over their limit, in the order taken. */
export const overLimit = (taken: Taken[]) => taken.filter((t) => t.count > t.limit.max);

/** Takes back one count of each counter (in the window it was taken in), e.g. for a login that succeeded. */
export async function giveBack(db: Db, taken: Taken[]): Promise<void> {
  for (const t of [...taken].sort((a, b) => (a.key < b.key ? -1 : 1))) {
    await db
      .update(rateCounters)
      .set({ count: sql`greatest(${rateCounters}.${sql.identifier('count')} - 1, 0)` })
      .where(and(eq(rateCounters.key, t.key), eq(rateCounters.windowStart, t.windowStart)));
  }
}

/** Forgets a key in every window. */
export async function resetCounter(db: Db, key: string): Promise<void> {
  await db.delete(rateCounters).where(eq(rateCounters.key, key));
}

async function pruneOccasionally(db: Db, now: number): Promise<void> {
  if (now - lastPrune < PRUNE_EVERY_MS) return;
  lastPrune = now;
  await db.delete(rateCounters).where(lt(rateCounters.windowStart, new Date(now - LONGEST_WINDOW_MS)));
}

/*
 * Holds: "not again before" marks for limits far longer than a window (one change of something a month).
 * They live in the same table: a hold is a row whose `window_start` is the moment it ends, so pruning, which
 * removes rows whose window started over LONGEST_WINDOW_MS ago, removes a hold only once it has ended. Hold
 * keys start with `hold:` and never meet a window counter's. Checking and placing are two statements: the
 * caller serialises the takers of one key (e.g. under a lock of the row the hold is about, in the
 * transaction that makes the change), so two requests cannot both find no hold.
 */

/** When the hold on `key` ends, or null when there is none now. */
export async function holdEnd(db: Db, key: string, now = rateClock.now()): Promise<Date | null> {
  const [row] = await db
    .select({ until: rateCounters.windowStart })
    .from(rateCounters)
    .where(and(eq(rateCounters.key, key), gt(rateCounters.windowStart, new Date(now))))
    .orderBy(desc(rateCounters.windowStart))
    .limit(1);
  return row?.until ?? null;
}

/** Places a hold on `key` for `ms` from now; answers when it ends. */
export async function placeHold(db: Db, key: string, ms: number, now = rateClock.now()): Promise<Date> {
  const until = new Date(now + ms);
  await db.insert(rateCounters).values({ key, windowStart: until, count: 1 }).onConflictDoNothing();
  return until;
}
