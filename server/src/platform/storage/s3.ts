// Blobs as objects in an S3-compatible bucket (AWS S3, MinIO, Ceph, R2, ...). Streamed writes go through
// @aws-sdk/lib-storage: multipart uploads of 5MB parts, two in flight, so memory stays at a few parts
// whatever the file's size; a write cut off by the byte limit aborts the multipart upload.
//
// Reads (ADR 007, addendum of issue 31) are paced by whoever reads them, a download's client most of the
// time, and must not let slow or stalled clients take the S3 client's connections: a body that nobody
// reads for RELEASE_AFTER_MS is let go (its connection closed, so the pool has it back) and fetched again
// from the next byte with a ranged GET when the reader asks for more (s3-read.ts). The pool itself is
// the client's own and larger than the SDK's default of 50 (MAX_SOCKETS).
import { createWriteStream } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { Agent as HttpAgent } from 'node:http';
import { Agent as HttpsAgent } from 'node:https';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import {
  DeleteObjectCommand,
  GetObjectCommand,
  HeadObjectCommand,
  PutObjectCommand,
  S3Client,
} from '@aws-sdk/client-s3';
import { Upload } from '@aws-sdk/lib-storage';
import { byteLimit, isStorageKey, putUnderNewKey, type Storage } from './core';
import { pacedBody } from './s3-read';

export type S3Settings = {
  bucket: string;
  region: string;
  /** For S3-compatible services (MinIO, ...): their URL. Unset for AWS itself. */
  endpoint?: string;
  /** Unset: the SDK's default chain (environment, instance role, ...). */
  accessKeyId?: string;
  secretAccessKey?: string;
  /** `http://host/bucket/key` addressing, which most S3-compatible services want. */
  forcePathStyle: boolean;
};

const PART_SIZE = 5 * 1024 * 1024;

/**
 * Connections to the bucket per server process. The SDK's default is 50, which 50 stalled downloads once
 * took (issue 31). Bodies are let go when their reader stalls, so what holds a connection is a request in
 * flight or a reader that keeps up; this leaves room for a burst of those. A constant, not a setting:
 * nothing here needs tuning per deployment (S3 takes thousands of connections).
 */
export const MAX_SOCKETS = 256;
/**
 * A body nobody read for this long is let go, its connection back in the pool; reading on fetches the
 * rest with a ranged GET. Long enough that a reader that keeps up never pays the extra request (a
 * browser's video player pausing its buffering does, once per pause), short enough that stalled clients
 * arriving at any pace the server can take cannot fill MAX_SOCKETS.
 */
export const RELEASE_AFTER_MS = 2_000;

export type S3StorageOptions = {
  /** A client of the caller's (tests), instead of one made from the settings with MAX_SOCKETS. */
  client?: S3Client;
  /** Tests: RELEASE_AFTER_MS shortened. */
  releaseAfterMs?: number;
};

function isMissing(err: unknown): boolean {
  const e = err as { name?: string; $metadata?: { httpStatusCode?: number } };
  return (
    e?.name === 'NoSuchKey' ||
    e?.name === 'NotFound' ||
    e?.$metadata?.httpStatusCode === 404 ||
    e?.$metadata?.httpStatusCode === 416
  );
}

export function createS3Storage(settings: S3Settings, options: S3StorageOptions = {}): Storage {
  const releaseAfterMs = options.releaseAfterMs ?? RELEASE_AFTER_MS;
  const agent = { keepAlive: true, maxSockets: MAX_SOCKETS };
  const s3 =
    options.client ??
    new S3Client({
      region: settings.region,
      endpoint: settings.endpoint,
      forcePathStyle: settings.forcePathStyle,
      credentials:
        settings.accessKeyId && settings.secretAccessKey
          ? { accessKeyId: settings.accessKeyId, secretAccessKey: settings.secretAccessKey }
          : undefined,
      // Checksums only where S3 requires them: many S3-compatible services refuse the newer
      // aws-chunked uploads with trailing checksums that the SDK would otherwise send.
      requestChecksumCalculation: 'WHEN_REQUIRED',
      responseChecksumValidation: 'WHEN_REQUIRED',
      requestHandler: { httpAgent: new HttpAgent(agent), httpsAgent: new HttpsAgent(agent) },
    });
  const Bucket = settings.bucket;
  const mustKey = (key: string): string => {
    if (!isStorageKey(key)) throw new Error(`not a storage key: ${key}`);
    return key;
  };

  const storage: Storage = {
    kind: 's3',
    put: (prefix, ext, body) => putUnderNewKey(storage, prefix, ext, body),
    async putAt(key, body, contentType) {
      await s3.send(
        new PutObjectCommand({ Bucket, Key: mustKey(key), Body: body, ContentType: contentType }),
      );
    },
    async putStream(key, body, { maxBytes, contentType }) {
      const limiter = byteLimit(maxBytes);
      // The limiter's error must reach the upload (which then aborts) and the caller alike.
      const limited = body.pipe(limiter);
      let sourceError: unknown;
      body.once('error', (err) => {
        sourceError = err;
        limiter.destroy(err);
      });
      const upload = new Upload({
        client: s3,
        params: { Bucket, Key: mustKey(key), Body: limited, ContentType: contentType },
        partSize: PART_SIZE,
        queueSize: 2,
        leavePartsOnError: false,
      });
      try {
        await upload.done();
        if (sourceError) throw sourceError;
        return limiter.bytes();
      } catch (err) {
        body.unpipe(limiter);
        body.destroy();
        limiter.destroy();
        await storage.remove(key).catch(() => undefined);
        throw sourceError ?? limiterError(limiter) ?? err;
      }
    },
    async open(key, range) {
      if (!isStorageKey(key)) return null;
      const get = (from: number, to: number | undefined, etag?: string) =>
        s3.send(
          new GetObjectCommand({
            Bucket,
            Key: key,
            Range: from > 0 || to !== undefined ? `bytes=${from}-${to ?? ''}` : undefined,
            // Keys are never written twice; should one be, a resumed read fails rather than mix two blobs.
            IfMatch: etag,
          }),
        );
      try {
        const res = await get(range?.start ?? 0, range?.end);
        const total = res.ContentRange?.match(/\/(\d+)$/)?.[1];
        const size = total ? Number(total) : (res.ContentLength ?? 0);
        const stream = pacedBody({
          first: res.Body as Readable,
          start: range?.start ?? 0,
          end: range?.end ?? size - 1,
          reopen: async (from, to) => (await get(from, to, res.ETag)).Body as Readable,
          releaseAfterMs,
        });
        return { stream, size };
      } catch (err) {
        if (isMissing(err)) return null;
        throw err;
      }
    },
    async stat(key) {
      if (!isStorageKey(key)) return null;
      try {
        const res = await s3.send(new HeadObjectCommand({ Bucket, Key: key }));
        return { size: res.ContentLength ?? 0 };
      } catch (err) {
        if (isMissing(err)) return null;
        throw err;
      }
    },
    async withLocalFile(key, fn) {
      const opened = await storage.open(key);
      if (!opened) return null;
      const dir = await mkdtemp(join(tmpdir(), 'hearth-blob-'));
      try {
        const path = join(dir, key.replace('/', '-'));
        await pipeline(opened.stream, createWriteStream(path));
        return await fn(path);
      } finally {
        await rm(dir, { recursive: true, force: true });
      }
    },
    async remove(key) {
      if (!isStorageKey(key)) return;
      await s3.send(new DeleteObjectCommand({ Bucket, Key: key }));
    },
    async removeStalePartials() {
      // A crash mid-upload leaves an incomplete multipart upload, whose parts the bucket keeps (and bills)
      // until it is aborted. Aborting them here would take ListMultipartUploads and AbortMultipartUpload,
      // which the S3 server of the tests (s3rver 3.7) does not implement, so this code could not be tested:
      // the bucket's lifecycle rule AbortIncompleteMultipartUpload does it instead (README, S3_BUCKET).
      return 0;
    },
  };
  return storage;
}

/** The StorageLimitError a destroyed limiter carries, if that is why the upload failed. */
function limiterError(limiter: Readable): Error | undefined {
  const err = (limiter as Readable & { errored?: Error | null }).errored;
  return err && err.name === 'StorageLimitError' ? err : undefined;
}
