// Waiting for the job queue in tests: jobs run on the queue's workers, after the request has answered.
import type { FastifyInstance } from 'fastify';
import type { QueueName } from '../src/platform/jobs';

/** Resolves once `queue` has nothing waiting, retrying or running; fails after `timeoutMs`. */
export async function settled(app: FastifyInstance, queue: QueueName, timeoutMs = 15_000): Promise<void> {
  const until = Date.now() + timeoutMs;
  for (;;) {
    app.jobs.wake(queue);
    if ((await app.jobs.pending(queue)) === 0) return;
    if (Date.now() > until) throw new Error(`jobs of ${queue} still pending after ${timeoutMs} ms`);
    await new Promise((r) => setTimeout(r, 100));
  }
}
