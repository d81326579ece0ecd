// Account mail through the job queue (platform/jobs.ts, ADR 013). A job holds only the purpose and the user
// id: the link is made when the mail is sent, so no usable token sits in the queue's table, and a retry
// sends a fresh link (making a link replaces older ones of the same purpose: the newest mail always works).
// An e-mail change job holds the id of its request row (email_tokens), which gets its token the same way.

import { PATHS } from '@hearth/contract';
import { and, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { Db } from '../../db/client';
import { users } from '../../db/schema';
import { createLink, issueEmailChangeLink, type LinkPurpose } from './email-links';
import { emailChangeMail, emailChangeNotice, registerAttemptMail, resetMail, verifyMail } from './mails';
import { installTokenPruning } from './token-pruning';
import { installUnverifiedExpiry } from './unverified-expiry';

export type AccountMailJob =
  | { purpose: LinkPurpose; userId: number }
  /** The confirmation link, to the new address (read from the request row). */
  | { purpose: 'email-change'; requestId: number }
  /** The warning to the address being replaced; it names the new one. */
  | { purpose: 'email-change-notice'; userId: number; oldEmail: string; newEmail: string }
  /** To the owner of an address someone registered again (issue 30): no link, only what to do. */
  | { purpose: 'register-attempt'; userId: number };

/** Queues the mail; with `tx`, it is sent only if that transaction commits. */
export async function queueAccountMail(app: FastifyInstance, job: AccountMailJob, tx?: Db): Promise<void> {
  await app.jobs.send('mail', job, tx);
}

const activeUser = async (app: FastifyInstance, userId: number) =>
  (
    await app.db
      .select({ id: users.id, email: users.email, firstName: users.firstName })
      .from(users)
      .where(and(eq(users.id, userId), eq(users.isActive, true)))
  )[0];

/** Sends one queued mail; a throw (the SMTP server refused, say) makes the queue retry it with backoff. */
async function sendAccountMail(app: FastifyInstance, job: AccountMailJob): Promise<void> {
  const brand = app.config.brandName;
  if (job.purpose === 'email-change') {
    const issued = await issueEmailChangeLink(app, job.requestId);
    // Replaced by a newer request, confirmed or expired: nothing left to send.
    const user = issued && (await activeUser(app, issued.userId));
    if (!issued || !user) return;
    await app.mailer.send(emailChangeMail(brand, issued.newEmail, user.firstName, issued.link));
    return;
  }
  if (job.purpose === 'email-change-notice') {
    const [user] = await app.db
      .select({ firstName: users.firstName })
      .from(users)
      .where(eq(users.id, job.userId));
    if (user) await app.mailer.send(emailChangeNotice(brand, job.oldEmail, user.firstName, job.newEmail));
    return;
  }
  if (job.purpose === 'register-attempt') {
    const user = await activeUser(app, job.userId);
    const url = app.config.publicUrl;
    if (user)
      await app.mailer.send(
        registerAttemptMail(
          brand,
          user.email,
          user.firstName,
          `${url}${PATHS.login}`,
          `${url}${PATHS.forgotPassword}`,
        ),
      );
    return;
  }
  const { purpose, userId } = job;
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
  await app.mailer.send(
    purpose === 'verify'
      ? verifyMail(brand, user.email, user.firstName, link)
      : resetMail(brand, user.email, user.firstName, link),
  );
}

/**
 * Account mail, the daily expiry of accounts never verified (unverified-expiry.ts, issue 30) and the daily
 * pruning of spent refresh tokens and mailed links (token-pruning.ts, issue 31).
 */
export async function installAccountMail(app: FastifyInstance): Promise<void> {
  await installUnverifiedExpiry(app);
  await installTokenPruning(app);
  await app.jobs.work<AccountMailJob>(
    'mail',
    (job) =>
      sendAccountMail(app, job).catch((err) => {
        app.metrics.mailFailures.inc();
        throw err;
      }),
    // A burst (every reset after an outage) goes out MAIL_CONCURRENCY at a time (platform/mail.ts).
    { concurrency: app.config.mailConcurrency },
  );
}
