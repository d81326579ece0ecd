// PostgreSQL text cannot hold the NUL character: a string carrying one fails inside the database, which
// would answer 500. This preValidation hook answers 400 naming the field instead.
import { MSG } from '@hearth/contract';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { badRequest } from '../errors';

/** The top-level field whose value holds a NUL somewhere inside, if any. */
function fieldWithNul(value: unknown, field: string, depth = 0): string | undefined {
  if (typeof value === 'string') return value.includes('\u0000') ? field : undefined;
  if (depth > 8 || value === null || typeof value !== 'object') return undefined;
  for (const [key, inner] of Object.entries(value)) {
    const found = fieldWithNul(inner, depth === 0 ? key : field, depth + 1);
    if (found) return found;
  }
  return undefined;
}

export function installNulGuard(app: FastifyInstance): void {
  app.addHook('preValidation', async (request: FastifyRequest) => {
    const field =
      fieldWithNul(request.body, '_') ??
      fieldWithNul(request.query, '_') ??
      fieldWithNul(request.params, '_');
    if (field) throw badRequest(MSG.invalidInput, { [field]: MSG.invalidInput });
  });
}
