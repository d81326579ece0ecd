// An S3 object's body read at its reader's pace, without holding a connection for a reader that stopped.
// An S3 GET's body is a socket of the SDK's pool: piped to a download whose client stopped reading, it stays
// open (backpressure pauses it, nothing ends it) and the pool runs dry (issue 31). Here the body is paused
// when the reader's buffer is full and destroyed (its socket closed, its place in the pool free) once the
// reader has taken nothing for `releaseAfterMs`; when the reader asks for more, a ranged GET fetches the
// rest from the next byte. A reader that keeps up makes one GET, as before.
import { Readable } from 'node:stream';

export type PacedBodyOptions = {
  /** The body of the first GET, which starts at `start`. */
  first: Readable;
  /** The inclusive byte offsets of the object that the stream delivers. */
  start: number;
  end: number;
  /** A GET of the bytes `from`-`to` (inclusive) of the same object. */
  reopen: (from: number, to: number) => Promise<Readable>;
  releaseAfterMs: number;
};

/** What was delivered, for a test: how many GETs and releases it took. */
export type PacedBody = Readable & { readonly gets: number; readonly releases: number };

export function pacedBody(options: PacedBodyOptions): PacedBody {
  const { end, reopen, releaseAfterMs } = options;
  /** The next byte to deliver. */
  let offset = options.start;
  let body: Readable | null = null;
  let opening = false;
  let gets = 1;
  let releases = 0;
  let releaseTimer: NodeJS.Timeout | undefined;

  const release = () => {
    const held = body;
    body = null;
    if (!held) return;
    releases++;
    held.destroy();
  };

  const attach = (next: Readable) => {
    body = next;
    next.on('data', (chunk: Buffer) => {
      if (body !== next) return;
      offset += chunk.length;
      if (stream.push(chunk)) return;
      // The reader's buffer is full: wait for it, and let the body go if it does not come back.
      next.pause();
      clearTimeout(releaseTimer);
      releaseTimer = setTimeout(release, releaseAfterMs);
      releaseTimer.unref();
    });
    next.once('end', () => {
      if (body !== next) return;
      body = null;
      if (offset > end) stream.push(null);
      else stream.destroy(new Error(`the S3 body ended at byte ${offset} of ${end + 1}`));
    });
    next.once('error', (err) => {
      if (body === next) stream.destroy(err);
    });
    // An error after it was let go (the destroy itself) concerns nobody.
    next.on('error', () => undefined);
  };

  const stream = new Readable({
    read() {
      clearTimeout(releaseTimer);
      if (body) {
        body.resume();
        return;
      }
      if (opening || offset > end) return;
      opening = true;
      gets++;
      reopen(offset, end).then(
        (next) => {
          opening = false;
          if (stream.destroyed) next.destroy();
          else attach(next);
        },
        (err: Error) => stream.destroy(err),
      );
    },
    destroy(err, callback) {
      clearTimeout(releaseTimer);
      const held = body;
      body = null;
      held?.destroy();
      callback(err);
    },
  });
  attach(options.first);
  return Object.defineProperties(stream, {
    gets: { get: () => gets },
    releases: { get: () => releases },
  }) as PacedBody;
}
