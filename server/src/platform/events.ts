// The live event bus: in-process (EventEmitter) on PGlite; on PostgreSQL every message goes through
// `NOTIFY hearth_events` and a dedicated LISTEN connection delivers it to this instance's subscribers, so
// several instances each deliver to their own SSE clients. Payloads stay far below NOTIFY's 8000 bytes:
// callers send user ids in chunks (publishUsers).
// A message can also be sent through SQL on any handle, a transaction included (publishOnCommit): the
// database delivers it when that transaction commits, and never if it rolls back. On PGlite this instance
// LISTENs on the same channel through the embedded client, so both kinds deliver such messages.
import { EventEmitter } from 'node:events';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import type { Database, Db } from '../db/client';

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

export type EventBus = {
  publish(msg: BusMessage): Promise<void>;
  subscribe(fn: (msg: BusMessage) => void): () => void;
  close(): Promise<void>;
};

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
  const deliver = (msg: BusMessage) => emitter.emit('message', msg);
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
      publish: async (msg) => {
        deliver(msg);
      },
      subscribe,
      close: async () => {
        emitter.removeAllListeners();
        await unlisten?.().catch(() => {});
      },
    };
  }

  const url = database.url;
  let closed = false;
  let listener: pg.Client | undefined;
  let lost = false;
  const connect = async (): Promise<void> => {
    const client = new pg.Client({ connectionString: url });
    client.on('notification', (n) => {
      if (n.channel !== CHANNEL || !n.payload) return;
      const msg = parseMessage(n.payload, log);
      if (msg) deliver(msg);
    });
    client.on('error', (err) => {
      log(`event bus: LISTEN connection lost: ${err.message}`);
      lost = true;
      if (listener === client) listener = undefined;
      client.end().catch(() => {});
      if (!closed) setTimeout(() => void connect().catch(() => {}), 1000).unref();
    });
    await client.connect();
    await client.query(`LISTEN ${CHANNEL}`);
    listener = client;
    if (lost) {
      lost = false;
      log('event bus: listening again');
      deliver({ userIds: [], resync: true });
    }
  };
  await connect();

  return {
    publish: (msg) => publishOnCommit(database.db, msg),
    subscribe,
    close: async () => {
      closed = true;
      emitter.removeAllListeners();
      await listener?.end().catch(() => {});
    },
  };
}
