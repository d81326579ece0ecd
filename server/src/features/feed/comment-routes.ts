// A feed post's comments and new comments with @mentions (/v1/api/comments).
import type { feedEndpoints } from '@hearth/contract';
import type { FastifyInstance } from 'fastify';
import { assertSelf } from '../../access/assert-self';
import { me } from '../../platform/auth/guards';
import type { Handlers } from '../../platform/http/route-kit';
import { addComment, listComments } from '../posts/comments';
import { feedPostAccess, viewerOf } from './caller';

export function commentHandlers(app: FastifyInstance) {
  return {
    listFeedPostComments: async (request) => ({
      data: await listComments(app.db, feedPostAccess(viewerOf(me(request))), request.query.feedPostId),
    }),
    createFeedPostComment: async (request, reply) => {
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
  } satisfies Partial<Handlers<typeof feedEndpoints>>;
}
