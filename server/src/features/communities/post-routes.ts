// Community posts, their comments, likes and favourites, and the verify call of the edit form: the handlers
// of contract/src/endpoints/communities.ts (its second part). Community posts are feed_posts rows of kind 2
// (ADR 010): comments and actions run through the feed's code with the community rules of
// post-visibility.ts.
import type { communitiesEndpoints } from '@hearth/contract';
import { ACTION_TYPE } from '@hearth/contract';
import type { FastifyInstance } from 'fastify';
import { assertSelf } from '../../access/assert-self';
import { authorize } from '../../access/policy';
import { me } from '../../platform/auth/guards';
import { notFound } from '../../platform/errors';
import type { Handlers } from '../../platform/http/route-kit';
import { actionEntries, setPostAction } from '../posts/actions';
import { addComment, listComments } from '../posts/comments';
import { assertMember, requireCommunity } from './access';
import { presentCommunityComment } from './post-presenter';
import {
  allCommunityPostIds,
  communityPostOf,
  communityPostsByIds,
  communityPostsPage,
  joinedPostsPage,
} from './post-queries';
import { readAccess, readablePost, seesUnpublished, writeAccess } from './post-visibility';
import { saveCommunityPost, verifyPost } from './posts';

/** The handlers of the community posts' operations; routes.ts registers them with those of communities. */
export function communityPostHandlers(app: FastifyInstance) {
  /** A page of post ids, shaped for the caller. */
  const postPage = async (page: { rows: { id: number }[]; next: string | null }, callerId: number) => ({
    data: {
      posts: await communityPostsByIds(
        app.db,
        page.rows.map((r) => r.id),
        callerId,
      ),
      next: page.next,
    },
  });

  /** The post as the caller reads it, shaped; 404 when they may not. */
  const load = async (id: number, caller: { id: number; roleId: number }) => {
    const found = await readablePost(app.db, caller, id);
    if (!found) throw notFound();
    return communityPostOf(app.db, found.post, caller.id);
  };

  return {
    listAllCommunityPosts: async (request) => {
      const caller = me(request);
      const ids = await allCommunityPostIds(app.db, request.query);
      return { data: await communityPostsByIds(app.db, ids, caller.id) };
    },
    listCommunityPosts: async (request) => {
      const caller = me(request);
      const q = request.query;
      assertSelf(caller, q.userId);
      const access = await requireCommunity(app.db, caller, q.communityId);
      const page = await communityPostsPage(app.db, {
        communityId: q.communityId,
        withUnpublished: seesUnpublished(caller, access),
        viewerId: caller.id,
        take: q.limit,
        next: q.next,
      });
      return postPage(page, caller.id);
    },
    listJoinedCommunityPosts: async (request) => {
      const caller = me(request);
      const { userId } = request.params;
      authorize(caller, 'user.listFor', { userId });
      const page = await joinedPostsPage(app.db, {
        memberId: userId,
        viewerId: caller.id,
        take: request.query.limit,
        next: request.query.next,
      });
      return postPage(page, caller.id);
    },
    getCommunityPostWithUser: async (request) => {
      const caller = me(request);
      assertSelf(caller, request.query.userId);
      return { data: await load(request.params.id, caller) };
    },
    getCommunityPost: async (request) => ({ data: await load(request.params.id, me(request)) }),
    verifyCommunityPost: async (request) => {
      const caller = me(request);
      assertSelf(caller, request.query.userId);
      const verified = await verifyPost(app.db, caller, request.params.id);
      if (verified === undefined) throw notFound();
      return { data: { verified } };
    },
    listCommunityPostComments: async (request) => {
      const comments = await listComments(app.db, readAccess(me(request)), request.params.id);
      return { data: comments.map(presentCommunityComment) };
    },
    addCommunityPostComment: async (request, reply) => {
      const caller = me(request);
      const body = request.body;
      assertSelf(caller, body.userId);
      const { comment } = await addComment(app.db, caller.id, writeAccess(caller), {
        postId: body.communityPostId,
        content: body.content,
        mentionIds: body.userIds,
        mentionField: 'userIds',
      });
      return reply.status(201).send({ data: presentCommunityComment(comment) });
    },
    listCommunityPostActions: async (request) => {
      const caller = me(request);
      const found = await readablePost(app.db, caller, request.params.id);
      if (!found) throw notFound();
      if (found.access) assertMember(caller, found.access);
      return { data: await actionEntries(app.db, found.post.id, request.query.actionId) };
    },
    setCommunityPostAction: async (request) => {
      const caller = me(request);
      const body = request.body;
      assertSelf(caller, body.userId);
      const result = await setPostAction(app.db, caller.id, writeAccess(caller), {
        postId: body.communityPostId,
        actionTypeId: body.communityPostActionTypeId === 1 ? ACTION_TYPE.LIKE : ACTION_TYPE.FAVOURITE,
        active: body.active === 1,
      });
      return { data: result };
    },
    createCommunityPost: async (request, reply) => {
      const caller = me(request);
      const id = await saveCommunityPost(app.db, caller, request.body);
      return reply.status(201).send({ data: await load(id, caller) });
    },
    updateCommunityPost: async (request) => {
      const caller = me(request);
      const id = await saveCommunityPost(app.db, caller, request.body, request.params.id);
      return { data: await load(id, caller) };
    },
  } satisfies Partial<Handlers<typeof communitiesEndpoints>>;
}
