// An open load at a set rate: requests start evenly spaced in time (every 1/rate s), whether or not earlier
// ones have been answered, as requests from many independent people do. autocannon's rate option is not
// that: each connection sends as fast as answered until it has made its share of the second, then waits
// for the next second, so a "1,000 a second" load is 50 connections at full speed for part of each second,
// and its latencies are those of the full-speed load. Each latency counts from the moment the request was
// due, not from when a free connection took it, so a server (or generator) that falls behind is seen.
import http from 'node:http';
import { percentile } from './autocannon-load.mjs';

/**
 * `rate` requests a second for `durationS` seconds over at most `connections` kept-alive connections,
 * rotating through `paths` x `tokens` (POSTing `bodies` in turn when given) from `start` on. Answers the
 * figures of `load`.
 */
export async function pacedLoad(base, paths, tokens, { rate, durationS, connections, bodies, start = 0 }) {
  const url = new URL(base);
  const agent = new http.Agent({ keepAlive: true, maxSockets: connections });
  const times = [];
  let errors = 0;
  let sent = 0;
  const pending = new Set();
  const started = performance.now();
  const total = Math.round(rate * durationS);

  const send = (i, dueAt) => {
    const path = paths[i % paths.length];
    const headers = tokens.length ? { authorization: `Bearer ${tokens[i % tokens.length]}` } : {};
    const body = bodies ? JSON.stringify(bodies[i % bodies.length]) : undefined;
    if (body) headers['content-type'] = 'application/json';
    const done = new Promise((resolve) => {
      const req = http.request(
        { host: url.hostname, port: url.port, path, method: body ? 'POST' : 'GET', headers, agent },
        (res) => {
          res.resume();
          res.on('end', () => {
            if (res.statusCode >= 400) errors++;
            times.push(performance.now() - dueAt);
            resolve();
          });
        },
      );
      req.on('error', () => {
        errors++;
        resolve();
      });
      req.end(body);
    });
    pending.add(done);
    done.then(() => pending.delete(done));
  };

  // Every millisecond or so, start the requests that are due by now.
  while (sent < total) {
    const due = Math.min(total, Math.floor(((performance.now() - started) / 1000) * rate));
    for (; sent < due; sent++) send(start + sent, started + (sent / rate) * 1000);
    await new Promise((r) => setTimeout(r, 1));
  }
  await Promise.all(pending);
  const elapsedS = (performance.now() - started) / 1000;
  agent.destroy();
  times.sort((a, b) => a - b);
  return {
    p50: percentile(times, 50),
    p95: percentile(times, 95),
    p99: percentile(times, 99),
    rps: times.length / elapsedS,
    total: times.length,
    errors,
  };
}
