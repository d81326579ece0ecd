// Blobs as files under one folder (DATA_DIR/files). A streamed write goes to a temporary name first and is
// renamed into place when complete, so a cut-off upload never appears under its key.
import { randomUUID } from 'node:crypto';
import { createReadStream, createWriteStream } from 'node:fs';
import { mkdir, rename, stat, unlink, writeFile } from 'node:fs/promises';
import { dirname, join, resolve, sep } from 'node:path';
import { pipeline } from 'node:stream/promises';
import { byteLimit, isStorageKey, putUnderNewKey, type Storage } from './core';

export function createLocalStorage(folder: string): Storage {
  const root = resolve(folder);
  const pathOf = (key: string): string | null => {
    if (!isStorageKey(key)) return null;
    const full = resolve(join(root, key));
    return full.startsWith(root + sep) ? full : null;
  };
  const mustPath = (key: string): string => {
    const full = pathOf(key);
    if (!full) throw new Error(`not a storage key: ${key}`);
    return full;
  };
  const sizeOf = async (full: string): Promise<number | null> => {
    try {
      const s = await stat(full);
      return s.isFile() ? s.size : null;
    } catch {
      return null;
    }
  };

  const storage: Storage = {
    kind: 'local',
    put: (prefix, ext, body) => putUnderNewKey(storage, prefix, ext, body),
    async putAt(key, body) {
      const full = mustPath(key);
      await mkdir(dirname(full), { recursive: true });
      await writeFile(full, body);
    },
    async putStream(key, body, { maxBytes }) {
      const full = mustPath(key);
      await mkdir(dirname(full), { recursive: true });
      const partial = `${full}.${randomUUID()}.part`;
      const limiter = byteLimit(maxBytes);
      try {
        await pipeline(body, limiter, createWriteStream(partial, { flags: 'wx' }));
        await rename(partial, full);
        return limiter.bytes();
      } catch (err) {
        body.destroy();
        await unlink(partial).catch(() => undefined);
        throw err;
      }
    },
    async open(key, range) {
      const full = pathOf(key);
      if (!full) return null;
      const size = await sizeOf(full);
      if (size === null) return null;
      const stream = range
        ? createReadStream(full, { start: range.start, end: range.end })
        : createReadStream(full);
      return { stream, size };
    },
    async stat(key) {
      const full = pathOf(key);
      const size = full ? await sizeOf(full) : null;
      return size === null ? null : { size };
    },
    async withLocalFile(key, fn) {
      const full = pathOf(key);
      if (!full || (await sizeOf(full)) === null) return null;
      return fn(full);
    },
    async remove(key) {
      const full = pathOf(key);
      if (full) await unlink(full).catch(() => undefined);
    },
  };
  return storage;
}
