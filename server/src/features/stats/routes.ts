// Key statistics: the handlers of contract/src/endpoints/stats.ts.
import { statsEndpoints } from '@hearth/contract';
import type { FastifyInstance } from 'fastify';
import { routes } from '../../platform/http/route-kit';
import { currentStats, updateStats } from './service';

export async function statsRoutes(app: FastifyInstance): Promise<void> {
  routes(app, statsEndpoints, {
    getStatistics: async () => ({ data: await currentStats(app.db) }),
    updateStatistics: async (request) => ({
      data: await updateStats(app.db, request.params.id, request.body),
    }),
  });
}
