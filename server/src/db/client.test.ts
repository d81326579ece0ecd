// @engine: the ingest pool of its own on PostgreSQL
// The seen events' own pool (Database.ingestDb): on PostgreSQL, slow event inserts wait among themselves and
// leave the pool that pages are read from alone; on PGlite, one connection is all there is.
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openTestDatabase } from '../../test/database';
import type { Database } from './client';

let database: Database;
beforeAll(async () => {
  database = await openTestDatabase();
});
afterAll(() => database.close());

const SLEEP_S = 0.6;
const timed = async (run: () => Promise<unknown>) => {
  const started = performance.now();
  await run();
  return performance.now() - started;
};

describe('the ingest pool', () => {
  it('is the one connection on PGlite, and a pool of two apart from the pages on PostgreSQL', async () => {
    if (database.kind === 'pglite') {
      expect(database.ingestDb).toBe(database.db);
      return;
    }
    expect(database.ingestDb).not.toBe(database.db);
    const sleep = () => database.ingestDb.execute(sql`select pg_sleep(${SLEEP_S})`);
    // Three slow inserts' worth of work on the ingest pool: two run, the third waits for a connection.
    const slow = [timed(sleep), timed(sleep), timed(sleep)];
    // Meanwhile a page's query has a connection at once.
    const page = await timed(() => database.db.execute(sql`select 1`));
    const [a, b, c] = await Promise.all(slow);
    expect(page).toBeLessThan(SLEEP_S * 1000);
    expect(Math.max(a ?? 0, b ?? 0, c ?? 0)).toBeGreaterThanOrEqual(2 * SLEEP_S * 1000 - 50);
  });
});
