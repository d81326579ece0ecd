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
 * figures of `load`, and the p95 of each second.
 * - `warmupS`: seconds sent at the same rate first and not counted. A load process starts cold (its HTTP
 *   client not yet compiled, its connections not yet open), and in its first second or two its own delays
 *   were a tenth of a run's latencies: the budgets are for the steady state.
 * - `startAt` (ms since the epoch): when the first request is due. Loads in separate processes given the same
 *   moment start together, after both have booted, instead of one starting while the other still boots.
 *   A process ready after it has its lateness counted, as any other delay.
 */
export async function pacedLoad(
  base,
  paths,
  tokens,
  { rate, durationS, connections, bodies, start = 0, warmupS = 0, startAt = Date.now() },
) {
  const url = new URL(base);
  const agent = new http.Agent({ keepAlive: true, maxSockets: connections });
  /** [due since the start of the measured window, latency, how late it was sent] (ms) of each counted request. */
  const times = [];
  let errors = 0;
  let sent = 0;
  const pending = new Set();
  // performance.now() of the startAt moment (performance's clock never steps, the epoch's may).
  const started = startAt - performance.timeOrigin;
  const measuredFrom = started + warmupS * 1000;
  const total = Math.round(rate * (warmupS + durationS));
  const wait = (ms) => new Promise((r) => setTimeout(r, ms));
  if (started > performance.now()) await wait(started - performance.now());

  const send = (i, dueAt) => {
    // How late the generator itself sends it: its own share of the latency (a starved load process).
    const lateBy = performance.now() - dueAt;
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
            if (dueAt >= measuredFrom) {
              if (res.statusCode >= 400) errors++;
              times.push([dueAt - measuredFrom, performance.now() - dueAt, lateBy]);
            }
            resolve();
          });
        },
      );
      req.on('error', () => {
        if (dueAt >= measuredFrom) errors++;
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
    await wait(1);
  }
  await Promise.all(pending);
  // The rate kept: requests answered over the time from the first counted one due to the last answer.
  const elapsedS = (performance.now() - measuredFrom) / 1000;
  agent.destroy();
  const byValue = (a, b) => a - b;
  /** The p95 of column `at` of `times` ([due, latency, lateBy]), for each second of the measured window. */
  const p95BySecondOf = (at) => {
    const seconds = Array.from({ length: Math.ceil(durationS) }, () => []);
    for (const row of times) seconds[Math.min(seconds.length - 1, Math.floor(row[0] / 1000))].push(row[at]);
    return seconds.map((second) => percentile(second.sort(byValue), 95));
  };
  const latencies = times.map(([, latency]) => latency).sort(byValue);
  return {
    p50: percentile(latencies, 50),
    p95: percentile(latencies, 95),
    p99: percentile(latencies, 99),
    rps: latencies.length / elapsedS,
    // Requests sent, warm-up included: where the next load of new bodies goes on.
    total: sent,
    errors,
    p95BySecond: p95BySecondOf(1),
    /** The p95 of how late the generator sent each second's requests (part of the latencies above). */
    lateP95BySecond: p95BySecondOf(2),
  };
}
