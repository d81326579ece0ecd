// Health for load balancers, the public settings the web needs before login, and robots.txt: the
// handlers of contract/src/endpoints/system.ts.
import { systemEndpoints } from '@hearth/contract';
import type { FastifyInstance } from 'fastify';
import { route, routes } from '../../platform/http/route-kit';

// robots.txt lives at the root, outside the /v1 plugin: app.ts registers it on its own (robotsRoute).
const { getRobotsTxt, ...underV1 } = systemEndpoints;

export async function systemRoutes(app: FastifyInstance): Promise<void> {
  routes(app, underV1, {
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
  });
}

/** An intranet is not for search engines; without this the SPA's fallback answered robots.txt with HTML. */
export const ROBOTS_TXT = 'User-agent: *\nDisallow: /\n';

export async function robotsRoute(app: FastifyInstance): Promise<void> {
  route(app, getRobotsTxt, async (_request, reply) =>
    reply.type('text/plain; charset=utf-8').send(ROBOTS_TXT),
  );
}
