// @engine: pg-boss concurrency, expiry and retries
// Mail at the relay's speed (issue 31, item 2; ADR 013 addendum): the job queue and the pooled SMTP mailer
// against a real SMTP listener that takes 50 ms a message. Batches drain concurrently without the polling
// interval between them; a 4xx refusal is retried later and delivered once; a 5xx is not retried; an
// attempt that lost its job to a later one sends nothing.
import type { AddressInfo } from 'node:net';
import { sql } from 'drizzle-orm';
import { SMTPServer } from 'smtp-server';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { type Database, queryRows } from '../src/db/client';
import { type JobQueue, jobIdOf, startJobQueue } from '../src/platform/jobs';
import { createMailer, type Mailer } from '../src/platform/mail';
import { openTestDatabase } from './database';

/** An SMTP listener taking `delayMs` a message; `reply` may refuse a message (an SMTP code) instead. */
class SlowRelay {
  readonly delivered: string[] = [];
  /** Every DATA the listener saw, delivered or refused, by recipient. */
  readonly attempts: string[] = [];
  inFlight = 0;
  maxInFlight = 0;
  reply: (to: string, attempt: number) => number | undefined = () => undefined;
  url = '';
  private server?: SMTPServer;

  constructor(private readonly delayMs: number) {}

  async start(): Promise<void> {
    this.server = new SMTPServer({
      authOptional: true,
      disabledCommands: ['STARTTLS', 'AUTH'],
      logger: false,
      onData: (stream, session, callback) => {
        const to = session.envelope.rcptTo[0]?.address.toLowerCase() ?? '';
        this.inFlight++;
        this.maxInFlight = Math.max(this.maxInFlight, this.inFlight);
        stream.resume();
        stream.on('end', () => {
          setTimeout(() => {
            this.inFlight--;
            this.attempts.push(to);
            const code = this.reply(to, this.attempts.filter((a) => a === to).length);
            if (code) return callback(Object.assign(new Error(`refused ${code}`), { responseCode: code }));
            this.delivered.push(to);
            callback();
          }, this.delayMs);
        });
      },
    });
    await new Promise<void>((resolve) => this.server?.listen(0, '127.0.0.1', resolve));
    this.url = `smtp://127.0.0.1:${(this.server.server.address() as AddressInfo).port}`;
  }

  count(to: string, list = this.delivered): number {
    return list.filter((a) => a === to).length;
  }

  reset(): void {
    this.delivered.length = 0;
    this.attempts.length = 0;
    this.maxInFlight = 0;
    this.reply = () => undefined;
  }

  stop(): Promise<void> {
    return new Promise((resolve) => this.server?.close(() => resolve()));
  }
}

const silent = { info() {}, warn() {}, error() {} } as never;
const until = async (check: () => boolean | Promise<boolean>, timeoutMs = 15_000) => {
  const end = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > end) throw new Error(`not within ${timeoutMs} ms`);
    await new Promise((r) => setTimeout(r, 20));
  }
};

type MailJob = { to: string };

describe('mail at the relay speed', () => {
  let database: Database;
  let relay: SlowRelay;
  let mailer: Mailer;
  const queues: JobQueue[] = [];

  /** A job queue with tests' 1 s retry delay. */
  const startQueue = async (
    opts: { maintenanceIntervalSeconds?: number; pollingIntervalSeconds?: number } = {},
  ) => {
    const jobs = await startJobQueue(database, silent, {
      retryDelaySeconds: { notificationMail: 1 },
      ...opts,
    });
    queues.push(jobs);
    return jobs;
  };
  const send = (mail: MailJob) => mailer.send({ to: mail.to, subject: 'Hello', text: 'A notification' });
  const jobRow = async (id: string) =>
    (
      await queryRows<{ state: string; retry_count: number }>(
        database.db,
        sql`select state::text, retry_count from pgboss.job where id = ${id}::uuid`,
      )
    )[0];

  beforeAll(async () => {
    database = await openTestDatabase();
    relay = new SlowRelay(50);
    await relay.start();
    mailer = createMailer({
      smtpUrl: relay.url,
      from: 'Hearth <no-reply@example.com>',
      outboxDir: '',
      logger: silent,
      concurrency: 8,
    });
  });
  afterEach(async () => {
    while (queues.length) await queues.pop()?.stop();
    relay.reset();
  });
  afterAll(async () => {
    await database.close();
    await relay.stop();
  });

  it('drains 50 mails concurrently, batch after batch without the polling interval', async () => {
    // Idle workers poll every 10 s here: a worker that paused between batches while mail waits would take
    // a minute; one that took a job a poll, over eight.
    const jobs = await startQueue({ pollingIntervalSeconds: 10 });
    await jobs.work<MailJob>('notificationMail', send, { concurrency: 8 });
    const started = performance.now();
    await jobs.sendMany(
      'notificationMail',
      Array.from({ length: 50 }, (_, i) => ({ data: { to: `drain${i}@example.com` } })),
    );
    await until(() => relay.delivered.length >= 50);
    const seconds = (performance.now() - started) / 1000;
    // Eight at a time is about a second; the bound leaves room for a loaded two-core machine (PGlite's few
    // queries a job slow down most), and fails a worker that waits out its polling interval between
    // batches (60 s and more) or sends one at a time (the relay would never see more than one at once).
    expect(seconds).toBeLessThan(15);
    expect(relay.maxInFlight).toBeGreaterThanOrEqual(4);
    expect(relay.maxInFlight).toBeLessThanOrEqual(8);
    expect(new Set(relay.delivered).size).toBe(50);
    await until(async () => (await jobs.pending('notificationMail')) === 0);
  });

  it('backs off a temporary refusal (4xx) and delivers the mail once later', async () => {
    const jobs = await startQueue();
    relay.reply = (to, attempt) => (to === 'busy@example.com' && attempt === 1 ? 451 : undefined);
    await jobs.work<MailJob>('notificationMail', send, { concurrency: 8 });
    const id = jobIdOf('test 4xx');
    await jobs.sendMany('notificationMail', [{ data: { to: 'busy@example.com' }, id }]);
    await until(() => relay.count('busy@example.com') === 1);
    // Refused once, sent after the retry delay (1 s here, 10 s doubling in production).
    expect(relay.count('busy@example.com', relay.attempts)).toBe(2);
    await until(async () => (await jobRow(id))?.state === 'completed');
    expect((await jobRow(id))?.retry_count).toBe(1);
    await new Promise((r) => setTimeout(r, 1500));
    expect(relay.count('busy@example.com')).toBe(1);
  });

  it('does not retry a permanent refusal (5xx): the job fails for good after one attempt', async () => {
    const jobs = await startQueue();
    relay.reply = (to) => (to === 'nobody@example.com' ? 550 : undefined);
    await jobs.work<MailJob>('notificationMail', send, { concurrency: 8 });
    const id = jobIdOf('test 5xx');
    await jobs.sendMany('notificationMail', [{ data: { to: 'nobody@example.com' }, id }]);
    await until(async () => (await jobRow(id))?.state === 'failed');
    // Well past the 1 s retry delay: still the one attempt.
    await new Promise((r) => setTimeout(r, 2500));
    jobs.wake('notificationMail');
    await new Promise((r) => setTimeout(r, 500));
    expect(relay.count('nobody@example.com', relay.attempts)).toBe(1);
    expect(relay.count('nobody@example.com')).toBe(0);
    expect(await jobRow(id)).toEqual({ state: 'failed', retry_count: 0 });
  });

  it('sends once when a job is run twice: by a stalled attempt taken over after its expiry, and sent again by id', async () => {
    // Instance A fetches the job and stalls before sending (a long pause, a stuck read); the job expires,
    // maintenance hands it back, and instance B sends it. When A wakes up it must not send it too.
    const a = await startQueue({ maintenanceIntervalSeconds: 1 });
    let release: () => void = () => undefined;
    const stalled = new Promise<void>((r) => {
      release = r;
    });
    let runs = 0;
    const handler = async (mail: MailJob) => {
      runs++;
      if (runs === 1) await stalled;
      await send(mail);
    };
    await a.work<MailJob>('notificationMail', handler);
    const id = jobIdOf('test twice');
    await a.sendMany('notificationMail', [{ data: { to: 'twice@example.com' }, id }]);
    await until(() => runs === 1);
    // As if its 30 s had passed: pg-boss's maintenance fails it by timeout and it is retried.
    await queryRows(
      database.db,
      sql`update pgboss.job set started_on = now() - interval '1 hour' where id = ${id}::uuid`,
    );
    const b = await startQueue();
    await b.work<MailJob>('notificationMail', handler);
    await until(() => relay.count('twice@example.com') === 1);
    await until(async () => (await jobRow(id))?.state === 'completed');
    release();
    await new Promise((r) => setTimeout(r, 500));
    expect(runs).toBe(2);
    expect(relay.count('twice@example.com', relay.attempts)).toBe(1);
    expect((await jobRow(id))?.state).toBe('completed');
    // The same mail queued again (the fan-out resumed after a crash): its id is taken, nothing is sent.
    await b.sendMany('notificationMail', [{ data: { to: 'twice@example.com' }, id }]);
    b.wake('notificationMail');
    await new Promise((r) => setTimeout(r, 500));
    expect(relay.count('twice@example.com', relay.attempts)).toBe(1);
  });
});
