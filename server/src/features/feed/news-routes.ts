// /v1/api/newsfeed: the staff feed, one post, likes and favourites, and the post reports.
// Guards run at onRequest: who may call is settled before the query or body is looked at.
import {
  ACTION_TYPE,
  actionResult,
  envelope,
  errorBody,
  feedActionBody,
  feedPage,
  feedPost,
  idParam,
  newsfeedQuery,
  postActionDataQuery,
  postActionEntry,
  postReportRow,
  ROLE,
} from '@hearth/contract';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { anyKnownRole, me, requireRole } from '../../platform/auth/guards';
import { notFound } from '../../platform/errors';
import { feedPostAccess, setPostAction } from './actions';
import { assertSelf, viewerOf } from './caller';
import { loadFeedPage } from './feed';
import { presentPost } from './presenter';
import { findPost, postActionData, postsReport } from './queries';

const errors = { 400: errorBody, 401: errorBody, 403: errorBody, 404: errorBody };
const tags = ['newsfeed'];
/** What Fastify's own serializer would have sent. */
const JSON_TYPE = 'application/json; charset=utf-8';

export async function newsfeedRoutes(server: FastifyInstance): Promise<void> {
  const app = server.withTypeProvider<ZodTypeProvider>();
  const admin = requireRole(ROLE.ADMIN);

  app.get(
    '/newsfeed',
    {
      schema: {
        tags,
        summary: 'The staff feed: all, featured (isFeatured=1), liked (action=1), favourited (action=2)',
        querystring: newsfeedQuery,
        response: { 200: envelope(feedPage), ...errors },
      },
      onRequest: anyKnownRole(),
    },
    async (request, reply) => {
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
  );

  app.get(
    '/newsfeed/postsReport',
    { schema: { tags, response: { 200: envelope(z.array(postReportRow)), ...errors } }, onRequest: admin },
    async (_request, reply) => {
      // Every post of the group (100,000 in the benchmark): checking each row against the zod schema again
      // took seconds. The rows are built field by field as the schema's type (postReportJson).
      const data = await postsReport(app.db);
      reply.serializer(JSON.stringify).type(JSON_TYPE);
      return { data };
    },
  );

  app.get(
    '/newsfeed/postActionData',
    {
      schema: {
        tags,
        summary: 'Who liked (actionId=1) or favourited (actionId=2) a post, newest first',
        querystring: postActionDataQuery,
        response: { 200: envelope(z.array(postActionEntry)), ...errors },
      },
      onRequest: admin,
    },
    async (request) => {
      const { postId, actionId } = request.query;
      const entries = await postActionData(app.db, postId, actionId);
      if (!entries) throw notFound();
      return { data: entries };
    },
  );

  app.get(
    '/newsfeed/:id',
    {
      schema: {
        tags,
        params: idParam,
        querystring: z.object({ userId: newsfeedQuery.shape.userId }),
        response: { 200: envelope(feedPost), ...errors },
      },
      onRequest: anyKnownRole(),
    },
    async (request) => {
      const caller = me(request);
      assertSelf(caller, request.query.userId);
      const row = await findPost(app.db, request.params.id, viewerOf(caller));
      if (!row) throw notFound();
      return { data: await presentPost(app.db, row, caller.id) };
    },
  );

  app.post(
    '/newsfeed/action',
    {
      schema: {
        tags,
        summary: 'Like (1) or favourite (2) a post, or take it back; idempotent',
        body: feedActionBody,
        response: { 200: envelope(actionResult), ...errors },
      },
      onRequest: anyKnownRole(),
    },
    async (request) => {
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
  );
}
