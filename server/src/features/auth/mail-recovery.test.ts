// @engine: pg-boss expiry of a dead instance's job, raw SQL on its table
// A mail job that was running on an instance that died is sent by another instance about half a minute
// later, not after the two to four minutes of pg-boss's defaults (issue 16): its expiry is 30 s and
// maintenance looks for expired jobs every few seconds. The dead instance's attempt is the state it leaves in
// the queue: the job active, started 31 s ago.
import { sql } from 'drizzle-orm';
import { expect, it } from 'vitest';
import { createUser } from '../../../test/factories';
import { useTestApp } from '../../../test/use-test-app';
import { queryRows } from '../../db/client';
import { QUEUES } from '../../platform/jobs';

// Maintenance every second here, so the test waits for the expiry rule and not for the interval.
const t = useTestApp({ deps: { jobs: { maintenanceIntervalSeconds: 1 } } });

const mailJobs = () =>
  queryRows<{ id: string; state: string }>(t.db, sql`select id, state from pgboss.job where name = 'mail'`);

it('re-sends a mail whose job was running on a dead instance once its 30 s expiry passed', async () => {
  expect(QUEUES.mail.expireInSeconds).toBeLessThanOrEqual(30);
  t.mailbox.refuseNext(1000);
  const user = await createUser(t.db);
  await t.app.inject({ method: 'POST', url: '/v1/auth/reset-password', payload: { email: user.email } });
  let job: { id: string; state: string } | undefined;
  for (let i = 0; i < 100 && job?.state !== 'retry'; i++) {
    [job] = await mailJobs();
    if (job?.state !== 'retry') await new Promise((r) => setTimeout(r, 100));
  }
  expect(job?.state).toBe('retry');
  // What a crash leaves: another instance took the job 31 s ago and never finished it.
  await t.db.execute(sql`update pgboss.job set state = 'active', started_on = now() - interval '31 seconds'
    where id = ${job?.id}::uuid`);
  t.mailbox.refuseNext(0);
  const [mail] = await t.mailbox.waitFor(user.email, 1, 10_000);
  expect(mail?.body).toContain('/reset-password?token=');
  expect(t.mailbox.to(user.email)).toHaveLength(1);
});

it('a running job younger than its expiry is left to the instance running it', async () => {
  t.mailbox.refuseNext(1000);
  const user = await createUser(t.db);
  await t.app.inject({ method: 'POST', url: '/v1/auth/reset-password', payload: { email: user.email } });
  let job: { id: string; state: string } | undefined;
  for (let i = 0; i < 100 && job?.state !== 'retry'; i++) {
    job = (await mailJobs()).find((j) => j.state === 'retry');
    if (!job) await new Promise((r) => setTimeout(r, 100));
  }
  await t.db.execute(sql`update pgboss.job set state = 'active', started_on = now() - interval '5 seconds'
    where id = ${job?.id}::uuid`);
  t.mailbox.refuseNext(0);
  await new Promise((r) => setTimeout(r, 3000));
  expect(t.mailbox.to(user.email)).toHaveLength(0);
  const [row] = await queryRows<{ state: string }>(
    t.db,
    sql`select state from pgboss.job where id = ${job?.id}::uuid`,
  );
  expect(row?.state).toBe('active');
});
