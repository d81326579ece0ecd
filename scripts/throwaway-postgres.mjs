// Starts a throwaway PostgreSQL 15 cluster on a free loopback port and answers its URL; stop() removes it.
// initdb refuses to run as root, so as root the cluster is created and run as the `postgres` user.
import { execFileSync, spawnSync } from 'node:child_process';
import { chmodSync, existsSync, mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

const BIN_DIRS = [process.env.PG_BIN, '/usr/lib/postgresql/15/bin'].filter(Boolean);

export function findPgBin() {
  return BIN_DIRS.find((dir) => existsSync(join(dir, 'initdb')) && existsSync(join(dir, 'pg_ctl')));
}

function freePort() {
  return new Promise((resolve, reject) => {
    const srv = createServer();
    srv.once('error', reject);
    srv.listen(0, '127.0.0.1', () => {
      const { port } = srv.address();
      srv.close(() => resolve(port));
    });
  });
}

export async function startThrowawayPostgres() {
  const bin = findPgBin();
  if (!bin)
    throw new Error('PostgreSQL 15 binaries not found (apt-get install -y postgresql-15, or set PG_BIN)');
  const asRoot = process.getuid?.() === 0;
  const dir = mkdtempSync(join(tmpdir(), 'hearth-pg-'));
  chmodSync(dir, 0o777);
  const data = join(dir, 'data');
  const run = (cmd, args) => {
    const full = asRoot
      ? ['runuser', ['-u', 'postgres', '--', join(bin, cmd), ...args]]
      : [join(bin, cmd), args];
    const res = spawnSync(full[0], full[1], { encoding: 'utf8' });
    if (res.status !== 0) throw new Error(`${cmd} failed: ${res.stderr || res.stdout}`);
  };
  if (asRoot) execFileSync('chown', ['postgres:postgres', dir]);
  run('initdb', ['-D', data, '-U', 'postgres', '--auth=trust', '--no-sync', '-E', 'UTF8', '--locale=C']);
  const port = await freePort();
  const opts = `-p ${port} -k ${dir} -c listen_addresses=127.0.0.1 -c fsync=off -c synchronous_commit=off -c full_page_writes=off -c max_connections=200`;
  run('pg_ctl', ['-D', data, '-o', opts, '-l', join(dir, 'log'), '-w', 'start']);
  return {
    url: `postgres://postgres@127.0.0.1:${port}/postgres`,
    /** The same server over its Unix socket: no TCP stack on each query (what a same-host deployment uses). */
    socketUrl: `postgres://postgres@localhost:${port}/postgres?host=${encodeURIComponent(dir)}`,
    stop() {
      try {
        run('pg_ctl', ['-D', data, '-m', 'immediate', '-w', 'stop']);
      } finally {
        rmSync(dir, { recursive: true, force: true });
      }
    },
  };
}

// Run directly: start a cluster, print its URL, keep it until Ctrl-C.
if (import.meta.url === `file://${process.argv[1]}`) {
  const pg = await startThrowawayPostgres();
  console.log(pg.url);
  const stop = () => {
    pg.stop();
    process.exit(0);
  };
  process.on('SIGINT', stop);
  process.on('SIGTERM', stop);
  setInterval(() => {}, 1 << 30);
}
