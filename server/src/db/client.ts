// Opens the database: embedded PGlite (DATA_DIR/db, or in memory for tests) or a PostgreSQL server
// (DATABASE_URL). Both speak the same SQL and run the same checked-in migrations.
import { existsSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { PGlite } from '@electric-sql/pglite';
import type { ExtractTablesWithRelations, SQL } from 'drizzle-orm';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import pg from 'pg';
import { PGLITE_EXTENSIONS } from './pglite-extensions';
import * as schema from './schema';

export type Schema = typeof schema;
/** The driver-neutral Drizzle handle every feature uses. */
export type Db = PgDatabase<PgQueryResultHKT, Schema, ExtractTablesWithRelations<Schema>>;

/** The rows of a raw SQL statement: `execute` answers `{ rows }` on node-postgres and PGlite alike, typed as neither. */
export async function queryRows<T>(db: Db, query: SQL): Promise<T[]> {
  const res = (await db.execute(query)) as unknown as { rows: T[] };
  return res.rows;
}

export type Database = {
  db: Db;
  kind: 'pglite' | 'postgres';
  /** PostgreSQL: the connection string (the event bus opens its own LISTEN connection with it). */
  url?: string;
  /**
   * Where the browsers' seen and opened events are written (features/reach/reads.ts). On PostgreSQL, a pool
   * of its own with few connections: when inserts slow down (a checkpoint, the first writes to cold pages),
   * the batches wait among themselves instead of taking every connection of the pool that pages are read
   * from. On PGlite, `db` itself (one connection).
   */
  ingestDb: Db;
  /** PGlite: the client itself (the job queue talks to it directly; see platform/jobs.ts). */
  pglite?: PGlite;
  migrate(): Promise<void>;
  ping(): Promise<boolean>;
  close(): Promise<void>;
};

/** The migrations folder sits at the server package's root, whether we run from src/ or dist/. */
export function migrationsFolder(): string {
  let dir = dirname(fileURLToPath(import.meta.url));
  for (let i = 0; i < 5; i++) {
    const candidate = join(dir, 'migrations');
    if (existsSync(join(candidate, 'meta', '_journal.json'))) return candidate;
    dir = resolve(dir, '..');
  }
  throw new Error('migrations folder not found');
}

export type OpenOptions = {
  databaseUrl?: string;
  poolSize?: number;
  dataDir?: string;
  memory?: boolean;
  /** PGlite in memory: start from this saved data folder (`dumpDataDir`) instead of an empty one. */
  template?: Blob;
  /**
   * PGlite: a running instance to use (tests hand a reset one to the next file, test/database.ts); the
   * handles made here are new, so nothing kept per handle carries over.
   */
  pglite?: PGlite;
};

/**
 * Connections per instance. Five, not more: with the database on the same 2 cores, ten connections gave
 * fewer feed requests a second than five (more backends contending for the CPU; bench/feed.mjs).
 */
const DEFAULT_POOL_SIZE = 5;
/**
 * Connections per instance for the seen events (`ingestDb`): 250 batches a second take 1-2 ms each warm, so
 * two keep up with ten times that, and a slow moment costs the feed two connections at most, not all five.
 */
const INGEST_POOL_SIZE = 2;

/** `client`, given back to the pool (which drops it) when its connection ends while it is held. */
function releasedOnLoss(client: pg.PoolClient): pg.PoolClient {
  const release = client.release;
  let released = false;
  const lost = () => {
    if (released) return;
    released = true;
    release(new Error('database connection lost'));
  };
  client.once('end', lost);
  // Its holder's own release, later, is then a no-op (the pool throws on a second one).
  client.release = (err) => {
    client.removeListener('end', lost);
    if (released) return;
    released = true;
    release(err);
  };
  return client;
}

/** The longest a request's statement may run on PostgreSQL; see the pool's options. */
const STATEMENT_TIMEOUT_MS = 30_000;

/** A health check: whether the database answers a trivial query. */
const answers = (query: () => Promise<unknown>) => async (): Promise<boolean> => {
  try {
    await query();
    return true;
  } catch {
    return false;
  }
};

export async function openDatabase(opts: OpenOptions): Promise<Database> {
  const migrationsDir = migrationsFolder();
  if (opts.databaseUrl) {
    const pool = postgresPool(opts.databaseUrl, opts.poolSize ?? DEFAULT_POOL_SIZE);
    const ingestPool = postgresPool(opts.databaseUrl, INGEST_POOL_SIZE);
    const db = drizzlePg(pool, { schema }) as unknown as Db;
    return {
      db,
      ingestDb: drizzlePg(ingestPool, { schema }) as unknown as Db,
      kind: 'postgres',
      url: opts.databaseUrl,
      // A connection of its own, without the statement timeout: building an index on a large table may
      // take minutes.
      migrate: async () => {
        const client = new pg.Client({ connectionString: opts.databaseUrl });
        await client.connect();
        try {
          await migratePg(drizzlePg(client), { migrationsFolder: migrationsDir });
        } finally {
          await client.end();
        }
      },
      ping: answers(() => pool.query('select 1')),
      close: () => Promise.all([pool.end(), ingestPool.end()]).then(() => undefined),
    };
  }
  const client =
    opts.pglite ??
    (opts.memory
      ? new PGlite({ loadDataDir: opts.template, extensions: PGLITE_EXTENSIONS })
      : new PGlite(join(opts.dataDir ?? './data', 'db'), { extensions: PGLITE_EXTENSIONS }));
  await client.waitReady;
  const db = drizzlePglite(client, { schema }) as unknown as Db;
  return {
    db,
    ingestDb: db,
    kind: 'pglite',
    pglite: client,
    migrate: () => migratePglite(drizzlePglite(client), { migrationsFolder: migrationsDir }),
    ping: answers(() => client.query('select 1')),
    close: () => client.close(),
  };
}

/** A pool of `max` connections to PostgreSQL, with the options and guards every pool of the server has. */
function postgresPool(connectionString: string, max: number): pg.Pool {
  const pool = new pg.Pool({
    connectionString,
    max,
    // No request statement should run for half a minute; one that does (a lock wait, a runaway plan)
    // holds one of the few connections, and its caller has given up. Migrations run without it (`migrate`).
    statement_timeout: STATEMENT_TIMEOUT_MS,
    // TCP keepalive after 10 s idle, so a connection whose server vanished (failover, a cut network)
    // is found dead instead of being handed to the next request.
    keepAlive: true,
    keepAliveInitialDelayMillis: 10_000,
    // Connecting, or waiting for a free connection, longer than this answers 503 (the error handler)
    // instead of holding the request until the client gives up.
    connectionTimeoutMillis: 10_000,
  });
  // An idle connection can be cut by the server (restart, failover, DROP DATABASE in tests). Without a
  // listener that error would be uncaught and stop the process; the pool replaces the client anyway.
  pool.on('error', (err) => console.warn(`database connection lost: ${err.message}`));
  // The pool listens only to idle clients. One lost while a request holds it (between the statements of
  // a transaction) emits its error with no listener, which stopped the process; its query fails anyway.
  pool.on('connect', (client) => client.on('error', () => undefined));
  // Drizzle 0.45 runs a transaction's BEGIN before the `try` that releases its client: a connection lost
  // just then kept its pool slot for good (drizzle-orm#6241), and a few losses left the pool empty.
  const connect = pool.connect.bind(pool);
  pool.connect = ((callback?: never) =>
    callback ? connect(callback) : connect().then(releasedOnLoss)) as typeof pool.connect;
  return pool;
}
