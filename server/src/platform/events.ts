// The live event bus: in-process (EventEmitter) on PGlite; on PostgreSQL every message goes through
// `NOTIFY hearth_events` and a dedicated LISTEN connection delivers it to this instance's subscribers, so
// several instances each deliver to their own SSE clients. Payloads stay far below NOTIFY's 8000 bytes:
// callers send user ids in chunks (publishUsers).
import { EventEmitter } from 'node:events';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import type { Database } from '../db/client';

/** Which users got something new (notifications, or their unviewed count changed). */
export type BusMessage = { userIds: number[] };

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

export async function createEventBus(
  database: Pick<Database, 'kind' | 'url' | 'db'>,
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
    return {
      publish: async (msg) => {
        deliver(msg);
      },
      subscribe,
      close: async () => {
        emitter.removeAllListeners();
      },
    };
  }

  const url = database.url;
  let closed = false;
  let listener: pg.Client | undefined;
  const connect = async (): Promise<void> => {
    const client = new pg.Client({ connectionString: url });
    client.on('notification', (n) => {
      if (n.channel !== CHANNEL || !n.payload) return;
      try {
        deliver(JSON.parse(n.payload) as BusMessage);
      } catch {
        log('event bus: unreadable message');
      }
    });
    client.on('error', (err) => {
      log(`event bus: LISTEN connection lost: ${err.message}`);
      if (listener === client) listener = undefined;
      client.end().catch(() => {});
      if (!closed) setTimeout(() => void connect().catch(() => {}), 1000).unref();
    });
    await client.connect();
    await client.query(`LISTEN ${CHANNEL}`);
    listener = client;
  };
  await connect();

  return {
    publish: async (msg) => {
      await database.db.execute(sql`select pg_notify(${CHANNEL}, ${JSON.stringify(msg)})`);
    },
    subscribe,
    close: async () => {
      closed = true;
      emitter.removeAllListeners();
      await listener?.end().catch(() => {});
    },
  };
}
