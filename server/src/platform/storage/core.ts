// The storage interface and the helpers both implementations share (see ../storage.ts).
import { randomUUID } from 'node:crypto';
import type { Readable } from 'node:stream';
import { Transform } from 'node:stream';

/** Inclusive byte offsets, as in an HTTP Range header. */
export type ByteRange = { start: number; end: number };

/** An opened blob: `size` is the whole blob's size, also when only a range is streamed. */
export type OpenedBlob = { stream: Readable; size: number };

export type PutStreamOptions = {
  /** The most bytes the blob may have; one byte more aborts the write and nothing stays stored. */
  maxBytes: number;
  contentType?: string;
};

export interface Storage {
  readonly kind: 'local' | 's3';
  /** Stores a small buffer (an avatar) under a new key `prefix/uuid.ext` and answers the key. */
  put(prefix: string, ext: string, body: Buffer): Promise<string>;
  /** Stores a small buffer under a key we derived (a thumbnail beside its original). */
  putAt(key: string, body: Buffer, contentType?: string): Promise<void>;
  /**
   * Streams a body to `key` without holding it in memory. Past `maxBytes` the write is aborted, whatever
   * was written is removed, and the promise rejects with StorageLimitError. Answers the bytes stored.
   */
  putStream(key: string, body: Readable, options: PutStreamOptions): Promise<number>;
  /** The blob, or the part of it in `range`; null when the key is malformed or nothing is stored there. */
  open(key: string, range?: ByteRange): Promise<OpenedBlob | null>;
  /** The blob's size; null when nothing is stored there. */
  stat(key: string): Promise<{ size: number } | null>;
  /**
   * Runs `fn` with a path on local disk holding the blob (tools such as ffmpeg want a seekable file):
   * the stored file itself locally, a temporary download from a bucket (removed afterwards).
   */
  withLocalFile<T>(key: string, fn: (path: string) => Promise<T>): Promise<T | null>;
  /** Removes the blob; a missing blob is not an error. */
  remove(key: string): Promise<void>;
  /**
   * Removes what streamed writes cut off by a crash left behind: partial files not written to for
   * `staleAfterMs`, which no live write still owns. Answers how many it removed.
   */
  removeStalePartials(staleAfterMs: number): Promise<number>;
}

export class StorageLimitError extends Error {
  constructor(readonly maxBytes: number) {
    super(`blob larger than ${maxBytes} bytes`);
    this.name = 'StorageLimitError';
  }
}

// A file, or a WebP rendition of an image (`-w{width}`, variantKeyOf).
const KEY_PATTERN = /^[a-z]+\/[0-9a-f-]{36}(-w[1-9][0-9]{1,4})?\.[a-z0-9]{1,8}$/;
const PREFIX_PATTERN = /^[a-z]+$/;
const EXT_PATTERN = /^[a-z0-9]{1,8}$/;

export const isStorageKey = (key: string): boolean => KEY_PATTERN.test(key);

/** A fresh key `prefix/uuid.ext`. */
export function newStorageKey(prefix: string, ext: string): string {
  if (!PREFIX_PATTERN.test(prefix) || !EXT_PATTERN.test(ext)) {
    throw new Error(`bad storage key parts: ${prefix} ${ext}`);
  }
  return `${prefix}/${randomUUID()}.${ext}`;
}

/** The thumbnail or poster frame of a blob: its key with the extension set to .jpg (product.md section 9). */
/** Every storage's `put`: the body under a new key of `prefix` and `ext`, which is answered. */
export async function putUnderNewKey(storage: Storage, prefix: string, ext: string, body: Buffer) {
  const key = newStorageKey(prefix, ext);
  await storage.putAt(key, body);
  return key;
}

export function thumbnailKeyOf(key: string): string {
  return key.replace(/\.[a-z0-9]+$/, '.jpg');
}

/** A WebP rendition of an image `width` pixels wide: its key with `-w{width}.webp` for the extension. */
export function variantKeyOf(key: string, width: number): string {
  return key.replace(/\.[a-z0-9]+$/, `-w${width}.webp`);
}

/** The original's key stem and the width a rendition key names, or null when `key` is not one. */
export function parseVariantKey(key: string): { stem: string; width: number } | null {
  const match = /^(.+)-w([1-9][0-9]{1,4})\.webp$/.exec(key);
  return match?.[1] && match[2] ? { stem: match[1], width: Number(match[2]) } : null;
}

/** Passes bytes through until more than `maxBytes` went by, then fails before writing the excess. */
export function byteLimit(maxBytes: number): Transform & { bytes: () => number } {
  let seen = 0;
  const limiter = new Transform({
    transform(chunk: Buffer, _encoding, callback) {
      seen += chunk.length;
      if (seen > maxBytes) callback(new StorageLimitError(maxBytes));
      else callback(null, chunk);
    },
  });
  return Object.assign(limiter, { bytes: () => seen });
}
