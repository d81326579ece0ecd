// The load of the feed and search benchmarks: autocannon over a rotation of paths x tokens, with latency
// percentiles taken from every response.
import { spawn } from 'node:child_process';
import autocannon from 'autocannon';

export const percentile = (sorted, p) =>
  sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? 0;

/**
 * Runs autocannon with `connections` for `durationS` seconds, rotating through `paths` x `tokens`; latency
 * percentiles from every response. `bodies`: POST these JSON bodies in turn instead of GETs; `start`: where
 * in the rotation to begin (a later load going on from an earlier one). A load at a set rate is
 * paced-load.mjs's.
 */
export function load(base, paths, tokens, { connections, durationS, bodies, start = 0 }) {
  return new Promise((resolve, reject) => {
    const times = [];
    let n = start;
    const instance = autocannon(
      {
        url: base,
        connections,
        duration: durationS,
        requests: [
          {
            setupRequest(req) {
              const i = n++;
              const headers = tokens.length ? { authorization: `Bearer ${tokens[i % tokens.length]}` } : {};
              const path = paths[i % paths.length];
              if (!bodies) return { ...req, method: 'GET', path, headers };
              const body = JSON.stringify(bodies[i % bodies.length]);
              return {
                ...req,
                method: 'POST',
                path,
                headers: { ...headers, 'content-type': 'application/json' },
                body,
              };
            },
          },
        ],
      },
      (err, result) => {
        if (err) return reject(err);
        times.sort((a, b) => a - b);
        resolve({
          p50: percentile(times, 50),
          p95: percentile(times, 95),
          p99: percentile(times, 99),
          rps: result.requests.average,
          total: result.requests.total,
          errors: result.errors + result.non2xx,
        });
      },
    );
    instance.on('response', (_client, _status, _bytes, responseTime) => times.push(responseTime));
  });
}

/**
 * `load` in a child process (load-process.mjs), for a load that runs at the same time as another: each then
 * has an event loop of its own. Answers the same figures. With `options.rate`, a paced load (paced-load.mjs).
 */
export function loadInProcess(base, paths, tokens, options) {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [new URL('./load-process.mjs', import.meta.url).pathname], {
      stdio: ['pipe', 'pipe', 'inherit'],
    });
    let out = '';
    child.stdout.on('data', (chunk) => {
      out += chunk;
    });
    child.on('error', reject);
    child.on('exit', (code) => {
      if (code !== 0) return reject(new Error(`load process exited with ${code}`));
      resolve(JSON.parse(out));
    });
    child.stdin.end(JSON.stringify({ base, paths, tokens, options }));
  });
}
