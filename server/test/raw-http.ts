// A raw TCP client for the HTTP edge tests: sends exactly the bytes a test writes (half-sent headers,
// bodies that stall or trickle) and records what came back and when the server closed the connection.
import { connect, type Socket } from 'node:net';

export type RawConnection = {
  socket: Socket;
  /** Everything the server sent so far. */
  received(): string;
  /** Resolves when the server has closed the connection, with the ms since the connection opened. */
  closed: Promise<number>;
  /** Whether the connection is still open. */
  open(): boolean;
  write(data: string | Buffer): void;
  /** Writes `data` in `pieces` parts, one every `everyMs`; resolves after the last one. */
  trickle(data: Buffer, pieces: number, everyMs: number): Promise<void>;
};

export function rawConnect(port: number): Promise<RawConnection> {
  return new Promise((resolve, reject) => {
    const started = Date.now();
    const socket = connect(port, '127.0.0.1');
    const chunks: Buffer[] = [];
    let isOpen = true;
    socket.on('data', (c: Buffer) => chunks.push(c));
    // A server that resets the connection is closing it too.
    socket.on('error', () => undefined);
    const closed = new Promise<number>((done) =>
      socket.on('close', () => {
        isOpen = false;
        done(Date.now() - started);
      }),
    );
    socket.once('connect', () =>
      resolve({
        socket,
        received: () => Buffer.concat(chunks).toString(),
        closed,
        open: () => isOpen,
        write: (data) => {
          if (isOpen) socket.write(data);
        },
        async trickle(data, pieces, everyMs) {
          const size = Math.ceil(data.length / pieces);
          for (let at = 0; at < data.length; at += size) {
            if (!isOpen) return;
            socket.write(data.subarray(at, at + size));
            await sleep(everyMs);
          }
        },
      }),
    );
    socket.once('error', reject);
  });
}

export const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/** Resolves with the close time, or rejects when the connection is still open after `ms`. */
export function closedWithin(conn: RawConnection, ms: number): Promise<number> {
  return Promise.race([
    conn.closed,
    sleep(ms).then(() => {
      throw new Error(`the connection was still open after ${ms} ms`);
    }),
  ]);
}

/** The status and JSON body of the (first) answer read from a raw connection. */
export function parseAnswer(raw: string): { status: number; headers: string; body: unknown } {
  const status = Number(/^HTTP\/1\.1 (\d{3})/.exec(raw)?.[1] ?? 0);
  const split = raw.indexOf('\r\n\r\n');
  const headers = split >= 0 ? raw.slice(0, split) : raw;
  const text = split >= 0 ? raw.slice(split + 4) : '';
  let body: unknown = text;
  try {
    body = JSON.parse(text);
  } catch {
    // Not JSON (or chunked): the test sees the text.
  }
  return { status, headers, body };
}

/** The request line and headers of a request, ended with the blank line. */
export function head(method: string, path: string, headers: Record<string, string | number>): string {
  const lines = Object.entries(headers).map(([k, v]) => `${k}: ${v}`);
  return `${method} ${path} HTTP/1.1\r\nHost: 127.0.0.1\r\n${lines.join('\r\n')}${lines.length ? '\r\n' : ''}\r\n`;
}
