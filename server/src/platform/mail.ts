// Outgoing mail. With SMTP_URL it goes over SMTP; without, each mail is written as an .eml file under
// DATA_DIR/outbox and the file's name logged, so a local user can open its link to verify and reset.
import { mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { FastifyBaseLogger } from 'fastify';
import nodemailer from 'nodemailer';

export type Mail = { to: string; subject: string; text: string; html?: string; link?: string };
export type Mailer = { send(mail: Mail): Promise<void> };

/** Connect, greeting and idle limits of one SMTP send, in ms: 25 s at most in all, under the 30 s expiry. */
export const SMTP_TIMEOUTS = { connectionTimeout: 5_000, greetingTimeout: 5_000, socketTimeout: 15_000 };

export function createMailer(opts: {
  smtpUrl?: string;
  from: string;
  outboxDir: string;
  logger: FastifyBaseLogger;
}): Mailer {
  if (opts.smtpUrl) {
    // A send must end well inside the mail job's expiry (platform/jobs.ts): an attempt still running when
    // the job expires would be retried while it may yet deliver, and the mail would go out twice.
    const transport = nodemailer.createTransport({ url: opts.smtpUrl, ...SMTP_TIMEOUTS });
    return {
      async send(mail) {
        await transport.sendMail({
          from: opts.from,
          to: mail.to,
          subject: mail.subject,
          text: mail.text,
          html: mail.html,
        });
      },
    };
  }
  const transport = nodemailer.createTransport({ streamTransport: true, buffer: true, newline: 'unix' });
  return {
    async send(mail) {
      const info = await transport.sendMail({
        from: opts.from,
        to: mail.to,
        subject: mail.subject,
        text: mail.text,
        html: mail.html,
      });
      await mkdir(opts.outboxDir, { recursive: true });
      const file = join(
        opts.outboxDir,
        `${new Date().toISOString().replace(/[:.]/g, '-')}-${info.messageId.replace(/[^a-z0-9]/gi, '')}.eml`,
      );
      await writeFile(file, info.message as Buffer);
      // The notice names the file, not the link: no token reaches a log line (issue 13, finding 8).
      opts.logger.info({ outbox: file, to: mail.to }, `mail written to outbox: ${mail.subject}`);
    },
  };
}
