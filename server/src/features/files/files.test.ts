import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/app';
import { files } from '../../db/schema';
import { recordFile } from './service';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const get = (url: string) => t.app.inject({ method: 'GET', url });

async function stored(prefix: string, ext: string, body: Buffer, mimeType: string, originalName?: string) {
  const key = await t.app.storage.put(prefix, ext, body);
  await recordFile(t.db, {
    storageKey: key,
    mimeType,
    resourceType: mimeType.startsWith('image/') ? 'image' : 'raw',
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
