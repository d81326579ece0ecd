// The S3 storage against a real S3-compatible server (s3rver, on this machine), and the upload route on
// top of it: streamed multipart writes, the byte limit with cleanup, ranges, temporary local copies.
import { readdirSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import { ROLE } from '@hearth/contract';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { userWithSession } from '../../../test/sessions';
import { uploadOk } from '../../../test/uploads';
import { useTestApp } from '../../../test/use-test-app';
import { loadConfig } from '../../config';
import {
  createS3Storage,
  createStorage,
  newStorageKey,
  type S3Settings,
  type Storage,
  StorageLimitError,
} from '../../platform/storage';
import { pdfDocument, pngImage, startS3Server } from './test-kit';
import { ffmpegAvailable } from './thumbnails';

const BUCKET = 'hearth-test';
let s3: Awaited<ReturnType<typeof startS3Server>>;
let settings: S3Settings;
let storage: Storage;

beforeAll(async () => {
  s3 = await startS3Server(BUCKET);
  settings = s3.settings;
  storage = createS3Storage(settings);
});
afterAll(async () => {
  await s3.stop();
});

/** `size` bytes of a repeating pattern, streamed in 64KB chunks. */
function patterned(size: number): { stream: Readable; at: (i: number) => number } {
  const at = (i: number) => (i * 7 + 3) % 256;
  async function* chunks() {
    for (let offset = 0; offset < size; offset += 65536) {
      const n = Math.min(65536, size - offset);
      const b = Buffer.alloc(n);
      for (let i = 0; i < n; i++) b[i] = at(offset + i);
      yield b;
    }
  }
  return { stream: Readable.from(chunks(), { objectMode: false }), at };
}

async function readAll(stream: Readable): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const c of stream) chunks.push(c as Buffer);
  return Buffer.concat(chunks);
}

describe('S3 storage', () => {
  it('puts, opens, stats and removes a buffer', async () => {
    const key = await storage.put('profile', 'jpg', Buffer.from('avatar bytes'));
    expect(key).toMatch(/^profile\/[0-9a-f-]{36}\.jpg$/);
    expect(await storage.stat(key)).toEqual({ size: 12 });
    const opened = await storage.open(key);
    expect(opened?.size).toBe(12);
    expect((await readAll(opened?.stream as Readable)).toString()).toBe('avatar bytes');
    await storage.remove(key);
    expect(await storage.stat(key)).toBeNull();
    expect(await storage.open(key)).toBeNull();
    await storage.remove(key);
  });

  it('refuses keys it did not make', async () => {
    expect(await storage.open('../etc/passwd')).toBeNull();
    expect(await storage.stat('post/whatever')).toBeNull();
    await expect(storage.putAt('Post/../x', Buffer.from('x'))).rejects.toThrow();
  });

  it('streams a 12MB body as a multipart upload and serves byte ranges of it', async () => {
    const size = 12 * 1024 * 1024;
    const { stream, at } = patterned(size);
    const key = newStorageKey('post', 'mp4');
    expect(await storage.putStream(key, stream, { maxBytes: size })).toBe(size);
    expect(await storage.stat(key)).toEqual({ size });
    const start = 5 * 1024 * 1024 - 10;
    const opened = await storage.open(key, { start, end: start + 99 });
    expect(opened?.size).toBe(size);
    const bytes = await readAll(opened?.stream as Readable);
    expect(bytes.length).toBe(100);
    expect([...bytes]).toEqual(Array.from({ length: 100 }, (_, i) => at(start + i)));
    await storage.remove(key);
  });

  it('aborts a streamed upload past its byte limit and leaves no object', async () => {
    const key = newStorageKey('post', 'mp4');
    const { stream } = patterned(12 * 1024 * 1024);
    await expect(storage.putStream(key, stream, { maxBytes: 7 * 1024 * 1024 })).rejects.toBeInstanceOf(
      StorageLimitError,
    );
    expect(await storage.stat(key)).toBeNull();
    // A small body over its limit never gets as far as a multipart upload either.
    const small = newStorageKey('post', 'png');
    await expect(storage.putStream(small, patterned(3000).stream, { maxBytes: 1000 })).rejects.toBeInstanceOf(
      StorageLimitError,
    );
    expect(await storage.stat(small)).toBeNull();
  });

  it('hands a temporary local copy to tools, and removes it afterwards', async () => {
    const key = await storage.put('post', 'pdf', pdfDocument());
    let seen = '';
    const text = await storage.withLocalFile(key, async (path) => {
      seen = path;
      return readFileSync(path, 'latin1');
    });
    expect(text?.startsWith('%PDF-1.4')).toBe(true);
    expect(() => readFileSync(seen)).toThrow();
    expect(await storage.withLocalFile(newStorageKey('post', 'pdf'), async () => 1)).toBeNull();
  });
});

describe('uploads with S3 storage', () => {
  // The bucket's settings are known once the S3 server runs, when the app starts.
  const t = useTestApp({ config: () => ({ s3: settings }) });
  let headers: Record<string, string>;
  beforeAll(async () => {
    headers = (await userWithSession(t.app, t.db, { roleId: ROLE.EDITOR })).headers;
  });

  // Without the filename field: the name comes from the file part.
  const upload = (filename: string, data: Buffer) =>
    uploadOk(t.app, headers, [
      { name: 'file', filename, data },
      { name: 'resourceType', value: 'auto' },
      { name: 'folder', value: 'post' },
    ]);

  it('stores the upload and its thumbnail in the bucket, not on local disk', async () => {
    expect(t.app.storage.kind).toBe('s3');
    const png = await pngImage(900, 300);
    const data = await upload('wide.png', png);
    const original = await t.app.inject({ method: 'GET', url: data.payload.url });
    expect(original.rawPayload.equals(png)).toBe(true);
    const thumb = await t.app.inject({ method: 'GET', url: data.file.thumbnailUrl as string });
    expect(thumb.headers['content-type']).toBe('image/jpeg');
    expect((await sharp(thumb.rawPayload).metadata()).width).toBe(640);
    let local: string[] = [];
    try {
      local = readdirSync(join(t.config.dataDir, 'files'));
    } catch {}
    expect(local).toEqual([]);
  });

  it('makes a video poster from a temporary copy, and serves ranges from the bucket', async () => {
    const mp4 = readFileSync(join(__dirname, '../../../test/fixtures/tiny.mp4'));
    const data = await upload('clip.mp4', mp4);
    if (await ffmpegAvailable()) expect(data.file.thumbnailUrl).toMatch(/\.jpg$/);
    const res = await t.app.inject({
      method: 'GET',
      url: data.payload.url,
      headers: { range: 'bytes=4-11' },
    });
    expect(res.statusCode).toBe(206);
    expect(res.headers['content-range']).toBe(`bytes 4-11/${mp4.length}`);
    expect(res.rawPayload.toString('latin1')).toBe('ftypisom');
  });
});

describe('choosing the storage', () => {
  it('uses S3 when S3_BUCKET is set, the DATA_DIR folder otherwise, and checks the key pair', () => {
    const base = { NODE_ENV: 'test', DATA_DIR: tmpdir() } as const;
    expect(createStorage(loadConfig(base)).kind).toBe('local');
    const config = loadConfig({
      ...base,
      S3_BUCKET: 'media',
      S3_ENDPOINT: 'http://127.0.0.1:9000',
      S3_ACCESS_KEY_ID: 'id',
      S3_SECRET_ACCESS_KEY: 'secret',
      S3_FORCE_PATH_STYLE: '1',
    });
    expect(config.s3).toEqual({
      bucket: 'media',
      region: 'us-east-1',
      endpoint: 'http://127.0.0.1:9000',
      accessKeyId: 'id',
      secretAccessKey: 'secret',
      forcePathStyle: true,
    });
    expect(createStorage(config).kind).toBe('s3');
    expect(() => loadConfig({ ...base, S3_BUCKET: 'media', S3_ACCESS_KEY_ID: 'id' })).toThrow(
      /S3_SECRET_ACCESS_KEY/,
    );
    expect(() => loadConfig({ ...base, S3_BUCKET: 'media', S3_ENDPOINT: 'not a url' })).toThrow(
      /S3_ENDPOINT/,
    );
  });
});
