// Streams one uploaded file to storage: the first bytes decide its type (and so its size limit), the rest
// flows through a byte counter that cuts the upload off at that limit. Nothing of a refused or cut-off
// upload stays stored, and the whole file is never held in memory.
import { Readable } from 'node:stream';
import { MSG } from '@hearth/contract';
import { badRequest, tooLarge } from '../../platform/errors';
import { newStorageKey, type Storage, StorageLimitError } from '../../platform/storage';
import { SNIFF_BYTES, type Sniffed, sniff } from './sniff';

export type StoredBlob = { key: string; size: number; sniffed: Sniffed };

/** Reads up to `want` bytes from the start of a stream; `done` when the stream ended before that. */
async function readHead(source: Readable, want: number): Promise<{ head: Buffer; done: boolean }> {
  const chunks: Buffer[] = [];
  let length = 0;
  let done = true;
  for await (const chunk of source.iterator({ destroyOnReturn: false })) {
    const buf = chunk as Buffer;
    chunks.push(buf);
    length += buf.length;
    if (length >= want) {
      done = false;
      break;
    }
  }
  return { head: Buffer.concat(chunks, length), done };
}

/** The head that was read first, then the rest of the source, as one stream. */
function rejoin(head: Buffer, rest: Readable | null): Readable {
  async function* all() {
    if (head.length > 0) yield head;
    if (rest) for await (const chunk of rest) yield chunk as Buffer;
  }
  return Readable.from(all(), { objectMode: false });
}

export const tooBigFor = (sniffed: Sniffed) =>
  tooLarge(sniffed.resourceType === 'video' ? MSG.videoTooBig : MSG.fileTooBig);

/**
 * Sniffs and stores `source` under a new key `prefix/uuid.ext`. Throws 400 fileTypeRefused for a kind
 * we do not take (or not the `expected` resourceType), 413 with the kind's message past its limit.
 */
export async function storeUpload(
  storage: Storage,
  source: Readable,
  options: { prefix: string; filename?: string; expected?: Sniffed['resourceType'] },
): Promise<StoredBlob> {
  const { head, done } = await readHead(source, SNIFF_BYTES);
  if (head.length === 0) {
    throw badRequest(MSG.fileRequired, { file: MSG.fileRequired });
  }
  const sniffed = await sniff(head, done, options.filename);
  if (!sniffed || (options.expected && options.expected !== sniffed.resourceType)) {
    throw badRequest(MSG.fileTypeRefused, { file: MSG.fileTypeRefused });
  }
  if (head.length > sniffed.maxBytes) {
    throw tooBigFor(sniffed);
  }
  const key = newStorageKey(options.prefix, sniffed.ext);
  try {
    const size = await storage.putStream(key, rejoin(head, done ? null : source), {
      maxBytes: sniffed.maxBytes,
      contentType: sniffed.mimeType,
    });
    return { key, size, sniffed };
  } catch (err) {
    if (err instanceof StorageLimitError) throw tooBigFor(sniffed);
    throw err;
  }
}
