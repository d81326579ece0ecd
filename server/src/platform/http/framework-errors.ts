// The router's own refusals, answered as the error envelope like every other error. Fastify answers them
// before any route or error handler runs, by default as `{ error, message, statusCode }`:
// - a path that is not valid percent-encoding (`/v1/api/users/%E0%A4%A`): 400;
// - a path parameter longer than the router's limit (100 characters): 414. No id or key is that long;
//   openapi-responses.ts documents 414 for every route with a path parameter.
import { MSG } from '@hearth/contract';
import type { FastifyError, FastifyReply, FastifyRequest } from 'fastify';

export function frameworkErrors(err: FastifyError, _request: FastifyRequest, reply: FastifyReply): void {
  if (err.code === 'FST_ERR_MAX_PARAM_LENGTH') {
    reply.status(414).send({ error: MSG.invalidInput, code: 'uri_too_long' });
    return;
  }
  reply.status(err.statusCode && err.statusCode < 500 ? err.statusCode : 400).send({
    error: MSG.invalidInput,
    code: err.code === 'FST_ERR_BAD_URL' ? 'bad_url' : 'bad_request',
  });
}
