// Starting and stopping the built server for the benchmarks (`server/dist/main.js`, as `npm start` runs it).
import { spawn } from 'node:child_process';
import { createServer } from 'node:net';

const root = new URL('..', import.meta.url).pathname;

export const freePort = () =>
  new Promise((resolve) => {
    const srv = createServer();
    srv.listen(0, '127.0.0.1', () => {
      const { port } = srv.address();
      srv.close(() => resolve(port));
    });
  });

export async function startServer(env) {
  const port = await freePort();
  // BENCH_SERVER_ARGS passes node flags to the server, e.g. "--cpu-prof --cpu-prof-dir=/tmp/prof" to profile it.
  const nodeArgs = (process.env.BENCH_SERVER_ARGS ?? '').split(' ').filter(Boolean);
  const child = spawn(process.execPath, [...nodeArgs, 'server/dist/main.js'], {
    cwd: root,
    // One server a run: files on its disk and generated push keys are enough (SINGLE_INSTANCE, config.ts).
    env: {
      SINGLE_INSTANCE: '1',
      ...process.env,
      ...env,
      PORT: String(port),
      HOST: '127.0.0.1',
      SEED_DEMO: '0',
      LOG_LEVEL: 'warn',
      // No load balancer to drain out of: stop at once.
      SHUTDOWN_DRAIN_SECONDS: '0',
    },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const base = `http://127.0.0.1:${port}`;
  for (let i = 0; i < 240; i++) {
    try {
      if ((await fetch(`${base}/v1/health`)).ok) return { base, child };
    } catch {}
    await new Promise((r) => setTimeout(r, 500));
  }
  child.kill('SIGKILL');
  throw new Error('server did not start');
}

export async function stopServer(child) {
  const exited = new Promise((r) => child.once('exit', r));
  child.kill('SIGTERM');
  await exited;
}

/** Logs in with basic auth and answers the session profile (accessToken, id, ...). */
export async function login(base, email, password) {
  const auth = Buffer.from(`${email}:${password}`).toString('base64');
  const res = await fetch(`${base}/v1/auth/login`, {
    method: 'POST',
    headers: { authorization: `Basic ${auth}` },
  });
  if (!res.ok) throw new Error(`login failed: ${res.status} ${await res.text()}`);
  return (await res.json()).data;
}
