// Cross-cutting behaviour: security headers, error shapes, health, OpenAPI, the SPA fallback.
import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { loadConfig } from '../src/config';
import { useTestApp } from './use-test-app';

/** A stand-in for web/dist: the SPA's index.html and one asset. */
function webDist(): string {
  const dir = mkdtempSync(join(tmpdir(), 'hearth-web-'));
  writeFileSync(join(dir, 'index.html'), '<!doctype html><title>Hearth</title><div id="root"></div>');
  mkdirSync(join(dir, 'assets'));
  writeFileSync(join(dir, 'assets', 'app-123.js'), 'console.log(1)');
  return dir;
}

/** A brand name that would close a script element if it were written into the page as it is. */
const BRAND = 'Hearth </script><script>alert(1)</script>';
const t = useTestApp({ config: () => ({ webDist: webDist(), brandName: BRAND }) });

describe('security headers', () => {
  it('sends CSP without inline script, frame-ancestors none, DENY, nosniff and a referrer policy', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/login' });
    const csp = String(res.headers['content-security-policy']);
    expect(csp).toContain("script-src 'self'");
    expect(csp).not.toMatch(/script-src[^;]*unsafe-inline/);
    expect(csp).toContain("frame-ancestors 'none'");
    expect(res.headers['x-frame-options']).toBe('DENY');
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['referrer-policy']).toBe('strict-origin-when-cross-origin');
  });

  it('marks API answers as not cacheable', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/v1/config' });
    expect(res.headers['cache-control']).toBe('no-store');
  });
});

describe('errors', () => {
  it('answers malformed JSON with 400 and no stack trace', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/v1/auth/register',
      headers: { 'content-type': 'application/json' },
      payload: '{"firstName":',
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ code: expect.any(String), error: expect.any(String) });
    expect(res.body).not.toContain('at ');
  });

  it('answers an unknown API path with a JSON 404', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/v1/api/nothing-here' });
    expect(res.statusCode).toBe(404);
    expect(res.json().code).toBe('not_found');
  });

  it('answers an oversized body with 413', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/v1/auth/reset-password',
      headers: { 'content-type': 'application/json' },
      payload: JSON.stringify({ email: 'x'.repeat(5 * 1024 * 1024) }),
    });
    expect(res.statusCode).toBe(413);
  });
});

describe('system', () => {
  it('health answers 200 while the database answers', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/v1/health' });
    expect(res.json()).toEqual({ data: { status: 'ok' } });
  });

  it('public config names brand, support mail, copyright year and the company domains', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/v1/config' });
    expect(res.json().data).toEqual({
      brandName: BRAND,
      supportEmail: 'support@example.com',
      copyrightYear: 2020,
      companyEmailDomains: ['example.com', 'example.org'],
    });
  });

  it('serves the OpenAPI document generated from the schemas', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/v1/docs/json' });
    expect(res.statusCode).toBe(200);
    const doc = res.json();
    expect(doc.openapi).toMatch(/^3\./);
    expect(Object.keys(doc.paths)).toEqual(expect.arrayContaining(['/v1/auth/login', '/v1/auth/register']));
    expect(doc.paths['/v1/auth/register'].post.requestBody).toBeDefined();
  });
});

describe('single-page app', () => {
  it('answers index.html for any client route (history fallback), fresh each time', async () => {
    for (const url of ['/', '/news', '/post-detail/5', '/no/such/page']) {
      const res = await t.app.inject({ method: 'GET', url });
      expect(res.statusCode).toBe(200);
      expect(res.body).toContain('<div id="root">');
      expect(res.headers['cache-control']).toBe('no-cache');
    }
  });

  it('writes the public settings into the page as a data block no value can break out of', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/login' });
    expect(res.headers['content-type']).toBe('text/html; charset=utf-8');
    const block = /<script type="application\/json" id="hearth-config">(.*?)<\/script>/.exec(res.body);
    expect(block).not.toBeNull();
    expect(block?.[1]).not.toContain('<');
    const config = (await t.app.inject({ method: 'GET', url: '/v1/config' })).json().data;
    expect(JSON.parse(block?.[1] ?? '')).toEqual(config);
    expect(config.brandName).toBe(BRAND);
    // The rest of the page is the build's, the block before the app's root.
    expect(res.body).toMatch(/<\/script><div id="root"><\/div>$/);
  });

  it('answers a revalidation of the unchanged page with 304', async () => {
    const first = await t.app.inject({ method: 'GET', url: '/news' });
    const tag = String(first.headers.etag);
    expect(tag).toMatch(/^"[\w-]+"$/);
    const again = await t.app.inject({ method: 'GET', url: '/surveys', headers: { 'if-none-match': tag } });
    expect(again.statusCode).toBe(304);
    expect(again.body).toBe('');
    const other = await t.app.inject({ method: 'GET', url: '/news', headers: { 'if-none-match': '"old"' } });
    expect(other.statusCode).toBe(200);
  });

  it('serves hashed assets with a long cache', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/assets/app-123.js' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toContain('immutable');
  });
});

describe('config', () => {
  it('stops with a message naming a bad value', () => {
    expect(() => loadConfig({ PORT: 'eighty' })).toThrow(/PORT/);
    expect(() => loadConfig({ JWT_SECRET: 'short' })).toThrow(/JWT_SECRET/);
  });

  it('with DATABASE_URL, refuses to start without what every instance must share, unless single', () => {
    const url = 'postgres://hearth@db.internal/hearth';
    const message = (env: Record<string, string>) => {
      try {
        loadConfig({ DATABASE_URL: url, ...env });
        return '';
      } catch (err) {
        return (err as Error).message;
      }
    };
    const bare = message({});
    for (const setting of ['JWT_SECRET', 'S3_BUCKET', 'VAPID_PUBLIC_KEY']) expect(bare).toContain(setting);
    expect(bare).toContain('SINGLE_INSTANCE=1');
    const shared = {
      JWT_SECRET: 'a-secret-of-at-least-thirty-two-characters',
      S3_BUCKET: 'hearth-files',
      VAPID_PUBLIC_KEY: 'public',
      VAPID_PRIVATE_KEY: 'private',
    };
    expect(message(shared)).toBe('');
    const { S3_BUCKET: _, ...noBucket } = shared;
    expect(message(noBucket)).toMatch(/S3_BUCKET: .*404/);
    expect(message({ SINGLE_INSTANCE: '1' })).toBe('');
    // The embedded database is one server by nature: nothing is asked of it.
    expect(() => loadConfig({})).not.toThrow();
  });

  it('seeds the demo by default, but not in production unless asked', () => {
    expect(loadConfig({}).seedDemo).toBe(true);
    expect(loadConfig({ NODE_ENV: 'production' }).seedDemo).toBe(false);
    expect(loadConfig({ NODE_ENV: 'production', SEED_DEMO: '1' }).seedDemo).toBe(true);
  });
});
