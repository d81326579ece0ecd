// Compression and caching at the edge (issue 14): API answers over 1 KB as brotli or gzip, small ones and
// the live stream and stored files as they are; the built assets as the .br/.gz files written at build
// time, hashed ones cached for a year and index.html revalidated (its encoding weighed by q-values);
// robots.txt instead of the app's HTML; a gzip request body is never inflated.
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { userWithSession } from '../../../test/sessions';
import { fileParts, uploadOk } from '../../../test/uploads';
import { useTestApp } from '../../../test/use-test-app';
import { ROBOTS_TXT } from '../../features/system/routes';

let staff: Record<string, string>;
let web: string;
const ASSET = 'assets/app-3f9a1c.js';
const ASSET_BODY = `console.log(${JSON.stringify('hearth '.repeat(400))});\n`;
const INDEX_BODY = `<!doctype html><html><head><title>Hearth</title></head><body>${'<p>shell</p>'.repeat(200)}</body></html>`;

/** A stand-in for web/dist: a hashed asset with its build-time .br and .gz, and index.html with its .br. */
function webDist(): string {
  web = mkdtempSync(join(tmpdir(), 'hearth-web-'));
  mkdirSync(join(web, 'assets'));
  writeFileSync(join(web, ASSET), ASSET_BODY);
  writeFileSync(join(web, `${ASSET}.br`), brotliCompressSync(ASSET_BODY));
  writeFileSync(join(web, `${ASSET}.gz`), gzipSync(ASSET_BODY));
  writeFileSync(join(web, 'index.html'), INDEX_BODY);
  writeFileSync(join(web, 'index.html.br'), brotliCompressSync(INDEX_BODY));
  return web;
}

const t = useTestApp({ config: () => ({ webDist: webDist() }) });
beforeAll(async () => {
  staff = (await userWithSession(t.app, t.db)).headers;
});
afterAll(() => rmSync(web, { recursive: true, force: true }));

/** An API answer well over 1 KB: the OpenAPI document. */
const BIG_JSON = '/v1/docs/json';

describe('API answers', () => {
  it('are brotli when the client takes brotli, gzip when only gzip, and plain otherwise', async () => {
    const br = await t.app.inject({
      method: 'GET',
      url: BIG_JSON,
      headers: { 'accept-encoding': 'gzip, br' },
    });
    expect(br.statusCode).toBe(200);
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers.vary).toContain('accept-encoding');
    const doc = JSON.parse(brotliDecompressSync(br.rawPayload).toString('utf8'));
    expect(doc.openapi).toMatch(/^3\./);

    const gz = await t.app.inject({ method: 'GET', url: BIG_JSON, headers: { 'accept-encoding': 'gzip' } });
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(JSON.parse(gunzipSync(gz.rawPayload).toString('utf8')).openapi).toBe(doc.openapi);
    expect(gz.rawPayload.length).toBeLessThan(JSON.stringify(doc).length / 3);

    const plain = await t.app.inject({
      method: 'GET',
      url: BIG_JSON,
      headers: { 'accept-encoding': 'identity' },
    });
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.json().openapi).toBe(doc.openapi);
  });

  it('under 1 KB go out as they are', async () => {
    const res = await t.app.inject({
      method: 'GET',
      url: '/v1/health',
      headers: { 'accept-encoding': 'br, gzip' },
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-encoding']).toBeUndefined();
    expect(res.json()).toEqual({ data: { status: 'ok' } });
  });

  it('a gzip-encoded request body is not inflated: refused as bad input, never a 500', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/v1/api/comments',
      headers: { ...staff, 'content-type': 'application/json', 'content-encoding': 'gzip' },
      payload: gzipSync(JSON.stringify({ feedPostId: 1, content: 'x'.repeat(50_000) })),
    });
    expect(res.statusCode).toBeGreaterThanOrEqual(400);
    expect(res.statusCode).toBeLessThan(500);
  });
});

describe('what is never compressed', () => {
  it('the live notification stream', async () => {
    const base = await t.app.listen({ port: 0, host: '127.0.0.1' });
    const ticket = await t.app.inject({
      method: 'POST',
      url: '/v1/api/notifications/stream-ticket',
      headers: staff,
    });
    expect(ticket.statusCode).toBe(200);
    const controller = new AbortController();
    const res = await fetch(
      `${base}/v1/api/notifications/stream?ticket=${encodeURIComponent(ticket.json().data.ticket)}`,
      { headers: { 'accept-encoding': 'br, gzip' }, signal: controller.signal },
    );
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toContain('text/event-stream');
    expect(res.headers.get('content-encoding')).toBeNull();
    controller.abort();
  });

  it('a stored text file, so byte ranges stay byte ranges', async () => {
    const text = Buffer.from('A line of the minutes.\n'.repeat(200));
    const url = (await uploadOk(t.app, staff, fileParts('minutes.txt', text))).payload.url;

    const whole = await t.app.inject({ method: 'GET', url, headers: { 'accept-encoding': 'br, gzip' } });
    expect(whole.statusCode).toBe(200);
    expect(whole.headers['content-encoding']).toBeUndefined();
    expect(whole.rawPayload.equals(text)).toBe(true);

    const part = await t.app.inject({
      method: 'GET',
      url,
      headers: { 'accept-encoding': 'br, gzip', range: 'bytes=0-9' },
    });
    expect(part.statusCode).toBe(206);
    expect(part.headers['content-encoding']).toBeUndefined();
    expect(part.rawPayload.toString('utf8')).toBe('A line of ');
  });
});

describe('the built web app', () => {
  it('serves a hashed asset as its build-time brotli file, cached for a year', async () => {
    const res = await t.app.inject({
      method: 'GET',
      url: `/${ASSET}`,
      headers: { 'accept-encoding': 'gzip, br' },
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-encoding']).toBe('br');
    expect(res.headers['content-type']).toContain('javascript');
    expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(res.headers.vary).toContain('accept-encoding');
    expect(brotliDecompressSync(res.rawPayload).toString('utf8')).toBe(ASSET_BODY);
  });

  it('serves the gzip file to a gzip-only client and the plain file to one that takes neither', async () => {
    const gz = await t.app.inject({
      method: 'GET',
      url: `/${ASSET}`,
      headers: { 'accept-encoding': 'gzip' },
    });
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gz.rawPayload).toString('utf8')).toBe(ASSET_BODY);
    const plain = await t.app.inject({ method: 'GET', url: `/${ASSET}` });
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body).toBe(ASSET_BODY);
  });

  it('answers app routes with index.html, revalidated every time, compressed when it can be', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/news', headers: { 'accept-encoding': 'br' } });
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('no-cache');
    expect(res.headers['content-type']).toContain('text/html');
    expect(res.headers['content-encoding']).toBe('br');
    const html = brotliDecompressSync(res.rawPayload).toString('utf8');
    // The build's page with the public settings written in before the end of its body.
    const block = /<script type="application\/json" id="hearth-config">[^<]*<\/script>/;
    expect(html.replace(block, '')).toBe(INDEX_BODY);
    expect(html).toMatch(new RegExp(`${block.source}</body></html>$`));
    const gzipped = await t.app.inject({
      method: 'GET',
      url: '/news',
      headers: { 'accept-encoding': 'gzip' },
    });
    expect(gzipped.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gzipped.rawPayload).toString('utf8')).toBe(html);
    const plain = await t.app.inject({
      method: 'GET',
      url: '/news',
      headers: { 'accept-encoding': 'identity' },
    });
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body).toBe(html);
  });

  it('weighs the page encodings by their q-values: one refused with q=0 is not sent', async () => {
    const page = async (acceptEncoding: string) =>
      (await t.app.inject({ method: 'GET', url: '/news', headers: { 'accept-encoding': acceptEncoding } }))
        .headers['content-encoding'];
    expect(await page('br;q=0, gzip')).toBe('gzip');
    expect(await page('gzip;q=1, br;q=0.5')).toBe('gzip');
    expect(await page('br;q=0, gzip;q=0')).toBeUndefined();
    expect(await page('identity')).toBeUndefined();
    expect(await page('deflate')).toBeUndefined();
    // As the assets answer them (@fastify/static): any encoding is gzip, and so is x-gzip.
    expect(await page('*')).toBe('gzip');
    expect(await page('br;q=0, *')).toBe('gzip');
    expect(await page('x-gzip')).toBe('gzip');
    expect(await page('GZIP')).toBe('gzip');
    expect(await page('gzip, deflate, br, zstd')).toBe('br');
    expect(await page('gzip, deflate')).toBe('gzip');
  });

  it('answers robots.txt with a robots file that keeps crawlers out, not the app', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/robots.txt' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('text/plain');
    expect(res.body).toBe(ROBOTS_TXT);
    expect(res.body).toContain('Disallow: /');
  });
});
