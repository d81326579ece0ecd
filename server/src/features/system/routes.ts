// Health for load balancers, the public settings the web needs before login, and robots.txt.
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

/** An intranet is not for search engines; without this the SPA's fallback answered robots.txt with HTML. */
export const ROBOTS_TXT = 'User-agent: *\nDisallow: /\n';

export async function robotsRoute(server: FastifyInstance): Promise<void> {
  const app = server.withTypeProvider<ZodTypeProvider>();
  app.get(
    '/robots.txt',
    {
      schema: {
        tags: ['system'],
        summary: 'Tells crawlers to index nothing',
        response: {
          200: { description: 'The robots file', content: { 'text/plain': { schema: z.string() } } },
        },
      },
    },
    async (_request, reply) => reply.type('text/plain; charset=utf-8').send(ROBOTS_TXT),
  );
}
