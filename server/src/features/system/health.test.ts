// @engine: readiness of the database, migrations and job queue
// Liveness and readiness (issue 16): live asks nothing of the database; ready answers 503 naming the check
// that failed: the database, the migrations this build carries, the job queue.
import { sql } from 'drizzle-orm';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { useTestApp } from '../../../test/use-test-app';
import { queryRows } from '../../db/client';

const t = useTestApp();
afterEach(() => vi.restoreAllMocks());

const ALL_OK = { database: 'ok', migrations: 'ok', jobs: 'ok', events: 'ok' };

describe('health', () => {
  it('live, ready and the old health all answer 200 on a working server', async () => {
    expect((await t.get('/v1/health/live')).json()).toEqual({ data: { status: 'ok' } });
    expect((await t.get('/v1/health/ready')).json()).toEqual({ data: { status: 'ok', checks: ALL_OK } });
    expect((await t.get('/v1/health')).json()).toEqual({ data: { status: 'ok' } });
  });

  it('while the database does not answer: live 200, ready and health 503', async () => {
    vi.spyOn(t.app.database, 'ping').mockResolvedValue(false);
    expect((await t.get('/v1/health/live')).statusCode).toBe(200);
    const ready = await t.get('/v1/health/ready');
    expect(ready.statusCode).toBe(503);
    expect(ready.json()).toMatchObject({
      error: 'Not ready: the database check failed.',
      code: 'not_ready',
      checks: { ...ALL_OK, database: 'failed' },
    });
    expect((await t.get('/v1/health')).statusCode).toBe(503);
  });

  it('is not ready while the newest migration of this build is missing', async () => {
    const [newest] = await queryRows<{ hash: string; created_at: string }>(
      t.db,
      sql`delete from drizzle.__drizzle_migrations where created_at = (select max(created_at) from drizzle.__drizzle_migrations) returning hash, created_at`,
    );
    try {
      const ready = await t.get('/v1/health/ready');
      expect(ready.statusCode).toBe(503);
      expect(ready.json().checks).toEqual({ ...ALL_OK, migrations: 'failed' });
    } finally {
      await t.db.execute(
        sql`insert into drizzle.__drizzle_migrations (hash, created_at) values (${newest?.hash}, ${newest?.created_at})`,
      );
    }
    expect((await t.get('/v1/health/ready')).statusCode).toBe(200);
  });

  it('is not ready while the job queue does not answer, and says so', async () => {
    vi.spyOn(t.app.jobs, 'pending').mockRejectedValue(new Error('queue stopped'));
    const ready = await t.get('/v1/health/ready');
    expect(ready.statusCode).toBe(503);
    expect(ready.json().checks).toEqual({ ...ALL_OK, jobs: 'failed' });
  });

  it('counts a check that hangs as failed, within a few seconds', async () => {
    vi.spyOn(t.app.jobs, 'pending').mockReturnValue(new Promise(() => {}));
    const started = Date.now();
    const ready = await t.get('/v1/health/ready');
    expect(ready.statusCode).toBe(503);
    expect(Date.now() - started).toBeLessThan(3_000);
  });
});
