// Files: the handlers of contract/src/endpoints/files.ts. POST /v1/api/files/upload takes one multipart
// file, streamed to storage (see upload.ts). GET /files/{key} serves stored files with their recorded type,
// without a login (<img> and <video> cannot send a bearer token); only keys recorded in the files table (as
// a file or as a file's thumbnail) are served. Range requests let players seek.

import type { IncomingMessage } from 'node:http';
import { pipeline, type Readable, Transform } from 'node:stream';
import multipart from '@fastify/multipart';
import { filesEndpoints, LIMITS, MSG, type UploadFields, uploadFields } from '@hearth/contract';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { me } from '../../platform/auth/guards';
import { AppError, badRequest, fieldError, notFound } from '../../platform/errors';
import { routes } from '../../platform/http/route-kit';
import { presentFile } from './presenter';
import { parseRange } from './range';
import { findServedFile, insertFile, removeBlob, storedKeys } from './service';
import { NotAnImageError, type StoredRenditions, storeThumbnail, TooManyPixelsError } from './thumbnails';
import { type StoredBlob, storeUpload } from './upload';

// Raster images, video and audio are shown by the page; anything else (PDF, raw) is downloaded, so a
// stored document never renders as a page of our origin. SVG can carry script: never inline.
const INLINE = /^(image\/(jpeg|png|gif|webp)|video\/[\w.+-]+|audio\/[\w.+-]+)$/;

/** RFC 6266 / 5987 filename, with a plain ASCII fallback. */
function attachment(name: string | null): string {
  if (!name) return 'attachment';
  const ascii = name.replace(/[^\x20-\x7e]|["\\]/g, '_');
  return `attachment; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(name)}`;
}

// A refused upload is answered once the client has sent the rest of its body (read and thrown away):
// a client that is still sending when the server hangs up often never reads the answer. Past this many
// bytes or this long, the server answers and closes the connection instead.
const DRAIN_MAX_BYTES = 64 * 1024 * 1024;
const DRAIN_MAX_MS = 60_000;

/** Reads and discards the rest of a request body; answers whether it ended within the caps. */
function drainBody(raw: IncomingMessage): Promise<boolean> {
  if (raw.complete || raw.readableEnded || raw.destroyed) return Promise.resolve(raw.complete !== false);
  return new Promise((resolve) => {
    let seen = 0;
    const finish = (complete: boolean) => {
      clearTimeout(timer);
      raw.off('data', onData);
      raw.off('end', onEnd);
      raw.off('close', onClose);
      if (!complete) raw.pause();
      resolve(complete);
    };
    const onData = (chunk: Buffer) => {
      seen += chunk.length;
      if (seen > DRAIN_MAX_BYTES) finish(false);
    };
    const onEnd = () => finish(true);
    const onClose = () => finish(raw.complete);
    const timer = setTimeout(() => finish(false), DRAIN_MAX_MS);
    // The multipart parser lets go of the body: from here on its bytes are only counted.
    raw.unpipe();
    raw.on('data', onData);
    raw.once('end', onEnd);
    raw.once('close', onClose);
    raw.resume();
  });
}

/** Lets the rest of a refused upload arrive, or asks the client to close and drops it if it keeps on. */
async function settleRefusedBody(request: FastifyRequest, reply: FastifyReply): Promise<void> {
  if (await drainBody(request.raw)) return;
  reply.header('Connection', 'close');
  reply.raw.once('finish', () => {
    setTimeout(() => {
      const socket = request.raw.socket as { destroy?: () => void } | undefined;
      if (!request.raw.complete && typeof socket?.destroy === 'function') socket.destroy();
    }, 2_000).unref();
  });
}

/**
 * The blob on its way to the client, cut (with the connection) once the client took none of it for
 * `idleMs`, the HTTP idle timeout (platform/http/timeouts.ts): Node's own socket timeout let a stalled
 * download live about twice that (issue 31). Bytes pass the watch only as fast as the answer takes them
 * (backpressure), so a client that stops reading stops them within a few dozen KB. Cutting the answer
 * destroys this stream, and through the pipeline the blob's (a file, or an S3 body and its connection).
 */
function cutWhenIdle(blob: Readable, reply: FastifyReply, idleMs: number): Readable {
  // inject() has no real socket, and nothing to cut.
  if (typeof reply.raw.socket?.destroy !== 'function') return blob;
  const timer = setTimeout(() => {
    reply.log.info({ idleMs }, 'files: download cut, the client took nothing for the idle time');
    reply.raw.destroy();
  }, idleMs);
  timer.unref();
  const watched = new Transform({
    transform(chunk: Buffer, _encoding, callback) {
      timer.refresh();
      callback(null, chunk);
    },
  });
  const stop = () => clearTimeout(timer);
  reply.raw.once('close', stop);
  // Once the whole answer is with the operating system, what is left is the connection's (its own timeouts).
  reply.raw.once('finish', stop);
  // The blob's error reaches Fastify through `watched`; a cut answer destroys `watched` and so the blob.
  pipeline(blob, watched, () => undefined);
  return watched;
}

/** The multipart parts of an upload: the one `file` part streamed to storage, the text fields kept. */
async function receive(request: FastifyRequest): Promise<{ stored: StoredBlob; fields: UploadFields }> {
  const fields: Record<string, string> = {};
  let stored: StoredBlob | undefined;
  try {
    for await (const part of request.parts()) {
      if (part.type === 'field') {
        fields[part.fieldname] = String(part.value);
        continue;
      }
      if (part.fieldname !== 'file' || stored) {
        throw badRequest(MSG.invalidInput, { [part.fieldname]: MSG.invalidInput });
      }
      // Fields sent before the file constrain it; those sent after are checked below all the same.
      const early = uploadFields.safeParse(fields);
      stored = await storeUpload(request.server.storage, part.file, {
        prefix: early.data?.folder ?? 'post',
        filename: fields.filename || part.filename,
        expected: early.data && early.data.resourceType !== 'auto' ? early.data.resourceType : undefined,
      });
      if (!fields.filename && part.filename) fields.filename = part.filename;
    }
  } catch (err) {
    await removeBlob(request.server.storage, stored?.key);
    throw multipartError(err);
  }
  if (!stored) throw fieldError('file', MSG.fileRequired);
  const parsed = uploadFields.safeParse(fields);
  const wanted = parsed.data?.resourceType;
  if (!parsed.success || (wanted && wanted !== 'auto' && wanted !== stored.sniffed.resourceType)) {
    await removeBlob(request.server.storage, stored.key);
    const field = parsed.error?.issues[0]?.path[0];
    throw field ? fieldError(String(field), MSG.invalidInput) : fieldError('file', MSG.fileTypeRefused);
  }
  return { stored, fields: parsed.data };
}

const MALFORMED_MULTIPART = /^(Unexpected end|Malformed|Multipart|Part terminated early|Boundary not found)/i;

/** @fastify/multipart's own limits and parse errors, as our error values. */
function multipartError(err: unknown): unknown {
  if (err instanceof AppError) return err;
  const e = err as { code?: string; statusCode?: number };
  // Only past the largest limit of all (video) does the parser's own backstop fire.
  if (e?.code === 'FST_REQ_FILE_TOO_LARGE') return new AppError('too_large', 413, MSG.videoTooBig);
  // Too many parts, files or fields, a malformed body: the request is not an upload we understand.
  if (e?.code?.startsWith('FST_') && e.statusCode && e.statusCode < 500) return badRequest(MSG.invalidInput);
  // busboy's words for a body that is not well-formed multipart, or that ended before its closing
  // boundary: "Unexpected end of multipart data", "Part terminated early due to unexpected end ...".
  if (err instanceof Error && MALFORMED_MULTIPART.test(err.message)) return badRequest(MSG.invalidInput);
  // The client hung up mid-upload: its request, not the server, failed (nobody may be left to answer).
  if (e?.code === 'ECONNRESET' || (err instanceof Error && err.message === 'aborted')) {
    return badRequest(MSG.invalidInput);
  }
  return err;
}

export async function fileRoutes(app: FastifyInstance): Promise<void> {
  // Registered here only: no other route accepts multipart bodies.
  await app.register(multipart, {
    limits: {
      // Our own byte counter refuses at the limit of the sniffed kind; this is the backstop.
      fileSize: LIMITS.videoMaxBytes + 1,
      files: 1,
      fields: 10,
      fieldSize: 1024,
      parts: 12,
      headerPairs: 100,
    },
  });

  routes(app, filesEndpoints, {
    uploadFile: [
      async (request, reply) => {
        if (!request.isMultipart()) throw fieldError('file', MSG.fileRequired);
        const caller = me(request);
        let received: Awaited<ReturnType<typeof receive>>;
        try {
          received = await receive(request);
        } catch (err) {
          await settleRefusedBody(request, reply);
          throw err;
        }
        const { stored, fields } = received;
        const storage = app.storage;
        let renditions: StoredRenditions;
        try {
          renditions = await storeThumbnail(storage, stored.key, stored.sniffed);
        } catch (err) {
          await removeBlob(storage, stored.key);
          if (err instanceof NotAnImageError) throw fieldError('file', MSG.fileTypeRefused);
          if (err instanceof TooManyPixelsError) throw fieldError('file', MSG.imageTooManyPixels);
          throw err;
        }
        try {
          const row = await insertFile(app.db, {
            storageKey: stored.key,
            ...renditions,
            mimeType: stored.sniffed.mimeType,
            resourceType: stored.sniffed.resourceType,
            size: stored.size,
            originalName: fields.filename,
            createdById: caller.id,
          });
          const file = presentFile(row);
          return reply.status(201).send({ data: { fileId: row.id, payload: { url: file.sourceUrl }, file } });
        } catch (err) {
          await removeBlob(storage, storedKeys({ storageKey: stored.key, ...renditions }));
          throw err;
        }
      },
      // A 500 MB video on a slow link outlasts the ordinary body deadline (platform/http/timeouts.ts).
      { config: { longBody: true } },
    ],

    getStoredFile: [
      async (request, reply) => {
        const key = request.params['*'];
        if (!key || key.length > 300) throw notFound();
        const found = await findServedFile(app.db, key);
        if (!found) throw notFound();
        const mimeType = found.rendition ?? found.row.mimeType;
        const headers = {
          'Content-Type': mimeType,
          'Accept-Ranges': 'bytes',
          'X-Content-Type-Options': 'nosniff',
          'Cache-Control': 'private, max-age=86400',
          'Content-Disposition': INLINE.test(mimeType) ? 'inline' : attachment(found.row.originalName),
        };

        // Without a Range header one call to storage does; with one, the size decides what to answer first.
        let range: { start: number; end: number } | undefined;
        if (request.headers.range) {
          const stat = await app.storage.stat(key);
          if (!stat) throw notFound();
          const answer = parseRange(request.headers.range, stat.size);
          if (answer.kind === 'unsatisfiable') {
            return reply
              .status(416)
              .header('Accept-Ranges', 'bytes')
              .header('Content-Range', `bytes */${stat.size}`)
              .send({ error: 'The requested range is not available', code: 'range_not_satisfiable' });
          }
          if (answer.kind === 'partial') range = answer;
        }
        const opened = await app.storage.open(key, range);
        if (!opened) throw notFound();
        reply.headers(headers);
        const body = cutWhenIdle(opened.stream, reply, app.config.httpTimeouts.idleMs);
        if (!range) return reply.header('Content-Length', opened.size).send(body);
        return reply
          .status(206)
          .header('Content-Range', `bytes ${range.start}-${range.end}/${opened.size}`)
          .header('Content-Length', range.end - range.start + 1)
          .send(body);
      },
      // Not compressed: media are compressed already, and ranges must stay byte ranges (compression.ts).
      { compress: false },
    ],
  });
}
