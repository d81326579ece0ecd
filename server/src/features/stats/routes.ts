// /v1/api/statistics: every known role reads the key statistics; administrators edit them.
// Guards run at onRequest: who may call is settled before the body is looked at (401/403 before 400).
import { envelope, errorBody, idParam, keyStats, keyStatsUpdate, ROLE } from '@hearth/contract';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { anyKnownRole, requireRole } from '../../platform/auth/guards';
import { currentStats, updateStats } from './service';

const errors = { 400: errorBody, 401: errorBody, 403: errorBody, 404: errorBody };
const tags = ['statistics'];
// Ids beyond a PostgreSQL integer cannot exist: 400 here rather than a database error.

export async function statsRoutes(server: FastifyInstance): Promise<void> {
  const app = server.withTypeProvider<ZodTypeProvider>();

  app.get(
    '/statistics',
    { schema: { tags, response: { 200: envelope(keyStats), ...errors } }, onRequest: anyKnownRole() },
    async () => ({ data: await currentStats(app.db) }),
  );

  app.put(
    '/statistics/:id',
    {
      schema: {
        tags,
        params: idParam,
        body: keyStatsUpdate,
        response: { 200: envelope(keyStats), ...errors },
      },
      onRequest: requireRole(ROLE.ADMIN),
    },
    async (request) => ({ data: await updateStats(app.db, request.params.id, request.body) }),
  );
}
