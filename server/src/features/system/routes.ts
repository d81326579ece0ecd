// Health for load balancers and the public settings the web needs before login.
import { envelope, errorBody, publicConfig } from '@hearth/contract';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';

export async function systemRoutes(server: FastifyInstance): Promise<void> {
  const app = server.withTypeProvider<ZodTypeProvider>();

  app.get(
    '/health',
    {
      schema: {
        tags: ['system'],
        response: {
          200: envelope(z.object({ status: z.string() })),
          503: errorBody.describe('The database does not answer'),
        },
      },
    },
    async (_request, reply) => {
      const ok = await app.database.ping();
      if (!ok) return reply.status(503).send({ error: 'database unavailable', code: 'unavailable' });
      return { data: { status: 'ok' } };
    },
  );

  app.get(
    '/config',
    { schema: { tags: ['system'], response: { 200: envelope(publicConfig) } } },
    async () => ({
      data: {
        brandName: app.config.brandName,
        supportEmail: app.config.supportEmail,
        copyrightYear: app.config.copyrightYear,
        companyEmailDomains: app.config.companyEmailDomains,
      },
    }),
  );
}
