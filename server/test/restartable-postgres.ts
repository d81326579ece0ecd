// A PostgreSQL 15 cluster of a test's own that it can stop and start again on the same port and data, as an
// outage or a failover does (scripts/throwaway-postgres.mjs starts one that lives for the whole run). As root
// it runs as the `postgres` user (initdb refuses root).
import { execFileSync, spawnSync } from 'node:child_process';
import { chmodSync, existsSync, mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

const BIN_DIRS = [process.env.PG_BIN, '/usr/lib/postgresql/15/bin'].filter(Boolean) as string[];

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = createServer();
    srv.once('error', reject);
    srv.listen(0, '127.0.0.1', () => {
      const address = srv.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      srv.close(() => resolve(port));
    });
  });
}

export type RestartablePostgres = {
  url: string;
  /** Stops the server (`fast`: every connection is told it ends, as on a failover or a restart). */
  stop(): void;
  /** Starts it again on the same port; returns once it accepts connections. */
  start(): void;
  /** Stops it and removes its files. */
  remove(): void;
};

export async function startRestartablePostgres(): Promise<RestartablePostgres> {
  const bin = BIN_DIRS.find((dir) => existsSync(join(dir, 'initdb')) && existsSync(join(dir, 'pg_ctl')));
  if (!bin) throw new Error('PostgreSQL 15 binaries not found (set PG_BIN)');
  const asRoot = process.getuid?.() === 0;
  const dir = mkdtempSync(join(tmpdir(), 'hearth-pg-outage-'));
  chmodSync(dir, 0o777);
  const data = join(dir, 'data');
  const run = (cmd: string, args: string[]) => {
    const [file, argv] = asRoot
      ? ['runuser', ['-u', 'postgres', '--', join(bin, cmd), ...args]]
      : [join(bin, cmd), args];
    const res = spawnSync(file, argv, { encoding: 'utf8' });
    if (res.status !== 0) throw new Error(`${cmd} failed: ${res.stderr || res.stdout}`);
  };
  if (asRoot) execFileSync('chown', ['postgres:postgres', dir]);
  run('initdb', ['-D', data, '-U', 'postgres', '--auth=trust', '--no-sync', '-E', 'UTF8', '--locale=C']);
  const port = await freePort();
  const opts = `-p ${port} -k ${dir} -c listen_addresses=127.0.0.1 -c fsync=off -c synchronous_commit=off -c full_page_writes=off -c max_connections=100`;
  const start = () => run('pg_ctl', ['-D', data, '-o', opts, '-l', join(dir, 'log'), '-w', 'start']);
  start();
  return {
    url: `postgres://postgres@127.0.0.1:${port}/postgres`,
    stop: () => run('pg_ctl', ['-D', data, '-m', 'fast', '-w', 'stop']),
    start,
    remove() {
      try {
        run('pg_ctl', ['-D', data, '-m', 'immediate', '-w', 'stop']);
      } catch {
        // Already stopped.
      } finally {
        rmSync(dir, { recursive: true, force: true });
      }
    },
  };
}
