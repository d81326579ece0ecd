// The server as a process of its own (`npm start` runs its build of src/main.ts), for tests of what only a real process
// shows: signals, a second process on the same database, backups through the running server.
import { type ChildProcess, spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { createServer } from 'node:net';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

export const SERVER_DIR = fileURLToPath(new URL('..', import.meta.url));

const SOURCES = {
  main: 'src/main.ts',
  backup: 'src/ops/backup-command.ts',
  restore: 'src/ops/restore-command.ts',
};

/**
 * The arguments of `node` that run one of the server's programs from `serverDir`: from its sources through
 * tsx's loader, or, with HEARTH_TEST_BUILD=1 and this checkout's server, from the build in dist/ (what
 * the production image runs). scripts/test.mjs sets it for the PostgreSQL leg, which runs after the build
 * (ADR 047): a start from the sources cost 4.6 CPU s, from the build 1.9, and that leg starts about twenty
 * servers on two busy cores. The PGlite leg, and a test run on its own, use the sources.
 */
export function serverCommand(program: keyof typeof SOURCES, serverDir = SERVER_DIR): string[] {
  if (process.env.HEARTH_TEST_BUILD !== '1' || serverDir !== SERVER_DIR)
    return ['--import', 'tsx', SOURCES[program]];
  const built = join(SERVER_DIR, 'dist', `${program}.js`);
  if (!existsSync(built)) throw new Error(`HEARTH_TEST_BUILD=1 but ${built} is missing: run npm run build`);
  return [built];
}

/** A free TCP port on the loopback interface. */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address();
      probe.close(() => (typeof address === 'object' && address ? resolve(address.port) : reject()));
    });
  });
}

export const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Polls `probe` until it answers a value, or fails with `what` after `ms`. */
export async function waitFor<T>(what: string, probe: () => Promise<T | undefined>, ms = 30_000): Promise<T> {
  const deadline = Date.now() + ms;
  for (;;) {
    const value = await probe().catch(() => undefined);
    if (value !== undefined) return value;
    if (Date.now() > deadline) throw new Error(`gave up waiting for ${what}`);
    await sleep(200);
  }
}

export type ServerProcess = {
  url: string;
  port: number;
  child: ChildProcess;
  /** What the process wrote to stdout and stderr so far. */
  output: () => string;
  /** SIGTERM, and waits for the exit (nothing when it already exited). */
  stop(): Promise<void>;
  /** SIGKILL, and waits for the exit. */
  kill(): Promise<void>;
};

/**
 * Starts the server (serverCommand) on a free port (or on `env.PORT`) with `env` over this process's environment (an
 * `undefined` value removes a variable) and waits until `/v1/health/ready` answers. Node runs it with tsx's
 * loader, not the tsx command: that one relays a SIGTERM to its child and kills it if it does not confirm
 * within 30 ms.
 */
export async function startServerProcess(
  env: Record<string, string | undefined>,
  /** The server folder to run: another release's sources (previous-release.ts), this one's by default. */
  serverDir = SERVER_DIR,
): Promise<ServerProcess> {
  const port = env.PORT ? Number(env.PORT) : await freePort();
  const merged: NodeJS.ProcessEnv = {
    ...process.env,
    NODE_ENV: 'test',
    PORT: String(port),
    HOST: '127.0.0.1',
    LOG_LEVEL: 'warn',
    // No load balancer to tell: SIGTERM closes at once (a test that wants the drain sets it).
    SHUTDOWN_DRAIN_SECONDS: '0',
    ...env,
  };
  for (const [key, value] of Object.entries(merged)) if (value === undefined) delete merged[key];
  let output = '';
  const child = spawn(process.execPath, serverCommand('main', serverDir), {
    cwd: serverDir,
    env: merged,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child.stdout?.on('data', (d) => (output += d));
  child.stderr?.on('data', (d) => (output += d));
  const url = `http://127.0.0.1:${port}`;
  const exit = (signal: NodeJS.Signals) => async () => {
    if (child.exitCode !== null || child.signalCode !== null) return;
    const exited = new Promise((resolve) => child.once('exit', resolve));
    child.kill(signal);
    await exited;
  };
  const server: ServerProcess = {
    url,
    port,
    child,
    output: () => output,
    stop: exit('SIGTERM'),
    kill: exit('SIGKILL'),
  };
  const deadline = Date.now() + 60_000;
  for (;;) {
    const ready = await fetch(`${url}/v1/health/ready`).then(
      (r) => r.ok,
      () => false,
    );
    if (ready) break;
    if (child.exitCode !== null || Date.now() > deadline) {
      await server.kill();
      throw new Error(`the server did not start: ${output}`);
    }
    await sleep(200);
  }
  return server;
}
