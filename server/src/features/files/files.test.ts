import { beforeAll, describe, expect, it } from 'vitest';
import { useTestApp } from '../../../test/use-test-app';
import { files } from '../../db/schema';
import { thumbnailKeyOf, variantKeyOf } from '../../platform/storage';
import { parseRange } from './range';
import { deleteFileRow, recordFile } from './service';

const t = useTestApp();

const get = (url: string) => t.app.inject({ method: 'GET', url });

async function stored(
  prefix: string,
  ext: string,
  body: Buffer,
  mimeType: string,
  originalName?: string,
  thumbnail?: Buffer,
) {
  const key = await t.app.storage.put(prefix, ext, body);
  const thumbnailKey = thumbnail ? thumbnailKeyOf(key) : null;
  if (thumbnailKey && thumbnail) await t.app.storage.putAt(thumbnailKey, thumbnail);
  await recordFile(t.db, {
    storageKey: key,
    thumbnailKey,
    mimeType,
    resourceType: mimeType.startsWith('image/')
      ? 'image'
      : /^(video|audio)\//.test(mimeType)
        ? 'video'
        : 'raw',
    size: body.length,
    originalName,
  });
  return key;
}

describe('GET /files/{key}', () => {
  it('serves an image inline with its recorded type, nosniff and private caching, without a login', async () => {
    const body = Buffer.from([0xff, 0xd8, 0xff, 0xe0, 1, 2, 3]);
    const key = await stored('profile', 'jpg', body, 'image/jpeg');
    const res = await get(`/files/${key}`);
    expect(res.statusCode).toBe(200);
    expect(res.rawPayload.equals(body)).toBe(true);
    expect(res.headers).toMatchObject({
      'content-type': 'image/jpeg',
      'content-length': String(body.length),
      'x-content-type-options': 'nosniff',
      'cache-control': 'private, max-age=86400',
      'content-disposition': 'inline',
    });
  });

  it('sends documents and other files as attachments with their original name', async () => {
    const pdf = await stored(
      'post',
      'pdf',
      Buffer.from('%PDF-1.4 test'),
      'application/pdf',
      'Annual "report" é.pdf',
    );
    const res = await get(`/files/${pdf}`);
    expect(res.headers['content-type']).toBe('application/pdf');
    expect(res.headers['content-disposition']).toBe(
      `attachment; filename="Annual _report_ _.pdf"; filename*=UTF-8''${encodeURIComponent('Annual "report" é.pdf')}`,
    );
    const svg = await stored('post', 'svg', Buffer.from('<svg/>'), 'image/svg+xml');
    expect((await get(`/files/${svg}`)).headers['content-disposition']).toBe('attachment');
  });

  it('answers 404 JSON for unknown keys, unrecorded blobs, missing blobs and path tricks', async () => {
    const unrecorded = await t.app.storage.put('profile', 'jpg', Buffer.from('x'));
    const [missing] = await t.db
      .insert(files)
      .values({
        storageKey: 'profile/00000000-0000-0000-0000-000000000000.jpg',
        mimeType: 'image/jpeg',
        resourceType: 'image',
        size: 1,
      })
      .returning();
    const urls = [
      '/files/profile/11111111-1111-1111-1111-111111111111.jpg',
      `/files/${unrecorded}`,
      `/files/${missing?.storageKey}`,
      '/files/../../etc/passwd',
      '/files/%2e%2e/%2e%2e/etc/passwd',
      '/files/',
      `/files/${'a'.repeat(400)}`,
    ];
    for (const url of urls) {
      const res = await get(url);
      expect(res.statusCode, url).toBe(404);
      expect(res.json(), url).toMatchObject({ code: 'not_found' });
    }
  });
});

describe('GET /files/{key}: thumbnails', () => {
  it('serves a recorded thumbnail at the .jpg beside its original, as an inline JPEG', async () => {
    const thumb = Buffer.from([0xff, 0xd8, 0xff, 0xdb, 9, 9]);
    const key = await stored('post', 'mp4', Buffer.from('video bytes'), 'video/mp4', 'clip.mp4', thumb);
    const res = await get(`/files/${key.replace(/\.mp4$/, '.jpg')}`);
    expect(res.statusCode).toBe(200);
    expect(res.rawPayload.equals(thumb)).toBe(true);
    expect(res.headers).toMatchObject({
      'content-type': 'image/jpeg',
      'content-disposition': 'inline',
      'x-content-type-options': 'nosniff',
    });
  });

  it('answers 404 for a .jpg beside an original that has no recorded thumbnail, even with a blob there', async () => {
    const key = await stored('post', 'png', Buffer.from([0x89, 0x50, 0x4e, 0x47]), 'image/png');
    const jpg = thumbnailKeyOf(key);
    await t.app.storage.putAt(jpg, Buffer.from('planted'));
    expect((await get(`/files/${jpg}`)).statusCode).toBe(404);
  });
});

describe('GET /files/{key}: WebP renditions', () => {
  it('serves only the recorded widths of an image; others, and renditions of other files, are 404', async () => {
    const key = await t.app.storage.put('post', 'png', Buffer.from([0x89, 0x50, 0x4e, 0x47]));
    const webp = Buffer.from('RIFF....WEBPVP8 ');
    await t.app.storage.putAt(variantKeyOf(key, 480), webp);
    await t.app.storage.putAt(variantKeyOf(key, 960), Buffer.from('planted'));
    const fileId = await recordFile(t.db, {
      storageKey: key,
      mimeType: 'image/png',
      resourceType: 'image',
      size: 4,
      width: 700,
      height: 500,
      variantWidths: [480],
    });
    const res = await get(`/files/${variantKeyOf(key, 480)}`);
    expect(res.statusCode).toBe(200);
    expect(res.rawPayload.equals(webp)).toBe(true);
    expect(res.headers).toMatchObject({ 'content-type': 'image/webp', 'content-disposition': 'inline' });
    // A blob at an unrecorded width is not served, nor a width no upload makes.
    expect((await get(`/files/${variantKeyOf(key, 960)}`)).statusCode).toBe(404);
    expect((await get(`/files/${key.replace(/\.png$/, '-w0480.webp')}`)).statusCode).toBe(404);
    const pdf = await stored('post', 'pdf', Buffer.from('%PDF-1.4'), 'application/pdf', 'a.pdf');
    expect((await get(`/files/${variantKeyOf(pdf, 480)}`)).statusCode).toBe(404);

    // Deleting the file names every blob it had, renditions included.
    expect(await deleteFileRow(t.db, fileId)).toEqual([key, variantKeyOf(key, 480)]);
  });
});

describe('GET /files/{key}: byte ranges', () => {
  const body = Buffer.from(Array.from({ length: 1000 }, (_, i) => i % 251));
  let url = '';
  beforeAll(async () => {
    url = `/files/${await stored('post', 'mp4', body, 'video/mp4', 'seek.mp4')}`;
  });
  const ranged = (range: string) => t.app.inject({ method: 'GET', url, headers: { range } });

  it('says it accepts ranges, and serves the whole file without one', async () => {
    const res = await get(url);
    expect(res.statusCode).toBe(200);
    expect(res.headers['accept-ranges']).toBe('bytes');
    expect(res.rawPayload.equals(body)).toBe(true);
  });

  it('answers 206 with the requested bytes and Content-Range', async () => {
    const cases: [string, number, number][] = [
      ['bytes=0-99', 0, 99],
      ['bytes=500-', 500, 999],
      ['bytes=-10', 990, 999],
      ['bytes=990-5000', 990, 999],
      ['bytes=0-0', 0, 0],
    ];
    for (const [range, start, end] of cases) {
      const res = await ranged(range);
      expect(res.statusCode, range).toBe(206);
      expect(res.headers['content-range'], range).toBe(`bytes ${start}-${end}/1000`);
      expect(res.headers['content-length'], range).toBe(String(end - start + 1));
      expect(res.headers['content-type']).toBe('video/mp4');
      expect(res.rawPayload.equals(body.subarray(start, end + 1)), range).toBe(true);
    }
  });

  it('answers 416 with the size for a range past the end', async () => {
    for (const range of ['bytes=1000-', 'bytes=5000-6000', 'bytes=-0']) {
      const res = await ranged(range);
      expect(res.statusCode, range).toBe(416);
      expect(res.headers['content-range'], range).toBe('bytes */1000');
    }
  });

  it('serves the whole file for several ranges, other units and malformed headers', async () => {
    for (const range of ['bytes=0-1,5-6', 'items=0-1', 'bytes=abc', 'bytes=9-3']) {
      const res = await ranged(range);
      expect(res.statusCode, range).toBe(200);
      expect(res.rawPayload.length, range).toBe(1000);
    }
  });

  it('reads ranges against the size (unit)', () => {
    expect(parseRange(undefined, 10)).toEqual({ kind: 'whole' });
    expect(parseRange('bytes=-20', 10)).toEqual({ kind: 'partial', start: 0, end: 9 });
    expect(parseRange('bytes=0-', 0)).toEqual({ kind: 'unsatisfiable' });
  });
});
