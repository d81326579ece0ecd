// The load of the feed and search benchmarks: autocannon over a rotation of paths x tokens, with latency
// percentiles taken from every response.
import autocannon from 'autocannon';

export const percentile = (sorted, p) =>
  sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? 0;

/**
 * Runs autocannon with `connections` for `durationS` seconds, rotating through `paths` x `tokens`; latency
 * percentiles from every response. `bodies`: POST these JSON bodies in turn instead of GETs; `overallRate`:
 * at most this many requests a second in all (an open load at a set rate), instead of as fast as answered.
 */
export function load(base, paths, tokens, { connections, durationS, bodies, overallRate }) {
  return new Promise((resolve, reject) => {
    const times = [];
    let n = 0;
    const instance = autocannon(
      {
        url: base,
        connections,
        duration: durationS,
        ...(overallRate ? { overallRate } : {}),
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
