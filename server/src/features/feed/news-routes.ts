// The staff feed, one post, likes and favourites, and the post reports (/v1/api/newsfeed).
import type { feedEndpoints } from '@hearth/contract';
import { ACTION_TYPE } from '@hearth/contract';
import type { FastifyInstance } from 'fastify';
import { assertSelf } from '../../access/assert-self';
import { me } from '../../platform/auth/guards';
import { notFound } from '../../platform/errors';
import type { Handlers } from '../../platform/http/route-kit';
import { setPostAction } from '../posts/actions';
import { feedPostAccess, viewerOf } from './caller';
import { cardOf, loadFeedPage } from './feed';
import { acknowledgedAt, findPost, postActionData, postsReport } from './queries';

/** What Fastify's own serializer would have sent. */
const JSON_TYPE = 'application/json; charset=utf-8';

export function newsfeedHandlers(app: FastifyInstance) {
  return {
    listNewsfeed: async (request, reply) => {
      const caller = me(request);
      const q = request.query;
      assertSelf(caller, q.userId);
      // The hottest call: its answer is built field by field by the presenter (typed as the schema, nothing
      // else spread in), so checking it against the zod schema again, a quarter of the request's CPU
      // under load, is skipped. A test parses the answer with the schema and finds it unchanged. A custom
      // serializer leaves the media type unset, so it is named here; both are set once the page is loaded,
      // so a refused cursor still answers through the error schema (test/openapi-live.test.ts).
      const data = await loadFeedPage(app.db, caller.id, q);
      reply.serializer(JSON.stringify).type(JSON_TYPE);
      return { data };
    },
    getFeedPostsReport: async (_request, reply) => {
      // Every post of the group (100,000 in the benchmark): checking each row against the zod schema again
      // took seconds. The rows are built field by field as the schema's type (postReportJson).
      const data = await postsReport(app.db);
      reply.serializer(JSON.stringify).type(JSON_TYPE);
      return { data };
    },
    listFeedPostActions: async (request) => {
      const { postId, actionId } = request.query;
      const entries = await postActionData(app.db, postId, actionId);
      if (!entries) throw notFound();
      return { data: entries };
    },
    getNewsfeedPost: async (request) => {
      const caller = me(request);
      assertSelf(caller, request.query.userId);
      const row = await findPost(app.db, request.params.id, viewerOf(caller));
      if (!row) throw notFound();
      const card = await cardOf(app.db, row, caller.id);
      const acked = card.requiresAck ? await acknowledgedAt(app.db, caller.id, card.id) : null;
      return { data: { ...card, acknowledgedAt: acked?.toISOString() ?? null } };
    },
    setFeedPostAction: async (request) => {
      const caller = me(request);
      const body = request.body;
      assertSelf(caller, body.userId);
      const result = await setPostAction(app.db, caller.id, feedPostAccess(viewerOf(caller)), {
        postId: body.feedPostId,
        actionTypeId: body.feedPostActionTypeId === 1 ? ACTION_TYPE.LIKE : ACTION_TYPE.FAVOURITE,
        active: body.active === 1,
      });
      return { data: result };
    },
  } satisfies Partial<Handlers<typeof feedEndpoints>>;
}
