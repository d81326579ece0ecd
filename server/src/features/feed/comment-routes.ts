// /v1/api/comments: a feed post's comments and new comments with @mentions.
import { comment, commentBody, commentsQuery, envelope, errorBody } from '@hearth/contract';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { anyKnownRole, me } from '../../platform/auth/guards';
import { feedPostAccess } from './actions';
import { assertSelf, viewerOf } from './caller';
import { addComment, listComments } from './comments';

const errors = { 400: errorBody, 401: errorBody, 403: errorBody, 404: errorBody };
const tags = ['comments'];

export async function commentRoutes(server: FastifyInstance): Promise<void> {
  const app = server.withTypeProvider<ZodTypeProvider>();

  app.get(
    '/comments/getComments',
    {
      schema: {
        tags,
        summary: "A post's comments, oldest first",
        querystring: commentsQuery,
        response: { 200: envelope(z.array(comment)), ...errors },
      },
      onRequest: anyKnownRole(),
    },
    async (request) => ({
      data: await listComments(app.db, feedPostAccess(viewerOf(me(request))), request.query.feedPostId),
    }),
  );

  app.post(
    '/comments',
    {
      schema: { tags, body: commentBody, response: { 201: envelope(comment), ...errors } },
      onRequest: anyKnownRole(),
    },
    async (request, reply) => {
      const caller = me(request);
      const body = request.body;
      assertSelf(caller, body.userId);
      const { comment: created } = await addComment(app.db, caller.id, feedPostAccess(viewerOf(caller)), {
        postId: body.feedPostId,
        content: body.content,
        mentionIds: body.userIDs,
      });
      return reply.status(201).send({ data: created });
    },
  );
}
