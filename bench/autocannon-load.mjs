// The load of the feed and search benchmarks: autocannon over a rotation of paths x tokens, with latency
// percentiles taken from every response.
import autocannon from 'autocannon';

export const percentile = (sorted, p) =>
  sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? 0;

/**
 * Runs autocannon with `connections` for `durationS` seconds, rotating through `paths` x `tokens`; latency
 * percentiles from every response.
 */
export function load(base, paths, tokens, { connections, durationS }) {
  return new Promise((resolve, reject) => {
    const times = [];
    let n = 0;
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
              return { ...req, method: 'GET', path: paths[i % paths.length], headers };
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
