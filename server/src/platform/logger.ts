// The server's logger: JSON lines (pino) with no credential in them. Request URLs are logged with
// token-like query values redacted, and every line passes through the same redaction on its way out
// (mail links, error messages, anything a future log call adds). main.ts and the log test build it here.
import pino, { type DestinationStream, type Logger } from 'pino';
import { redactingDestination, requestSerializer } from './http/log-redaction';

export function createLogger(level: string, out: DestinationStream = pino.destination(1)): Logger {
  return pino(
    {
      level,
      redact: ['req.headers.authorization', 'req.headers.cookie'],
      serializers: { req: requestSerializer },
    },
    redactingDestination(out),
  );
}
