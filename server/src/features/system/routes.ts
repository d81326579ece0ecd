// Health for load balancers, the public settings the web needs before login, and robots.txt: the
// handlers of contract/src/endpoints/system.ts.
import { systemEndpoints } from '@hearth/contract';
import type { FastifyInstance } from 'fastify';
import { routes } from '../../platform/http/route-kit';

/** An intranet is not for search engines; without this the SPA's fallback answered robots.txt with HTML. */
export const ROBOTS_TXT = 'User-agent: *\nDisallow: /\n';

export async function systemRoutes(app: FastifyInstance): Promise<void> {
  routes(app, systemEndpoints, {
    getHealth: async (_request, reply) => {
      const ok = await app.database.ping();
      if (!ok) return reply.status(503).send({ error: 'database unavailable', code: 'unavailable' });
      return { data: { status: 'ok' } };
    },
    getPublicConfig: async () => ({
      data: {
        brandName: app.config.brandName,
        supportEmail: app.config.supportEmail,
        copyrightYear: app.config.copyrightYear,
        companyEmailDomains: app.config.companyEmailDomains,
      },
    }),
    getRobotsTxt: async (_request, reply) => reply.type('text/plain; charset=utf-8').send(ROBOTS_TXT),
  });
}
