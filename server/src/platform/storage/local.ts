// Blobs as files under one folder (DATA_DIR/files). A streamed write goes to a temporary name first and is
// renamed into place when complete, so a cut-off upload never appears under its key. A process killed
// mid-write leaves that partial file behind: removeStalePartials takes it away later.
import { randomUUID } from 'node:crypto';
import { createReadStream, createWriteStream } from 'node:fs';
import { mkdir, opendir, readdir, rename, stat, unlink, writeFile } from 'node:fs/promises';
import { dirname, join, resolve, sep } from 'node:path';
import { pipeline } from 'node:stream/promises';
import { byteLimit, isStorageKey, putUnderNewKey, type Storage } from './core';

/** The partial file of a streamed write to the blob at `full`: beside it, named after it. */
const partialPathOf = (full: string) => `${full}.${randomUUID()}.part`;
/** A partial file's name: the blob's file name, the write's uuid, `.part`. */
const PARTIAL_NAME = /^(.+)\.[0-9a-f-]{36}\.part$/;

/** No entries for a folder that does not exist (yet): nothing was ever stored. */
function nothingWhenMissing(err: NodeJS.ErrnoException): [] {
  if (err.code === 'ENOENT') return [];
  throw err;
}

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
      const partial = partialPathOf(full);
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
    async removeStalePartials(staleAfterMs) {
      const before = Date.now() - staleAfterMs;
      let removed = 0;
      // Partial files lie where putStream writes them, beside their blob (`root/prefix/name`): only that
      // level is read, and only names that are a storage key's plus a write's suffix are touched.
      for (const prefix of await readdir(root, { withFileTypes: true }).catch(nothingWhenMissing)) {
        if (!prefix.isDirectory()) continue;
        const dir = join(root, prefix.name);
        // opendir reads the folder a slice at a time: a folder of a million blobs is never listed in memory.
        for await (const entry of await opendir(dir)) {
          const blob = PARTIAL_NAME.exec(entry.name)?.[1];
          if (!entry.isFile() || !blob || !isStorageKey(`${prefix.name}/${blob}`)) continue;
          const full = join(dir, entry.name);
          const written = await stat(full)
            .then((s) => s.mtimeMs)
            .catch(() => null);
          // A live write touches its file with every chunk; one untouched this long was cut off.
          if (written === null || written > before) continue;
          const gone = await unlink(full)
            .then(() => true)
            .catch(() => false);
          if (gone) removed++;
        }
      }
      return removed;
    },
  };
  return storage;
}
