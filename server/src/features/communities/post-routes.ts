// /v1/api/community-posts (SPEC section 7): community posts, their comments, likes and favourites, and the
// verify call of the edit form. Community posts are feed_posts rows of kind 2 (ADR 010): comments and
// actions run through the feed's code with the community rules of post-visibility.ts. Guards run at
// onRequest: who may call is settled before the query or body is looked at.
import {
  ACTION_TYPE,
  actionResult,
  communityActionBody,
  communityActionQuery,
  communityComment,
  communityCommentBody,
  communityPost,
  communityPostBody,
  communityPostPage,
  communityPostsQuery,
  envelope,
  errorBody,
  feedPostsQuery,
  idParam,
  joinedPostsQuery,
  postActionEntry,
  ROLE,
  userIdParam,
  verifyResult,
} from '@hearth/contract';
import type { FastifyInstance, FastifySchema } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { anyKnownRole, me, requireRole } from '../../platform/auth/guards';
import { forbidden, notFound } from '../../platform/errors';
import { setPostAction } from '../feed/actions';
import { assertSelf } from '../feed/caller';
import { addComment, listComments } from '../feed/comments';
import { actionEntries } from '../feed/queries';
import { assertMember, isAdmin, requireCommunity } from './access';
import { presentCommunityComment, presentCommunityPost, presentCommunityPostIds } from './post-presenter';
import { allCommunityPostIds, communityPostsPage, joinedPostsPage } from './post-queries';
import { readAccess, readablePost, seesUnpublished, writeAccess } from './post-visibility';
import { saveCommunityPost, verifyPost } from './posts';

const errors = { 400: errorBody, 401: errorBody, 403: errorBody, 404: errorBody };
const tags = ['community-posts'];
const userIdQuery = z.object({ userId: communityPostsQuery.shape.userId });

export async function communityPostRoutes(server: FastifyInstance): Promise<void> {
  const app = server.withTypeProvider<ZodTypeProvider>();
  const known = anyKnownRole();

  /** A route's options: this file's tags and error answers; any known role may call unless `onRequest` says. */
  const route = <S extends FastifySchema & { response: Record<number, z.ZodType> }>(
    schema: S,
    onRequest = known,
  ) => ({ schema: { tags, ...schema, response: { ...schema.response, ...errors } }, onRequest });

  /** A page of post ids, shaped for the caller. */
  const postPage = async (page: { rows: { id: number }[]; next: string | null }, callerId: number) => ({
    data: {
      posts: await presentCommunityPostIds(
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
    return presentCommunityPost(app.db, found.post, caller.id);
  };

  app.get(
    '/community-posts/all',
    route(
      {
        summary: 'Every community post (drafts too), newest created first; the admin list',
        querystring: feedPostsQuery,
        response: { 200: envelope(z.array(communityPost)) },
      },
      requireRole(ROLE.ADMIN),
    ),
    async (request) => {
      const caller = me(request);
      const ids = await allCommunityPostIds(app.db, request.query);
      return { data: await presentCommunityPostIds(app.db, ids, caller.id) };
    },
  );

  app.get(
    '/community-posts',
    route({
      summary: "A community's posts the caller may read, newest start first; keyset `next`",
      querystring: communityPostsQuery,
      response: { 200: envelope(communityPostPage) },
    }),
    async (request) => {
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
  );

  app.get(
    '/community-posts/user/:userId',
    route({
      summary: 'Published posts of the communities the user joined (the News Communities tab)',
      params: userIdParam,
      querystring: joinedPostsQuery,
      response: { 200: envelope(communityPostPage) },
    }),
    async (request) => {
      const caller = me(request);
      const { userId } = request.params;
      if (userId !== caller.id && !isAdmin(caller)) throw forbidden();
      const page = await joinedPostsPage(app.db, {
        memberId: userId,
        viewerId: caller.id,
        take: request.query.limit,
        next: request.query.next,
      });
      return postPage(page, caller.id);
    },
  );

  app.get(
    '/community-posts/withUser/:id',
    route({
      summary: "A post with the caller's like and favourite",
      params: idParam,
      querystring: userIdQuery,
      response: { 200: envelope(communityPost) },
    }),
    async (request) => {
      const caller = me(request);
      assertSelf(caller, request.query.userId);
      return { data: await load(request.params.id, caller) };
    },
  );

  app.get(
    '/community-posts/:id',
    route({
      params: idParam,
      querystring: feedPostsQuery.pick({ fields: true }),
      response: { 200: envelope(communityPost) },
    }),
    async (request) => ({ data: await load(request.params.id, me(request)) }),
  );

  app.get(
    '/community-posts/:id/verify',
    route({
      summary: 'Whether the caller may edit the post (its community managers and administrators)',
      params: idParam,
      querystring: userIdQuery,
      response: { 200: envelope(verifyResult) },
    }),
    async (request) => {
      const caller = me(request);
      assertSelf(caller, request.query.userId);
      const verified = await verifyPost(app.db, caller, request.params.id);
      if (verified === undefined) throw notFound();
      return { data: { verified } };
    },
  );

  app.get(
    '/community-posts/:id/comments',
    route({
      summary: "A post's comments, oldest first",
      params: idParam,
      response: { 200: envelope(z.array(communityComment)) },
    }),
    async (request) => {
      const comments = await listComments(app.db, readAccess(me(request)), request.params.id);
      return { data: comments.map(presentCommunityComment) };
    },
  );

  app.post(
    '/community-posts/comment',
    route({ body: communityCommentBody, response: { 201: envelope(communityComment) } }),
    async (request, reply) => {
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
  );

  app.get(
    '/community-posts/:id/action',
    route({
      summary: 'Who liked (actionId=1) or favourited (actionId=2) the post, newest first; members only',
      params: idParam,
      querystring: communityActionQuery,
      response: { 200: envelope(z.array(postActionEntry)) },
    }),
    async (request) => {
      const caller = me(request);
      const found = await readablePost(app.db, caller, request.params.id);
      if (!found) throw notFound();
      if (found.access) assertMember(caller, found.access);
      return { data: await actionEntries(app.db, found.post.id, request.query.actionId) };
    },
  );

  app.post(
    '/community-posts/action',
    route({
      summary: 'Like (1) or favourite (2) a post, or take it back; idempotent; members only',
      body: communityActionBody,
      response: { 200: envelope(actionResult) },
    }),
    async (request) => {
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
  );

  app.post(
    '/community-posts',
    route({
      summary: 'Creates a post in a community the caller manages (administrators: any, or none as a draft)',
      body: communityPostBody,
      response: { 201: envelope(communityPost) },
    }),
    async (request, reply) => {
      const caller = me(request);
      const id = await saveCommunityPost(app.db, caller, request.body);
      return reply.status(201).send({ data: await load(id, caller) });
    },
  );

  app.put(
    '/community-posts/:id',
    route({
      summary: 'Replaces the whole post; the caller manages its community (and the new one if it moves)',
      params: idParam,
      body: communityPostBody,
      response: { 200: envelope(communityPost) },
    }),
    async (request) => {
      const caller = me(request);
      const id = await saveCommunityPost(app.db, caller, request.body, request.params.id);
      return { data: await load(id, caller) };
    },
  );
}
