// Issue 13, finding 17: Strict-Transport-Security on answers to requests that arrived over HTTPS, as
// request.protocol tells: through a proxy's X-Forwarded-Proto only when TRUST_PROXY is set.
import { describe, expect, it } from 'vitest';
import { HSTS } from '../src/platform/http/security';
import type { TestApp } from './app';
import { useTestApp } from './use-test-app';

const direct = useTestApp({ config: { trustProxy: false } });
const proxied = useTestApp({ config: { trustProxy: true } });

const get = (t: TestApp, url: string, headers: Record<string, string> = {}) =>
  t.app.inject({ method: 'GET', url, headers });

describe('HSTS', () => {
  it('is sent when a trusted proxy says the request came over HTTPS, on API and page answers alike', async () => {
    expect(HSTS).toBe('max-age=31536000; includeSubDomains');
    for (const url of ['/v1/health', '/v1/api/nothing-here', '/login']) {
      const res = await get(proxied, url, { 'x-forwarded-proto': 'https' });
      expect(res.headers['strict-transport-security'], url).toBe(HSTS);
    }
  });

  it('is not sent over plain http', async () => {
    expect((await get(proxied, '/v1/health', { 'x-forwarded-proto': 'http' })).headers).not.toHaveProperty(
      'strict-transport-security',
    );
    expect((await get(proxied, '/v1/health')).headers).not.toHaveProperty('strict-transport-security');
    expect((await get(direct, '/v1/health')).headers).not.toHaveProperty('strict-transport-security');
  });

  it('ignores X-Forwarded-Proto without TRUST_PROXY: anyone can send that header', async () => {
    const res = await get(direct, '/v1/health', { 'x-forwarded-proto': 'https' });
    expect(res.headers).not.toHaveProperty('strict-transport-security');
  });
});
