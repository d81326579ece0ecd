// The built server (server/dist) on a fresh demo database and a free port, as `npm start` would serve it:
// for the scripts that measure the app in a browser (lighthouse.mjs, first-card.mjs). WEB_DIST in the
// environment serves another build of the web app (a before-and-after comparison).
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

const root = new URL('..', import.meta.url).pathname;

function freePort() {
  return new Promise((resolve) => {
    const srv = createServer();
    srv.listen(0, '127.0.0.1', () => {
      const { port } = srv.address();
      srv.close(() => resolve(port));
    });
  });
}

/** Starts it and waits for its health; `stop()` ends it and removes its data. */
export async function startBuiltServer(prefix = 'hearth-built-') {
  const port = await freePort();
  const dataDir = mkdtempSync(join(tmpdir(), prefix));
  const child = spawn(process.execPath, [join(root, 'server/dist/main.js')], {
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      SEED_DEMO: '1',
      LOG_LEVEL: 'warn',
    },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const url = `http://127.0.0.1:${port}`;
  for (let i = 0; i < 240; i++) {
    if (child.exitCode !== null) throw new Error('the server exited; run `npm run build` first');
    try {
      if ((await fetch(`${url}/v1/health`)).ok) break;
    } catch {}
    await new Promise((r) => setTimeout(r, 500));
  }
  return {
    url,
    stop() {
      child.kill();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
