// WORKERS=2 (platform/cluster.ts): the primary migrates once and starts two server processes on one port;
// both answer, one that dies is replaced, and SIGTERM stops them all and the primary with code 0. Several
// processes need a database server, so this belongs to the PostgreSQL leg of the suite (mandatory under CI)
// and is not defined on PGlite, where WORKERS above 1 is refused.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../src/config';
import { type ServerProcess, startServerProcess, waitFor } from './server-process';
import { useTestApp } from './use-test-app';

const t = useTestApp();

/** The pids of the workers that said they serve, in the order they said it. */
const servingPids = (output: string) =>
  output
    .split('\n')
    .filter((line) => line.includes('is serving'))
    .map((line) => (JSON.parse(line) as { pid: number }).pid);

describe('config', () => {
  it('refuses WORKERS above 1 without DATABASE_URL, and defaults to one process on PGlite', () => {
    expect(() => loadConfig({ WORKERS: '2' })).toThrow(/WORKERS: above 1 needs DATABASE_URL/);
    expect(loadConfig({}).workers).toBe(1);
  });
});

const onPostgres = process.env.TEST_DATABASE_URL ? describe : undefined;
onPostgres?.('two server workers on one port', () => {
  let server: ServerProcess;
  let dataDir: string;

  beforeAll(async () => {
    dataDir = mkdtempSync(join(tmpdir(), 'hearth-cluster-'));
    server = await startServerProcess({
      DATABASE_URL: t.app.database.url,
      SINGLE_INSTANCE: '1',
      WORKERS: '2',
      DATA_DIR: dataDir,
      SEED_DEMO: '0',
      LOG_LEVEL: 'info',
    });
  }, 90_000);
  afterAll(async () => {
    await server.kill();
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('serves from two processes, replaces one that dies, and stops them all on SIGTERM', async () => {
    const [first, second] = await waitFor('two workers serving', async () => {
      const pids = servingPids(server.output());
      return pids.length >= 2 ? pids : undefined;
    });
    expect(first).not.toBe(second);
    expect(first).not.toBe(server.child.pid);
    for (let i = 0; i < 10; i++) expect((await fetch(`${server.url}/v1/health`)).status).toBe(200);

    process.kill(first ?? 0, 'SIGKILL');
    const third = await waitFor(
      'a worker in place of the dead one',
      async () => servingPids(server.output())[2],
    );
    expect([first, second]).not.toContain(third);
    for (let i = 0; i < 10; i++) expect((await fetch(`${server.url}/v1/health`)).status).toBe(200);

    const exited = new Promise<number | null>((resolve) =>
      server.child.once('exit', (code) => resolve(code)),
    );
    server.child.kill('SIGTERM');
    expect(await exited).toBe(0);
    for (const pid of [second, third]) expect(() => process.kill(pid ?? 0, 0)).toThrow();
  }, 90_000);
});
