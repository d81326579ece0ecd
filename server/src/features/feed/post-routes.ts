// The admin post list and form (/v1/api/feed-posts) and the categories (/v1/api/feed-post-categories).
import type { feedEndpoints } from '@hearth/contract';
import type { FastifyInstance } from 'fastify';
import { me } from '../../platform/auth/guards';
import { notFound } from '../../platform/errors';
import type { Handlers } from '../../platform/http/route-kit';
import { cardOf, cardsOf } from './feed';
import { savePost } from './posts';
import { findPost, listAllPosts, listCategories } from './queries';

export function feedPostHandlers(app: FastifyInstance) {
  const load = async (id: number, viewerId: number) => {
    const row = await findPost(app.db, id, { id: viewerId, seesAll: true });
    if (!row) throw notFound();
    return cardOf(app.db, row, viewerId);
  };

  return {
    listFeedPosts: async (request) => {
      const { limit, stateId } = request.query;
      const rows = await listAllPosts(app.db, { limit, stateId });
      return { data: await cardsOf(app.db, rows, me(request).id) };
    },
    getFeedPost: async (request) => ({ data: await load(request.params.id, me(request).id) }),
    createFeedPost: async (request, reply) => {
      const caller = me(request);
      const id = await savePost(app.db, caller, request.body);
      return reply.status(201).send({ data: await load(id, caller.id) });
    },
    updateFeedPost: async (request) => {
      const caller = me(request);
      const id = await savePost(app.db, caller, request.body, request.params.id);
      return { data: await load(id, caller.id) };
    },
    listFeedPostCategories: async (request) => ({
      data: await listCategories(app.db, request.query.limit),
    }),
  } satisfies Partial<Handlers<typeof feedEndpoints>>;
}
