// Keeps the event bus's LISTEN connection (events.ts) open whatever the outage: when it is lost, tries again
// with capped exponential backoff and jitter, for ever, until it listens again or the bus closes. Apart from
// the connection itself (given as `connect`, so a test can hand it a fake), so the loop is tested on its own.

/** The delays between attempts: `initialMs`, doubling up to `maxMs`. */
export type Backoff = { initialMs: number; maxMs: number };

/**
 * Production timing. The cap bounds how late an instance hears again after the database is back (a
 * PostgreSQL failover takes 10 to 60 s): at most about 3 s. A refused connection costs the database nothing,
 * so trying every 3 s from every instance is cheap.
 */
export const BACKOFF: Backoff = { initialMs: 250, maxMs: 3_000 };

/**
 * The wait before attempt `attempt` (0 for the first after a loss): exponential, capped, and jittered
 * between half and all of it so that instances that lost the database together do not come back in step.
 */
export function backoffDelay(attempt: number, backoff: Backoff, random: () => number = Math.random): number {
  const full = Math.min(backoff.maxMs, backoff.initialMs * 2 ** Math.min(attempt, 30));
  return Math.round(full / 2 + (random() * full) / 2);
}

/** An open LISTEN connection. */
export type Connection = { close(): Promise<void> };

/**
 * Opens a connection and LISTENs; rejects if it cannot. Once it has resolved, `lost` is to be called when the
 * connection fails or ends (any number of times: only the first counts).
 */
export type Connect = (lost: (err: Error) => void) => Promise<Connection>;

export type ListenState = {
  /** The connection is open and listening. */
  listening: boolean;
  /** Since when it is not (ms since the epoch), or null while it listens. */
  downSince: number | null;
};

export type KeepListening = {
  state(): ListenState;
  close(): Promise<void>;
};

export type KeepListeningOptions = {
  connect: Connect;
  backoff?: Backoff;
  /** The connection came back after a loss: whoever keeps state from messages resyncs. */
  onRecovered(downMs: number, attempts: number): void;
  /** The connection was lost: one call per loss, not one per failed attempt. */
  onLost(err: Error): void;
  /** Still down: called at most once per `stillDownEveryMs` while attempts fail. */
  onStillDown?(downMs: number, attempts: number, err: Error): void;
  stillDownEveryMs?: number;
  random?: () => number;
};

/**
 * Connects once (rejecting if that fails: a server that cannot LISTEN at start-up does not start), then keeps
 * the connection: after a loss, attempt after attempt until one succeeds.
 */
export async function keepListening(options: KeepListeningOptions): Promise<KeepListening> {
  const backoff = options.backoff ?? BACKOFF;
  const stillDownEveryMs = options.stillDownEveryMs ?? 60_000;
  let closed = false;
  let current: Connection | undefined;
  let downSince: number | null = null;
  let attempts = 0;
  let lastStillDown = 0;
  let timer: NodeJS.Timeout | undefined;

  /** One attempt; resolves to the connection, or rejects. A loss reported after success starts the loop. */
  const open = async (): Promise<Connection> => {
    let connection: Connection | undefined;
    let lostEarly: Error | undefined;
    const lost = (err: Error) => {
      if (!connection) {
        lostEarly ??= err;
        return;
      }
      if (connection !== current) return;
      current = undefined;
      downSince = Date.now();
      attempts = 0;
      lastStillDown = downSince;
      connection.close().catch(() => {});
      if (closed) return;
      options.onLost(err);
      schedule();
    };
    connection = await options.connect(lost);
    if (lostEarly) {
      await connection.close().catch(() => {});
      throw lostEarly;
    }
    return connection;
  };

  const schedule = () => {
    if (closed) return;
    const delay = backoffDelay(attempts, backoff, options.random);
    timer = setTimeout(() => void retry(), delay);
    // The loop never keeps the process alive on its own.
    timer.unref();
  };

  const retry = async () => {
    timer = undefined;
    if (closed) return;
    attempts++;
    let connection: Connection;
    try {
      connection = await open();
    } catch (err) {
      if (closed) return;
      const now = Date.now();
      if (options.onStillDown && now - lastStillDown >= stillDownEveryMs) {
        lastStillDown = now;
        options.onStillDown(now - (downSince ?? now), attempts, err as Error);
      }
      schedule();
      return;
    }
    if (closed) {
      await connection.close().catch(() => {});
      return;
    }
    current = connection;
    const downMs = Date.now() - (downSince ?? Date.now());
    downSince = null;
    options.onRecovered(downMs, attempts);
  };

  current = await open();
  return {
    state: () => ({ listening: current !== undefined, downSince }),
    close: async () => {
      closed = true;
      clearTimeout(timer);
      const connection = current;
      current = undefined;
      await connection?.close().catch(() => {});
    },
  };
}
