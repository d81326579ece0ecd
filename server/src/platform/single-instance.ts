// SINGLE_INSTANCE=1 says this server is the only one on its PostgreSQL database: it keeps its JWT secret, push
// keys and files in its own DATA_DIR, so a second server on the same database would split the brain (users
// logged out by turns, files found on one server only). This makes it true rather than hoped for.
//
// Every server on PostgreSQL holds one session-level advisory lock of the database on a connection of its
// own, kept for the process's life: a SINGLE_INSTANCE server in the exclusive form, the others in the shared
// form of the same key. Shared holders coexist; an exclusive one excludes every other holder. So any number
// of ordinary servers run together, and any mix with a SINGLE_INSTANCE one is refused at start, naming why.
// PostgreSQL releases the lock when the connection ends: a crashed or killed server holds nothing.
// With WORKERS > 1 the cluster's primary holds it for its workers (main.ts); PGlite has its DATA_DIR lock.
import pg from 'pg';
import type { Logger } from 'pino';

/** The lock's key, two int4 ("Hear", "th" and 1) as pg_locks shows them: classid and objid, objsubid 2. */
export const INSTANCE_LOCK_KEY = [0x48656172, 0x74680001] as const;

/** How the holding connection shows in pg_stat_activity, which the refusal quotes. */
const APPLICATION_NAME = 'hearth instance lock';

/** After the connection is lost (a restart or failover of PostgreSQL), the next try to take the lock back. */
const RETRY_MS = [1000, 2000, 5000, 10_000, 30_000];

type Holder = { mode: string; address: string | null; since: Date | null };

export type InstanceLock = {
  /** Lets the lock go (closes its connection); exiting does the same. */
  release(): Promise<void>;
};

/** The refusal's text, for the holders seen and what this server was asked to be. */
export function refusalMessage(single: boolean, holders: Holder[]): string {
  const who = holders
    .map((h) => {
      const from = h.address ? `from ${h.address}` : 'from this machine';
      const since = h.since ? `, connected since ${h.since.toISOString()}` : '';
      return `${h.mode === 'ExclusiveLock' ? 'a SINGLE_INSTANCE server' : 'a server'} ${from}${since}`;
    })
    .join('; ');
  const seen = who ? ` (${who})` : '';
  if (single)
    return (
      `Refusing to start: another Hearth server holds this database${seen}, and SINGLE_INSTANCE=1 says this ` +
      'server is the only one on it. Two servers that each keep their own secrets and files would log users ' +
      'out by turns and lose files. Stop the other server, or run every server without SINGLE_INSTANCE and ' +
      'with the same JWT_SECRET, S3_BUCKET and VAPID pair (README, Running on a PostgreSQL server).'
    );
  return (
    `Refusing to start: another Hearth server holds this database with SINGLE_INSTANCE=1${seen}, which says ` +
    'it is the only one on it. Stop it, or restart it without SINGLE_INSTANCE and with the same JWT_SECRET, ' +
    'S3_BUCKET and VAPID pair as this one, before starting more servers.'
  );
}

/** One try: a connection that holds the lock, or the holders that keep it from us (the connection closed). */
async function take(
  databaseUrl: string,
  single: boolean,
  onLost: (err?: Error) => void,
): Promise<{ client: pg.Client } | { holders: Holder[] }> {
  const client = new pg.Client({
    connectionString: databaseUrl,
    application_name: APPLICATION_NAME,
    // A connection whose server vanished is found dead within a minute instead of held for hours.
    keepAlive: true,
    keepAliveInitialDelayMillis: 10_000,
    connectionTimeoutMillis: 10_000,
  });
  // Before connect: an error on an idle client with no listener would stop the process.
  client.on('error', onLost);
  await client.connect();
  try {
    const fn = single ? 'pg_try_advisory_lock' : 'pg_try_advisory_lock_shared';
    const [first, second] = INSTANCE_LOCK_KEY;
    const { rows } = await client.query<{ taken: boolean }>(`select ${fn}($1::int, $2::int) as taken`, [
      first,
      second,
    ]);
    if (rows[0]?.taken) {
      client.on('end', () => onLost());
      return { client };
    }
    const holders = await client.query<{ mode: string; address: string | null; since: Date | null }>(
      `select l.mode, host(a.client_addr) as address, a.backend_start as since
         from pg_locks l left join pg_stat_activity a on a.pid = l.pid
        where l.locktype = 'advisory' and l.granted and l.objsubid = 2
          and l.database = (select oid from pg_database where datname = current_database())
          and l.classid = $1::int::oid and l.objid = $2::int::oid
        order by a.backend_start`,
      [first, second],
    );
    client.removeListener('error', onLost);
    client.on('error', () => undefined);
    await client.end();
    return { holders: holders.rows };
  } catch (err) {
    client.removeListener('error', onLost);
    client.on('error', () => undefined);
    await client.end().catch(() => undefined);
    throw err;
  }
}

/**
 * Takes the instance lock of `databaseUrl`'s database (exclusive with `single`, else shared) and keeps it;
 * throws the refusal when another server's lock is in the way. A lost connection is logged and the lock
 * taken back as soon as PostgreSQL answers again.
 */
export async function holdInstanceLock(opts: {
  databaseUrl: string;
  single: boolean;
  log: Pick<Logger, 'info' | 'warn' | 'error'>;
}): Promise<InstanceLock> {
  const { databaseUrl, single, log } = opts;
  let client: pg.Client | undefined;
  let released = false;
  let retry: NodeJS.Timeout | undefined;
  let attempt = 0;

  const lost = (err?: Error) => {
    if (released || !client) return;
    const dead = client;
    client = undefined;
    dead.end().catch(() => undefined);
    log.warn(
      { err: err?.message },
      'the connection holding the instance lock was lost: taking the lock again when the database answers',
    );
    again();
  };
  const again = () => {
    const delay = RETRY_MS[Math.min(attempt, RETRY_MS.length - 1)] ?? 30_000;
    attempt++;
    retry = setTimeout(async () => {
      if (released) return;
      try {
        const got = await take(databaseUrl, single, lost);
        if ('client' in got) {
          if (released) {
            await got.client.end().catch(() => undefined);
            return;
          }
          client = got.client;
          attempt = 0;
          log.info('the instance lock is held again');
          return;
        }
        // Someone took the database while we were away: say so loudly, and keep trying.
        log.error(refusalMessage(single, got.holders));
      } catch (err) {
        log.warn({ err: (err as Error).message }, 'the instance lock could not be taken again yet');
      }
      again();
    }, delay);
    retry.unref();
  };

  const got = await take(databaseUrl, single, lost);
  if ('holders' in got) throw new Error(refusalMessage(single, got.holders));
  client = got.client;
  return {
    async release() {
      released = true;
      clearTimeout(retry);
      const held = client;
      client = undefined;
      await held?.end().catch(() => undefined);
    },
  };
}
