// Account mail through the job queue (platform/jobs.ts, ADR 013). A job holds only the purpose and the user
// id: the link is made when the mail is sent, so no usable token sits in the queue's table, and a retry
// sends a fresh link (making a link replaces older ones of the same purpose: the newest mail always works).
import { and, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { Db } from '../../db/client';
import { users } from '../../db/schema';
import { createLink, type LinkPurpose } from './email-links';
import { resetMail, verifyMail } from './mails';

export type AccountMailJob = { purpose: LinkPurpose; userId: number };

/** Queues the mail; with `tx`, it is sent only if that transaction commits. */
export async function queueAccountMail(app: FastifyInstance, job: AccountMailJob, tx?: Db): Promise<void> {
  await app.jobs.send('mail', job, tx);
}

/** Sends one queued mail; a throw (the SMTP server refused, say) makes the queue retry it with backoff. */
async function sendAccountMail(app: FastifyInstance, { purpose, userId }: AccountMailJob): Promise<void> {
  const [user] = await app.db
    .select({ id: users.id, email: users.email, firstName: users.firstName })
    .from(users)
    .where(
      and(
        eq(users.id, userId),
        // Still wanted by the time it is sent: not verified meanwhile, not deactivated.
        purpose === 'verify' ? eq(users.isVerified, false) : eq(users.isActive, true),
      ),
    );
  if (!user) return;
  const link = await createLink(app, user.id, purpose);
  const brand = app.config.brandName;
  await app.mailer.send(
    purpose === 'verify'
      ? verifyMail(brand, user.email, user.firstName, link)
      : resetMail(brand, user.email, user.firstName, link),
  );
}

export async function installAccountMail(app: FastifyInstance): Promise<void> {
  await app.jobs.work<AccountMailJob>('mail', (job) => sendAccountMail(app, job));
}
