// The search feature's HTTP surface: contract/src/endpoints/search.ts. The caller comes from the token;
// what they find is limited inside the queries (kinds/) to what they may open.
import { searchEndpoints } from '@hearth/contract';
import type { FastifyInstance } from 'fastify';
import { colleagueFieldsFor } from '../../access/profile-fields';
import { me } from '../../platform/auth/guards';
import { routes } from '../../platform/http/route-kit';
import { matchCacheOf } from './match-cache';
import { searchPage, suggest } from './search';
import { searchSummary } from './summary';

export async function searchRoutes(app: FastifyInstance): Promise<void> {
  // Something searchable changed on some instance (migration 0020's triggers), or the bus lost messages
  // while it reconnected: the cached matches may be out of date. Each answer also checks the database's
  // change counter, so this only shortens how long a stale entry is kept.
  const unsubscribe = app.events.subscribe((msg) => {
    if (msg.searchChanged || msg.resync) matchCacheOf(app.db).clear();
  });
  app.addHook('onClose', async () => unsubscribe());
  routes(app, searchEndpoints, {
    suggestSearch: async (request) => {
      const fields = await colleagueFieldsFor(app.db, me(request));
      return { data: await suggest(app.db, me(request), fields, request.query.q) };
    },
    search: async (request) => {
      const { q, ...options } = request.query;
      const fields = await colleagueFieldsFor(app.db, me(request));
      return { data: await searchPage(app.db, me(request), fields, q, options) };
    },
    searchSummary: async (request) => {
      const { q, ...options } = request.query;
      const fields = await colleagueFieldsFor(app.db, me(request));
      return { data: await searchSummary(app.db, me(request), fields, q, options) };
    },
  });
}
