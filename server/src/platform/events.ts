// The live event bus: in-process (EventEmitter) on PGlite; on PostgreSQL every message goes through
// `NOTIFY hearth_events` and a dedicated LISTEN connection delivers it to this instance's subscribers, so
// several instances each deliver to their own SSE clients. Payloads stay far below NOTIFY's 8000 bytes:
// callers send user ids in chunks (publishUsers).
// A message can also be sent through SQL on any handle, a transaction included (publishOnCommit): the
// database delivers it when that transaction commits, and never if it rolls back. On PGlite this instance
// LISTENs on the same channel through the embedded client, so both kinds deliver such messages.
// The LISTEN connection is kept whatever the outage (events-reconnect.ts): retried with capped backoff for
// ever; while it is down the bus says so (state(): the metric hearth_event_bus_connected and readiness's
// `events` check), and when it is back every subscriber gets `resync`, since messages of the gap are gone.
import { EventEmitter } from 'node:events';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import type { Database, Db } from '../db/client';
import { type Backoff, keepListening } from './events-reconnect';

/**
 * Which users got something new (notifications, or their unviewed count changed), and sessions that ended
 * (logout, a reused refresh token, password change or reset, deactivation): every instance then re-reads
 * the user and closes the live streams of that session, or of all the user's sessions when `sessionId` is
 * absent.
 */
export type BusMessage = {
  userIds: number[];
  sessionsEnded?: { userId: number; sessionId?: string };
  /**
   * Sent by this instance to its own subscribers when its LISTEN connection came back after a loss:
   * messages of the gap are gone, so whoever keeps state from messages re-reads it (live streams send a
   * fresh count, the guard forgets its cached users).
   */
  resync?: true;
  /**
   * Something a search can find changed (sent by the database's triggers at commit, migration 0020): every
   * instance drops its cached matches (features/search/match-cache.ts).
   */
  searchChanged?: true;
};

export type EventBusState = {
  /** This instance hears the bus (always, in process on PGlite). */
  listening: boolean;
  /** Since when it does not (ms since the epoch), or null. */
  downSince: number | null;
  /** Listening, or not for longer than EVENT_BUS_DOWN_LIMIT_MS: readiness fails otherwise. */
  ready: boolean;
};

export type EventBus = {
  /**
   * Best effort: never rejects on a failure to send (logged instead): a live event is a signal, and the
   * state it signals is in the database, which a resync reads again. (publishOnCommit, part of the caller's
   * transaction, does fail with it.)
   */
  publish(msg: BusMessage): Promise<void>;
  subscribe(fn: (msg: BusMessage) => void): () => void;
  /** Whether this instance hears the bus; test doubles may leave it out. */
  state?(): EventBusState;
  close(): Promise<void>;
};

/**
 * How long this instance may go without its LISTEN connection before readiness answers 503 (the `events`
 * check, features/system/routes.ts): longer than a connection's brief loss, which the retries mend in seconds
 * (events-reconnect.ts), short enough that a load balancer probing every 10 s with a few failures allowed
 * takes the instance out within a minute.
 */
export const EVENT_BUS_DOWN_LIMIT_MS = 30_000;
/** One attempt to connect gives up after this long (a silent address during a failover). */
const CONNECT_TIMEOUT_MS = 5_000;
/** At most one line a minute about failed publishes. */
const PUBLISH_FAILURE_LOG_MS = 60_000;

/** Timing for tests: set for a database handle before the app on it starts (as bindPushNetwork does). */
export type EventBusTuning = { backoff?: Backoff; downLimitMs?: number };
const tunings = new WeakMap<Db, EventBusTuning>();
export function tuneEventBus(db: Db, tuning: EventBusTuning): void {
  tunings.set(db, tuning);
}

const CHANNEL = 'hearth_events';
/** Ids per message: 500 ids of up to 7 digits stay under 4 KB of JSON. */
const CHUNK = 500;

/** Publishes that `userIds` changed, in messages of at most CHUNK ids. */
export async function publishUsers(bus: EventBus, userIds: readonly number[]): Promise<void> {
  for (let i = 0; i < userIds.length; i += CHUNK) await bus.publish({ userIds: userIds.slice(i, i + CHUNK) });
}

/**
 * Publishes through the database handle given: inside a transaction the message goes out when it commits
 * (so no instance acts on a change that is not visible yet), and not at all if it rolls back.
 */
export async function publishOnCommit(db: Db, msg: BusMessage): Promise<void> {
  await db.execute(sql`select pg_notify(${CHANNEL}, ${JSON.stringify(msg)})`);
}

/** `publish` that logs a failure (at most once a minute) instead of rejecting. */
function bestEffort(
  send: (msg: BusMessage) => Promise<void>,
  log: (msg: string) => void,
): (msg: BusMessage) => Promise<void> {
  let loggedAt = Number.NEGATIVE_INFINITY;
  let missed = 0;
  return async (msg) => {
    try {
      await send(msg);
    } catch (err) {
      missed++;
      if (Date.now() - loggedAt < PUBLISH_FAILURE_LOG_MS) return;
      loggedAt = Date.now();
      log(`event bus: ${missed} live event(s) not sent (${(err as Error).message})`);
      missed = 0;
    }
  };
}

function parseMessage(payload: string, log: (msg: string) => void): BusMessage | null {
  try {
    return JSON.parse(payload) as BusMessage;
  } catch {
    log('event bus: unreadable message');
    return null;
  }
}

export async function createEventBus(
  database: Pick<Database, 'kind' | 'url' | 'db' | 'pglite'>,
  log: (msg: string) => void = () => {},
): Promise<EventBus> {
  const emitter = new EventEmitter();
  emitter.setMaxListeners(0);
  const tuning = tunings.get(database.db) ?? {};
  const downLimitMs = tuning.downLimitMs ?? EVENT_BUS_DOWN_LIMIT_MS;
  // Each subscriber on its own: one that throws must neither keep the message from the others nor escape
  // into the LISTEN connection's handler, where it would end the process.
  const deliver = (msg: BusMessage) => {
    for (const fn of emitter.listeners('message') as ((m: BusMessage) => void)[]) {
      try {
        fn(msg);
      } catch (err) {
        log(`event bus: a subscriber failed (${err instanceof Error ? err.message : String(err)})`);
      }
    }
  };
  const subscribe = (fn: (msg: BusMessage) => void) => {
    emitter.on('message', fn);
    return () => {
      emitter.off('message', fn);
    };
  };
  if (database.kind !== 'postgres' || !database.url) {
    // Messages sent through SQL (publishOnCommit) arrive through PGlite's own LISTEN.
    const unlisten = await database.pglite?.listen(CHANNEL, (payload) => {
      const msg = parseMessage(payload, log);
      if (msg) deliver(msg);
    });
    return {
      publish: bestEffort(async (msg) => {
        deliver(msg);
      }, log),
      subscribe,
      state: () => ({ listening: true, downSince: null, ready: true }),
      close: async () => {
        emitter.removeAllListeners();
        await unlisten?.().catch(() => {});
      },
    };
  }

  const url = database.url;
  const listening = await keepListening({
    connect: async (lost) => {
      const client = new pg.Client({
        connectionString: url,
        // A failover can leave the old address silent rather than refusing: give up on an attempt and try
        // again rather than wait for the kernel's TCP timeout; keepalive notices a connection that died
        // without a word.
        connectionTimeoutMillis: CONNECT_TIMEOUT_MS,
        keepAlive: true,
      });
      client.on('notification', (n) => {
        if (n.channel !== CHANNEL || !n.payload) return;
        const msg = parseMessage(n.payload, log);
        if (msg) deliver(msg);
      });
      client.on('error', (err) => lost(err));
      client.on('end', () => lost(new Error('the connection ended')));
      try {
        await client.connect();
        await client.query(`LISTEN ${CHANNEL}`);
      } catch (err) {
        await client.end().catch(() => {});
        throw err;
      }
      return { close: () => client.end() };
    },
    backoff: tuning.backoff,
    onLost: (err) =>
      log(`event bus: LISTEN connection lost (${err.message}): live events stop until it is back; retrying`),
    onStillDown: (downMs, attempts, err) =>
      log(
        `event bus: still not listening after ${Math.round(downMs / 1000)} s and ${attempts} attempts (${err.message})`,
      ),
    onRecovered: (downMs, attempts) => {
      log(
        `event bus: listening again after ${Math.round(downMs / 100) / 10} s (${attempts} attempts): resync`,
      );
      deliver({ userIds: [], resync: true });
    },
  });

  return {
    publish: bestEffort((msg) => publishOnCommit(database.db, msg), log),
    subscribe,
    state: () => {
      const { listening: up, downSince } = listening.state();
      // Closed (downSince null, not listening) is not an outage: the server is stopping.
      return {
        listening: up,
        downSince,
        ready: up || downSince === null || Date.now() - downSince <= downLimitMs,
      };
    },
    close: async () => {
      emitter.removeAllListeners();
      await listening.close();
    },
  };
}
