// What the app logs, for tests that read it: the server's logger (createLogger, as main.ts builds it) or a
// bare pino writing into a stream that hands over each line as it is written.
import { Writable } from 'node:stream';
import { createLogger } from '../src/platform/logger';

/** A stream that calls `onLine` with each line written to it (pino writes one JSON line a record). */
export function lineWriter(onLine: (line: string) => void): Writable {
  return new Writable({
    write(chunk, _encoding, done) {
      for (const line of String(chunk).split('\n').filter(Boolean)) onLine(line);
      done();
    },
  });
}

/** The server's logger at `level`, calling `onLine` with each line it logs. */
export const capturingLogger = (level: string, onLine: (line: string) => void) =>
  createLogger(level, lineWriter(onLine));
