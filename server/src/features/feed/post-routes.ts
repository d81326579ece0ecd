// /v1/api/feed-posts (the admin post list and form, roles 1 and 3) and /v1/api/feed-post-categories.
// Administrators and post managers may edit any feed post: SPEC shows no ownership rule for feed posts
// (unlike community posts), and the admin list links every title to its edit form.
import {
  envelope,
  errorBody,
  feedCategory,
  feedPost,
  feedPostBody,
  feedPostsQuery,
  idParam,
  limitQuery,
  ROLE,
} from '@hearth/contract';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { anyKnownRole, me, requireRole } from '../../platform/auth/guards';
import { notFound } from '../../platform/errors';
import { savePost } from './posts';
import { presentPost, presentPosts } from './presenter';
import { findPost, listAllPosts, listCategories } from './queries';

const errors = { 400: errorBody, 401: errorBody, 403: errorBody, 404: errorBody };
const tags = ['feed-posts'];

export async function feedPostRoutes(server: FastifyInstance): Promise<void> {
  const app = server.withTypeProvider<ZodTypeProvider>();
  const contentAdmins = requireRole(ROLE.ADMIN, ROLE.EDITOR);

  const load = async (id: number, viewerId: number) => {
    const row = await findPost(app.db, id, { id: viewerId, seesAll: true });
    if (!row) throw notFound();
    return presentPost(app.db, row, viewerId);
  };

  app.get(
    '/feed-posts',
    {
      schema: {
        tags,
        summary: 'Every post (drafts too), newest created first; limit=-1 means all',
        querystring: feedPostsQuery,
        response: { 200: envelope(z.array(feedPost)), ...errors },
      },
      onRequest: contentAdmins,
    },
    async (request) => {
      const { limit, stateId } = request.query;
      const rows = await listAllPosts(app.db, { limit, stateId });
      return { data: await presentPosts(app.db, rows, me(request).id) };
    },
  );

  app.get(
    '/feed-posts/:id',
    {
      schema: {
        tags,
        params: idParam,
        querystring: feedPostsQuery.pick({ fields: true }),
        response: { 200: envelope(feedPost), ...errors },
      },
      onRequest: contentAdmins,
    },
    async (request) => ({ data: await load(request.params.id, me(request).id) }),
  );

  app.post(
    '/feed-posts',
    {
      schema: { tags, body: feedPostBody, response: { 201: envelope(feedPost), ...errors } },
      onRequest: contentAdmins,
    },
    async (request, reply) => {
      const caller = me(request);
      const id = await savePost(app.db, caller.id, request.body);
      return reply.status(201).send({ data: await load(id, caller.id) });
    },
  );

  app.put(
    '/feed-posts/:id',
    {
      schema: {
        tags,
        summary: 'Replaces the whole post: form fields, categories, audience and files',
        params: idParam,
        body: feedPostBody,
        response: { 200: envelope(feedPost), ...errors },
      },
      onRequest: contentAdmins,
    },
    async (request) => {
      const caller = me(request);
      const id = await savePost(app.db, caller.id, request.body, request.params.id);
      return { data: await load(id, caller.id) };
    },
  );

  app.get(
    '/feed-post-categories',
    {
      schema: {
        tags,
        querystring: limitQuery,
        response: { 200: envelope(z.array(feedCategory)), ...errors },
      },
      onRequest: anyKnownRole(),
    },
    async (request) => ({ data: await listCategories(app.db, request.query.limit) }),
  );
}
