// Health for load balancers and orchestrators, the public settings the web needs before login, and
// robots.txt: the handlers of contract/src/endpoints/system.ts.
//
// Three health answers (docs/product.md section 10):
// - /v1/health/live: the process answers. No database: a liveness probe that failed while the database
//   is down would restart every instance, which brings the database back no sooner.
// - /v1/health/ready: this instance can serve: the database answers, carries every migration this build
//   knows, the job queue answers, and the event bus listens or has not been down for long (`events`: live
//   streams on an instance that cannot hear the bus go silent). A load balancer sends traffic only to ready
//   instances.
// - /v1/health: kept as it was (the process and a database ping) for the load balancer configurations,
//   scripts and benchmarks that already use it: liveness with the database, not the full readiness.
// After SIGTERM the server first drains (main.ts, SHUTDOWN_DRAIN_SECONDS): readiness answers 503 while
// everything else is served as before, so load balancers move on; then it closes, and every request that
// still arrives gets 503 (platform/http/closing.ts).
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { systemEndpoints } from '@hearth/contract';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { migrationsFolder, queryRows } from '../../db/client';
import { isDraining } from '../../platform/http/closing';
import { routes } from '../../platform/http/route-kit';
import { publicConfigOf } from './public-config';

/** An intranet is not for search engines; without this the SPA's fallback answered robots.txt with HTML. */
export const ROBOTS_TXT = 'User-agent: *\nDisallow: /\n';

/** A check slower than this counts as failed: probes time out after a few seconds and would learn nothing. */
const CHECK_TIMEOUT_MS = 2_000;

/** Probes come every few seconds from every balancer: their request lines only at warn and above. */
const PROBE = { logLevel: 'warn' } as const;

type Outcome = 'ok' | 'failed';

async function outcome(check: () => Promise<boolean>): Promise<Outcome> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<boolean>((resolve) => {
    timer = setTimeout(() => resolve(false), CHECK_TIMEOUT_MS);
  });
  try {
    return (await Promise.race([check(), late])) ? 'ok' : 'failed';
  } catch {
    return 'failed';
  } finally {
    clearTimeout(timer);
  }
}

/** When the newest migration of this build was made (its journal's `when`, which Drizzle records). */
function newestMigration(): number {
  const journal = JSON.parse(readFileSync(join(migrationsFolder(), 'meta', '_journal.json'), 'utf8')) as {
    entries: { when: number }[];
  };
  return Math.max(...journal.entries.map((e) => e.when));
}

export async function systemRoutes(app: FastifyInstance): Promise<void> {
  // Read once: the journal is part of the build.
  const expected = newestMigration();
  /** Applied up to this build's newest; a newer build's migrations (a rolling deploy) are fine too. */
  const migrated = async () => {
    const [row] = await queryRows<{ last: string | number | null }>(
      app.db,
      sql`select max(created_at) as last from drizzle.__drizzle_migrations`,
    );
    return row?.last != null && Number(row.last) >= expected;
  };
  /** The queue answers; its workers stop only when the app closes, and then every request gets 503. */
  const jobsAnswer = async () => {
    await app.jobs.pending('mail');
    return true;
  };

  routes(app, systemEndpoints, {
    getHealth: async (_request, reply) => {
      const ok = await app.database.ping();
      if (!ok) return reply.status(503).send({ error: 'database unavailable', code: 'unavailable' });
      return { data: { status: 'ok' } };
    },
    getHealthLive: [async () => ({ data: { status: 'ok' } }), PROBE],
    getHealthReady: [
      async (_request, reply) => {
        const [database, migrations, jobs] = await Promise.all([
          outcome(() => app.database.ping()),
          outcome(migrated),
          outcome(jobsAnswer),
        ]);
        // The bus has not listened for EVENT_BUS_DOWN_LIMIT_MS (platform/events.ts): this instance's
        // live streams hear nothing.
        const events: Outcome = app.events.state?.().ready === false ? 'failed' : 'ok';
        const checks = { database, migrations, jobs, events };
        const failed = Object.keys(checks).filter((k) => checks[k as keyof typeof checks] === 'failed');
        // Shutting down: out of rotation whatever the checks say, while the port still serves.
        if (isDraining(app))
          return reply.status(503).send({
            error: 'Not ready: this server is shutting down (SIGTERM); other instances take the traffic.',
            code: 'not_ready',
            checks,
          });
        if (failed.length === 0) return { data: { status: 'ok', checks } };
        return reply.status(503).send({
          error: `Not ready: the ${failed.join(' and ')} ${failed.length > 1 ? 'checks' : 'check'} failed.`,
          code: 'not_ready',
          checks,
        });
      },
      PROBE,
    ],
    getPublicConfig: async () => ({ data: publicConfigOf(app.config) }),
    getRobotsTxt: async (_request, reply) => reply.type('text/plain; charset=utf-8').send(ROBOTS_TXT),
  });
}
