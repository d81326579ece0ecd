// One error handler: AppError -> its status and text; zod validation -> 400 with per-field messages; the
// database out of reach -> 503 with Retry-After (database-unavailable.ts); anything else -> 500 with the
// request id and no stack trace.
import { MSG } from '@hearth/contract';
import type { FastifyError, FastifyInstance } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { AppError } from '../errors';
import { databaseUnavailable, sendUnavailable } from './database-unavailable';

/** `/body/groups/0` -> `groups`; a form field is the first path segment after the part of the request. */
function fieldName(instancePath: string): string {
  const parts = instancePath.split('/').filter(Boolean);
  return parts[1] ?? parts[0] ?? '_';
}

// Schemas carry the messages of product.md section 5 where there is one; anything else (a malformed id, a
// wrong type) answers this plain sentence instead of zod's technical default.
z.config({ customError: () => MSG.invalidInput });

/** Fastify's client errors that have a message of their own, with a stable code. */
const CLIENT_ERRORS: Record<number, { error: string; code: string }> = {
  413: { error: MSG.requestTooLarge, code: 'too_large' },
  415: { error: MSG.unsupportedMediaType, code: 'unsupported_media_type' },
};

export function installErrorHandler(app: FastifyInstance): void {
  app.setErrorHandler((err: FastifyError, request, reply) => {
    if (err instanceof AppError) {
      return reply.status(err.status).send({ error: err.message, code: err.code, fields: err.fields });
    }
    if (hasZodFastifySchemaValidationErrors(err)) {
      const fields: Record<string, string> = {};
      for (const issue of err.validation) {
        const name = fieldName(`/${err.validationContext ?? ''}${issue.instancePath}`);
        fields[name] ??= issue.message ?? MSG.invalidInput;
      }
      const first = Object.values(fields)[0] ?? MSG.invalidInput;
      return reply.status(400).send({ error: first, code: 'invalid_input', fields });
    }
    const status = err.statusCode ?? 500;
    if (status >= 400 && status < 500) {
      // Fastify's own client errors: malformed JSON, body too large, wrong content type.
      const known = CLIENT_ERRORS[status];
      if (known) return reply.status(status).send(known);
      return reply.status(status).send({ error: MSG.invalidInput, code: err.code ?? 'bad_request' });
    }
    const lost = databaseUnavailable(err);
    if (lost) {
      // One line, without `err`: Drizzle's message carries the statement and its parameters.
      request.log.warn({ reason: lost.reason }, 'database unavailable: answered 503');
      return sendUnavailable(request, reply);
    }
    request.log.error({ err }, 'unhandled error');
    return reply
      .status(500)
      .send({ error: MSG.somethingWrong, code: 'internal', requestId: String(request.id) });
  });
}
