// Outgoing mail. With SMTP_URL it goes over SMTP; without, each mail is written as an .eml file under
// DATA_DIR/outbox and the file's name logged, so a local user can open its link to verify and reset.
//
// Over SMTP (issue 31, ADR 013 addendum): up to `concurrency` sends at once (MAIL_CONCURRENCY), each on one
// of as many pooled connections, so the mail jobs go out at the relay's speed rather than one connection's
// handshake at a time. The relay's refusals keep their SMTP code: a 5xx is marked `permanent` and the job
// queue does not retry it (platform/jobs.ts); a 4xx or a lost connection is retried with the queue's backoff.
import { mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { FastifyBaseLogger } from 'fastify';
import nodemailer from 'nodemailer';
import { beforeIrreversible } from './jobs';

export type Mail = { to: string; subject: string; text: string; html?: string; link?: string };
export type Mailer = { send(mail: Mail): Promise<void> };

/** Connect, greeting and idle limits of one SMTP send, in ms: 25 s at most in all, under the 30 s expiry. */
export const SMTP_TIMEOUTS = { connectionTimeout: 5_000, greetingTimeout: 5_000, socketTimeout: 15_000 };
/** The longest one SMTP send may take (SMTP_TIMEOUTS added up): a send starts only with this much time left. */
export const SMTP_SEND_BOUND_MS =
  SMTP_TIMEOUTS.connectionTimeout + SMTP_TIMEOUTS.greetingTimeout + SMTP_TIMEOUTS.socketTimeout;

/** Sends at once and pooled SMTP connections per server process when MAIL_CONCURRENCY is not set. */
export const DEFAULT_MAIL_CONCURRENCY = 8;

/**
 * Pooled connections are closed after this long without a send and opened again for the next one: a relay
 * is not held for idle connections it may drop anyway, and nothing stays open when the server stops.
 */
const POOL_IDLE_MS = 1_000;

/** An SMTP reply code the relay gave, when the error carries one (nodemailer's `responseCode`). */
const responseCodeOf = (err: unknown): number | undefined => {
  const code = (err as { responseCode?: unknown } | null)?.responseCode;
  return typeof code === 'number' ? code : undefined;
};

/**
 * A 5xx reply is the relay's final word (no such mailbox, policy, message refused): sending again will not
 * change it. 503 is excepted: "bad sequence of commands" says the conversation went wrong, not the mail.
 */
export const isPermanentRefusal = (err: unknown): boolean => {
  const code = responseCodeOf(err);
  return code !== undefined && code >= 500 && code < 600 && code !== 503;
};

/** A counting semaphore: at most `size` holders; `acquire` answers the release. */
function slots(size: number) {
  let free = size;
  const waiting: (() => void)[] = [];
  return {
    get busy() {
      return size - free + waiting.length;
    },
    async acquire(): Promise<() => void> {
      if (free > 0) free--;
      else await new Promise<void>((resolve) => waiting.push(resolve));
      let released = false;
      return () => {
        if (released) return;
        released = true;
        const next = waiting.shift();
        if (next) next();
        else free++;
      };
    },
  };
}

export function createMailer(opts: {
  smtpUrl?: string;
  from: string;
  outboxDir: string;
  logger: FastifyBaseLogger;
  /** Sends at once and pooled connections (MAIL_CONCURRENCY); DEFAULT_MAIL_CONCURRENCY when unset. */
  concurrency?: number;
}): Mailer {
  if (opts.smtpUrl) {
    const smtpUrl = opts.smtpUrl;
    const concurrency = Math.max(1, opts.concurrency ?? DEFAULT_MAIL_CONCURRENCY);
    const open = () =>
      nodemailer.createTransport({
        url: smtpUrl,
        pool: true,
        maxConnections: concurrency,
        // No resending behind the queue's back: a connection lost during a send may have delivered the
        // message, and the job queue alone decides about trying again (with its backoff).
        maxRequeues: 0,
        ...SMTP_TIMEOUTS,
      });
    let transport: ReturnType<typeof open> | undefined;
    let idle: NodeJS.Timeout | undefined;
    const sending = slots(concurrency);
    return {
      async send(mail) {
        const release = await sending.acquire();
        clearTimeout(idle);
        try {
          // A send must end well inside the mail job's expiry (platform/jobs.ts): an attempt still running
          // when the job expires would be retried while it may yet deliver, and the mail would go out twice.
          // So it starts only while the job is still this attempt's and has the time for a whole send.
          await beforeIrreversible(SMTP_SEND_BOUND_MS);
          transport ??= open();
          await transport.sendMail({
            from: opts.from,
            to: mail.to,
            subject: mail.subject,
            text: mail.text,
            html: mail.html,
          });
        } catch (err) {
          if (isPermanentRefusal(err)) Object.assign(err as object, { permanent: true });
          throw err;
        } finally {
          release();
          if (sending.busy === 0) {
            idle = setTimeout(() => {
              transport?.close();
              transport = undefined;
            }, POOL_IDLE_MS);
            idle.unref();
          }
        }
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
