// Start-up pieces: the demo seed and the DATA_DIR lock that keeps two servers off one embedded database.
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ROLE } from '@hearth/contract';
import { describe, expect, it } from 'vitest';
import { DEMO_PASSWORD, seedDemo } from '../src/db/seed-demo';
import { lockDataDir } from '../src/platform/data-dir-lock';
import { ensureJwtSecret } from '../src/platform/jwt-secret';
import { login } from './sessions';
import { useTestApp } from './use-test-app';

const t = useTestApp();

describe('demo seed', () => {
  it('creates the three demo accounts, each landing with its role, and runs only once', async () => {
    expect(await seedDemo(t.db, t.app.storage)).toBe(true);
    expect(await seedDemo(t.db, t.app.storage)).toBe(false);
    const expected = {
      'admin@example.com': ROLE.ADMIN,
      'staff@example.com': ROLE.STAFF,
      'editor@example.com': ROLE.EDITOR,
    };
    for (const [email, role] of Object.entries(expected)) {
      const profile = await login(t.app, email, DEMO_PASSWORD);
      expect(profile.roles.id).toBe(role);
    }
    const stats = await t.app.inject({
      method: 'GET',
      url: '/v1/api/statistics',
      headers: {
        authorization: `Bearer ${(await login(t.app, 'staff@example.com', DEMO_PASSWORD)).accessToken}`,
      },
    });
    expect(stats.json().data.turnover).toBeGreaterThan(0);
  });

  it('gives the newest demo posts banner pictures with thumbnails that are served', async () => {
    const staff = await login(t.app, 'staff@example.com', DEMO_PASSWORD);
    const feed = await t.app.inject({
      method: 'GET',
      url: '/v1/api/newsfeed?limit=10',
      headers: { authorization: `Bearer ${staff.accessToken}` },
    });
    const [first] = feed.json().data.posts;
    const [picture] = first.files;
    expect(picture).toMatchObject({ resourceType: 'image', mimeType: 'image/jpeg' });
    expect(picture.thumbnailUrl).toBe(picture.sourceUrl.replace(/\.jpeg$/, '.jpg'));
    for (const url of [picture.sourceUrl, picture.thumbnailUrl]) {
      const res = await t.app.inject({ method: 'GET', url });
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toBe('image/jpeg');
    }
  });
});

describe('DATA_DIR lock', () => {
  it('refuses a second server while a live process holds the lock, and takes over a stale one', () => {
    const dir = mkdtempSync(join(tmpdir(), 'hearth-lock-'));
    writeFileSync(join(dir, 'server.lock'), String(process.ppid));
    expect(() => lockDataDir(dir)).toThrow(/in use by another server/);
    writeFileSync(join(dir, 'server.lock'), '999999999');
    const unlock = lockDataDir(dir);
    expect(typeof unlock).toBe('function');
    unlock();
  });
});

describe('JWT secret', () => {
  it('is generated once into DATA_DIR and reused', () => {
    const dir = mkdtempSync(join(tmpdir(), 'hearth-secret-'));
    const first = ensureJwtSecret(dir);
    expect(first.length).toBeGreaterThanOrEqual(32);
    expect(ensureJwtSecret(dir)).toBe(first);
    expect(ensureJwtSecret(dir, 'given-secret-given-secret-given-secret')).toBe(
      'given-secret-given-secret-given-secret',
    );
  });
});
