// Start-up pieces: the demo seed and the DATA_DIR lock that keeps two servers off one embedded database.
import { existsSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ROLE } from '@hearth/contract';
import { describe, expect, it } from 'vitest';
import { DEMO_PASSWORD, seedDemo } from '../src/db/seed-demo';
import { bootId, lockDataDir, parseLock, processStartTime } from '../src/platform/data-dir-lock';
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
  const lockIn = (holder: string | object) => {
    const dir = mkdtempSync(join(tmpdir(), 'hearth-lock-'));
    const file = join(dir, 'server.lock');
    writeFileSync(file, typeof holder === 'string' ? holder : JSON.stringify(holder));
    return { dir, file };
  };
  const takesOver = (dir: string) => {
    const unlock = lockDataDir(dir);
    expect(parseLock(readFileSync(join(dir, 'server.lock'), 'utf8'))?.pid).toBe(process.pid);
    unlock();
  };

  it('reads a plain-pid lock file: refused while that pid lives, taken over when it is gone', () => {
    expect(() => lockDataDir(lockIn(String(process.ppid)).dir)).toThrow(/in use by another server/);
    takesOver(lockIn('999999999').dir);
  });

  // A restarted container often hands the dead server's pid to another process (issue 16).
  const onProc = existsSync('/proc/self/stat') ? describe : describe.skip;
  onProc('with /proc', () => {
    const parent = () => ({ pid: process.ppid, bootId: bootId(), startTime: processStartTime(process.ppid) });

    it('records pid, boot id and start time', () => {
      const dir = mkdtempSync(join(tmpdir(), 'hearth-lock-'));
      const unlock = lockDataDir(dir);
      expect(JSON.parse(readFileSync(join(dir, 'server.lock'), 'utf8'))).toEqual({
        pid: process.pid,
        bootId: bootId(),
        startTime: processStartTime(process.pid),
      });
      unlock();
    });

    it('refuses a live holder, naming the lock file', () => {
      const { dir, file } = lockIn(parent());
      expect(() => lockDataDir(dir)).toThrow(file);
    });

    it('takes over a live pid that started at another time (a reused pid)', () => {
      const holder = parent();
      takesOver(lockIn({ ...holder, startTime: String(Number(holder.startTime) + 1) }).dir);
    });

    it('takes over a lock of another boot', () => {
      takesOver(lockIn({ ...parent(), bootId: 'd1b7f0c2-0000-4000-8000-000000000000' }).dir);
    });

    it('takes over a lock with its own pid (the restarted server got it back) and an unreadable one', () => {
      takesOver(lockIn({ ...parent(), pid: process.pid }).dir);
      takesOver(lockIn('').dir);
    });
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
