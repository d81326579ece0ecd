// The event bus's reconnect loop with a fake connection: it retries with capped, jittered backoff for as long
// as the connection is refused, reports one loss and one recovery (not one line per attempt), and stops
// when closed. Fast, no database.
import { describe, expect, it } from 'vitest';
import { BACKOFF, backoffDelay, type Connect, keepListening } from './events-reconnect';

/** A connection that can be refused (while `down`) and lost on demand. */
function fakeServer() {
  const server = {
    down: false,
    attempts: 0,
    open: 0,
    lose: (_err: Error) => {},
    connect: (async (lost) => {
      server.attempts++;
      await new Promise((r) => setTimeout(r, 1));
      if (server.down) throw new Error('connection refused');
      server.open++;
      server.lose = lost;
      let closed = false;
      return {
        close: async () => {
          if (!closed) server.open--;
          closed = true;
        },
      };
    }) as Connect,
  };
  return server;
}

const until = async (ok: () => boolean, ms = 2000) => {
  const end = Date.now() + ms;
  while (!ok()) {
    if (Date.now() > end) throw new Error('timed out');
    await new Promise((r) => setTimeout(r, 2));
  }
};

describe('the reconnect backoff', () => {
  it('doubles from the first delay up to the cap, jittered between half and all of it', () => {
    const top = (n: number) => backoffDelay(n, BACKOFF, () => 1);
    expect([0, 1, 2, 3, 4, 5, 40].map(top)).toEqual([250, 500, 1000, 2000, 3000, 3000, 3000]);
    expect(backoffDelay(2, BACKOFF, () => 0)).toBe(500);
    for (let i = 0; i < 100; i++) {
      const d = backoffDelay(i % 8, BACKOFF);
      expect(d).toBeGreaterThanOrEqual(125);
      expect(d).toBeLessThanOrEqual(3000);
    }
  });
});

describe('keepListening', () => {
  it('fails to start when the first connection is refused', async () => {
    const server = fakeServer();
    server.down = true;
    await expect(keepListening({ connect: server.connect, onLost() {}, onRecovered() {} })).rejects.toThrow(
      'connection refused',
    );
  });

  it('retries for as long as it is refused, then listens again, with one line each way', async () => {
    const server = fakeServer();
    const events: string[] = [];
    const stillDown: number[] = [];
    const loop = await keepListening({
      connect: server.connect,
      backoff: { initialMs: 2, maxMs: 10 },
      stillDownEveryMs: 50,
      onLost: (err) => events.push(`lost: ${err.message}`),
      onStillDown: (_ms, attempts) => stillDown.push(attempts),
      onRecovered: (_ms, attempts) => events.push(`back after ${attempts}`),
    });
    expect(loop.state()).toEqual({ listening: true, downSince: null });

    server.down = true;
    const before = Date.now();
    server.lose(new Error('terminating connection due to administrator command'));
    server.lose(new Error('the connection ended')); // the same loss reported twice counts once
    expect(loop.state().listening).toBe(false);
    expect(loop.state().downSince).toBeGreaterThanOrEqual(before);
    expect(server.open).toBe(0);
    // Well past one retry: the old bus stopped after one.
    await until(() => server.attempts > 20);
    const attemptsWhileDown = server.attempts - 1;
    expect(loop.state().listening).toBe(false);
    expect(events).toEqual(['lost: terminating connection due to administrator command']);
    // The "still down" line is rate-limited, far fewer than the attempts.
    expect(stillDown.length).toBeLessThan(attemptsWhileDown / 3);

    server.down = false;
    await until(() => loop.state().listening);
    expect(loop.state().downSince).toBeNull();
    expect(server.open).toBe(1);
    expect(events).toHaveLength(2);
    expect(events[1]).toMatch(/^back after \d+$/);

    // A second loss is mended the same way, from the first delay again.
    server.lose(new Error('again'));
    await until(() => loop.state().listening);
    expect(events.slice(2)).toEqual(['lost: again', 'back after 1']);

    await loop.close();
    expect(server.open).toBe(0);
  });

  it('stops retrying once closed, and closes a connection that opens after that', async () => {
    const server = fakeServer();
    const loop = await keepListening({
      connect: server.connect,
      backoff: { initialMs: 1, maxMs: 2 },
      onLost() {},
      onRecovered() {},
    });
    server.down = true;
    server.lose(new Error('gone'));
    await until(() => server.attempts > 3);
    await loop.close();
    const attempts = server.attempts;
    server.down = false;
    await new Promise((r) => setTimeout(r, 30));
    expect(server.attempts).toBeLessThanOrEqual(attempts + 1);
    expect(server.open).toBe(0);
    expect(loop.state().listening).toBe(false);
  });
});
