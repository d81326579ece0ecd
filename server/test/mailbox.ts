// A real SMTP listener for tests: the app's nodemailer transport delivers to it over TCP.
import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';

export type ReceivedMail = { to: string[]; raw: string; body: string };

/** Undo quoted-printable soft breaks and escapes so links can be read back. */
function decodeQuotedPrintable(raw: string): string {
  return raw
    .replace(/=\r?\n/g, '')
    .replace(/=([0-9A-F]{2})/g, (_m, hex: string) => String.fromCharCode(Number.parseInt(hex, 16)));
}

export class Mailbox {
  readonly messages: ReceivedMail[] = [];
  private server?: SMTPServer;
  private refusals = 0;
  url = '';

  /** The next `count` messages are refused with a temporary error (451), as a busy mail server does. */
  refuseNext(count: number): void {
    this.refusals = count;
  }

  async start(): Promise<void> {
    this.server = new SMTPServer({
      authOptional: true,
      disabledCommands: ['STARTTLS', 'AUTH'],
      logger: false,
      onData: (stream, session, callback) => {
        if (this.refusals > 0) {
          this.refusals--;
          stream.resume();
          stream.on('end', () =>
            callback(Object.assign(new Error('Try again later'), { responseCode: 451 })),
          );
          return;
        }
        const chunks: Buffer[] = [];
        stream.on('data', (c: Buffer) => chunks.push(c));
        stream.on('end', () => {
          const raw = Buffer.concat(chunks).toString('utf8');
          this.messages.push({
            to: session.envelope.rcptTo.map((r) => r.address.toLowerCase()),
            raw,
            body: decodeQuotedPrintable(raw),
          });
          callback();
        });
      },
    });
    await new Promise<void>((resolve) => this.server?.listen(0, '127.0.0.1', resolve));
    const { port } = this.server.server.address() as AddressInfo;
    this.url = `smtp://127.0.0.1:${port}`;
  }

  to(address: string): ReceivedMail[] {
    return this.messages.filter((m) => m.to.includes(address.toLowerCase()));
  }

  /** Waits until `address` has received `count` messages (mail leaves through the job queue). */
  async waitFor(address: string, count = 1, timeoutMs = 15_000): Promise<ReceivedMail[]> {
    const until = Date.now() + timeoutMs;
    while (this.to(address).length < count) {
      if (Date.now() > until) throw new Error(`no mail for ${address} within ${timeoutMs} ms`);
      await new Promise((r) => setTimeout(r, 50));
    }
    return this.to(address);
  }

  /** The token of the newest link to `path` (e.g. /verify-email) mailed to `address`. */
  tokenFor(address: string, path: string): string | undefined {
    const mails = this.to(address);
    for (let i = mails.length - 1; i >= 0; i--) {
      const match = mails[i]?.body.match(new RegExp(`${path}\\?token=([A-Za-z0-9_-]+)`));
      if (match) return match[1];
    }
    return undefined;
  }

  async stop(): Promise<void> {
    await new Promise<void>((resolve) => this.server?.close(() => resolve()));
  }
}
