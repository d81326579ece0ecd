// @engine: job queue retries and a restart (pg-boss)
// Account mail leaves through the durable job queue: a refused mail is retried with backoff, a mail that
// could not be sent survives a restart, and a job carries no usable link (ADR 013).
import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { createGroups, createUser, registrationBody } from '../../../test/factories';
import { settled } from '../../../test/jobs';
import { useTestApp } from '../../../test/use-test-app';

const t = useTestApp();
let g: Awaited<ReturnType<typeof createGroups>>;

beforeAll(async () => {
  g = await createGroups(t.db);
});

const post = (url: string, payload: object) => t.app.inject({ method: 'POST', url, payload });

const registration = () => registrationBody(g);

type JobRow = { state: string; retry_count: number; data: unknown };
async function mailJobs(): Promise<JobRow[]> {
  const res = (await t.db.execute(
    sql`select state, retry_count, data from pgboss.job where name = 'mail' order by created_on`,
  )) as unknown as { rows: JobRow[] };
  return res.rows;
}

describe('the mail queue', () => {
  it('retries a mail the SMTP server refused once, and delivers it', async () => {
    t.mailbox.refuseNext(1);
    const body = registration();
    const started = performance.now();
    const res = await post('/v1/auth/register', body);
    expect(res.statusCode).toBe(201);
    // The request does not wait for the mail server.
    expect(performance.now() - started).toBeLessThan(2000);
    const [mail] = await t.mailbox.waitFor(body.email);
    expect(mail?.body).toContain('/verify-email?token=');
    await settled(t.app, 'mail');
    const job = (await mailJobs()).at(-1);
    expect(job).toMatchObject({ state: 'completed', retry_count: 1 });
    expect(t.mailbox.to(body.email)).toHaveLength(1);
  });

  it('keeps a mail that could not be sent across a restart and sends it afterwards', async () => {
    t.mailbox.refuseNext(1000);
    const user = await createUser(t.db);
    await post('/v1/auth/reset-password', { email: user.email });
    // Wait for the first refusal: the job is now waiting for its retry.
    for (let i = 0; i < 100 && !(await mailJobs()).some((j) => j.state === 'retry'); i++)
      await new Promise((r) => setTimeout(r, 100));
    expect((await mailJobs()).some((j) => j.state === 'retry')).toBe(true);
    await t.restart();
    expect(t.mailbox.to(user.email)).toHaveLength(0);
    t.mailbox.refuseNext(0);
    const [mail] = await t.mailbox.waitFor(user.email, 1, 20_000);
    const token = t.mailbox.tokenFor(user.email, '/reset-password');
    expect(mail?.body).toContain('/reset-password?token=');
    const done = await post('/v1/auth/set-password', { token: token ?? '', password: 'N3w#Password' });
    expect(done.statusCode).toBe(200);
  });

  it('stores only the purpose and the user in the job, never the link', async () => {
    const user = await createUser(t.db);
    await post('/v1/auth/reset-password', { email: user.email });
    await t.mailbox.waitFor(user.email);
    const job = (await mailJobs()).at(-1);
    expect(job?.data).toEqual({ purpose: 'reset', userId: user.id });
    expect(JSON.stringify(job)).not.toContain('token');
  });

  it('does not mail a verification link to a user verified before the job ran', async () => {
    const user = await createUser(t.db); // factory users are verified
    await t.app.jobs.send('mail', { purpose: 'verify', userId: user.id });
    await settled(t.app, 'mail');
    expect(t.mailbox.to(user.email)).toHaveLength(0);
  });

  it('queues no mail when registration is refused', async () => {
    const before = (await mailJobs()).length;
    const res = await post('/v1/auth/register', { ...registration(), password: 'Passw0rd!' });
    expect(res.statusCode).toBe(400);
    expect(await mailJobs()).toHaveLength(before);
  });
});
