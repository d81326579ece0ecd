// Copies the stored files (DATA_DIR/files) into a backup and back, hashing every byte on the way, and
// writes or checks the listing of their SHA-256 hashes. Blobs are written once under a new random key and
// never changed, so a copy taken while the server runs is a copy of whole files; a partial file of an
// upload still under way (`*.part`, platform/storage/local.ts) is left out.
import { createHash } from 'node:crypto';
import { createReadStream, createWriteStream } from 'node:fs';
import { mkdir, opendir } from 'node:fs/promises';
import { dirname, join, relative, sep } from 'node:path';
import { Transform } from 'node:stream';
import { pipeline } from 'node:stream/promises';

export type BlobCopy = {
  count: number;
  bytes: number;
  /** `sha256  path` lines, sorted by path. */
  listing: string;
};

/** The paths of the files under `root`, relative to it with `/` separators; none when `root` is missing. */
async function* walk(root: string, dir = root): AsyncGenerator<string> {
  let entries: Awaited<ReturnType<typeof opendir>>;
  try {
    entries = await opendir(dir);
  } catch (e) {
    if ((e as NodeJS.ErrnoException).code === 'ENOENT') return;
    throw e;
  }
  // opendir reads a slice at a time: a folder of a million blobs is never listed in memory.
  for await (const entry of entries) {
    const full = join(dir, entry.name);
    if (entry.isDirectory()) yield* walk(root, full);
    else if (entry.isFile() && !entry.name.endsWith('.part')) yield relative(root, full).split(sep).join('/');
  }
}

/** Copies every blob under `from` to the same path under `to`; answers their count, bytes and hashes. */
export async function copyBlobs(from: string, to: string): Promise<BlobCopy> {
  const lines: string[] = [];
  let bytes = 0;
  for await (const path of walk(from)) {
    const target = join(to, path);
    await mkdir(dirname(target), { recursive: true });
    const hash = createHash('sha256');
    let size = 0;
    const tap = new Transform({
      transform(chunk: Buffer, _encoding, done) {
        hash.update(chunk);
        size += chunk.length;
        done(null, chunk);
      },
    });
    await pipeline(createReadStream(join(from, path)), tap, createWriteStream(target, { flags: 'wx' }));
    lines.push(`${hash.digest('hex')}  ${path}`);
    bytes += size;
  }
  lines.sort((a, b) => (a.slice(66) < b.slice(66) ? -1 : 1));
  return { count: lines.length, bytes, listing: lines.map((l) => `${l}\n`).join('') };
}

/** Path -> SHA-256 of every blob under `root` (the restore drill compares two folders with it). */
export async function hashBlobs(root: string): Promise<Map<string, string>> {
  const hashes = new Map<string, string>();
  for await (const path of walk(root)) {
    const hash = createHash('sha256');
    for await (const chunk of createReadStream(join(root, path))) hash.update(chunk as Buffer);
    hashes.set(path, hash.digest('hex'));
  }
  return hashes;
}

/** The paths whose hash differs between two listings, or that only one of them has, as sentences. */
export function listingDifferences(expected: string, found: string): string[] {
  const parse = (text: string) =>
    new Map(
      text
        .split('\n')
        .filter(Boolean)
        .map((line) => [line.slice(66), line.slice(0, 64)] as const),
    );
  const want = parse(expected);
  const got = parse(found);
  const problems: string[] = [];
  for (const [path, hash] of want) {
    if (!got.has(path)) problems.push(`${path}: missing`);
    else if (got.get(path) !== hash) problems.push(`${path}: different bytes`);
  }
  for (const path of got.keys()) if (!want.has(path)) problems.push(`${path}: not in the backup's listing`);
  return problems;
}
