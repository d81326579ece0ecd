// A listener on every local address (dual stack) that counts each connection and drops it: an SSRF test
// points a fetch at its port under a local or private name and expects no connection to arrive.
import { createServer, type Server, type Socket } from 'node:net';
import { afterAll, beforeAll } from 'vitest';

export type ConnectionTrap = {
  /** Its port, set once the file's beforeAll has run. */
  port: number;
  /** Connections that reached it (a test may reset it). */
  connections: number;
  /** Connections not yet closed. */
  open: Set<Socket>;
};

/** Opens the trap before the file's tests and closes it after them. */
export function useConnectionTrap(): ConnectionTrap {
  const trap: ConnectionTrap = { port: 0, connections: 0, open: new Set() };
  let server: Server;
  beforeAll(async () => {
    server = createServer((socket) => {
      trap.connections++;
      trap.open.add(socket);
      socket.on('close', () => trap.open.delete(socket));
      socket.destroy();
    });
    await new Promise<void>((ok) => server.listen(0, '::', ok));
    trap.port = (server.address() as { port: number }).port;
  });
  afterAll(() => new Promise<void>((ok) => server.close(() => ok())));
  return trap;
}
