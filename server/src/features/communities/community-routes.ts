// /v1/api/communities: lists, cards, one community, create and edit (admins), members, join/leave and the
// discussion board. Guards run at onRequest; visibility and membership are decided in access.ts.
import {
  communitiesQuery,
  community,
  communityBody,
  communityDetail,
  communityOption,
  communityStatsQuery,
  discussionBody,
  discussionMessage,
  envelope,
  errorBody,
  idParam,
  ROLE,
  subscribeBody,
  subscribeResult,
  userIdParam,
  userSummary,
} from '@hearth/contract';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { anyKnownRole, me, requireRole } from '../../platform/auth/guards';
import { forbidden } from '../../platform/errors';
import { assertSelf } from '../feed/caller';
import { isAdmin } from './access';
import {
  communityCard,
  communityCards,
  communityUsers,
  createCommunity,
  getCommunity,
  listCommunities,
  managedCommunities,
  subscribe,
  updateCommunity,
} from './communities';
import { addMessage, listDiscussion } from './discussion';

const errors = { 400: errorBody, 401: errorBody, 403: errorBody, 404: errorBody, 409: errorBody };
const tags = ['communities'];
const statsQuery = z.object({ userId: communityStatsQuery.shape.userId });
const detailQuery = z.object({ fields: z.string().max(200).optional() });

export async function communityRoutes(server: FastifyInstance): Promise<void> {
  const app = server.withTypeProvider<ZodTypeProvider>();
  const admin = requireRole(ROLE.ADMIN);

  app.get(
    '/communities',
    {
      schema: {
        tags,
        summary: 'Administrators: every community; others: those they see. fields=id,title gives options',
        querystring: communitiesQuery,
        response: { 200: envelope(z.union([z.array(community), z.array(communityOption)])), ...errors },
      },
      onRequest: anyKnownRole(),
    },
    async (request) => ({ data: await listCommunities(app.db, me(request), request.query) }),
  );

  app.get(
    '/communities/stats',
    {
      schema: {
        tags,
        summary: 'Cards: viewState=1 My Communities (joined), viewState=2 Public Communities',
        querystring: communityStatsQuery,
        response: { 200: envelope(z.array(community)), ...errors },
      },
      onRequest: anyKnownRole(),
    },
    async (request) => {
      const caller = me(request);
      assertSelf(caller, request.query.userId);
      return { data: await communityCards(app.db, caller, request.query.viewState) };
    },
  );

  app.get(
    '/communities/managed/:userId',
    {
      schema: {
        tags,
        summary: 'The communities a user manages (the caller, or anyone for administrators)',
        params: userIdParam,
        response: { 200: envelope(z.array(communityOption)), ...errors },
      },
      onRequest: anyKnownRole(),
    },
    async (request) => {
      const caller = me(request);
      if (!isAdmin(caller) && request.params.userId !== caller.id) throw forbidden();
      return { data: await managedCommunities(app.db, caller, request.params.userId) };
    },
  );

  app.get(
    '/communities/:id',
    {
      schema: {
        tags,
        summary: 'One community with its managers (and its members for administrators)',
        params: idParam,
        querystring: detailQuery,
        response: { 200: envelope(communityDetail), ...errors },
      },
      onRequest: anyKnownRole(),
    },
    async (request) => ({ data: await getCommunity(app.db, me(request), request.params.id) }),
  );

  app.get(
    '/communities/:id/stats',
    {
      schema: {
        tags,
        summary: 'The card of one community: counts and whether the caller joined',
        params: idParam,
        querystring: statsQuery,
        response: { 200: envelope(community), ...errors },
      },
      onRequest: anyKnownRole(),
    },
    async (request) => {
      const caller = me(request);
      assertSelf(caller, request.query.userId);
      return { data: await communityCard(app.db, caller, request.params.id) };
    },
  );

  app.get(
    '/communities/:id/users',
    {
      schema: {
        tags,
        summary: 'The members of a community (members and administrators)',
        params: idParam,
        response: { 200: envelope(z.array(userSummary)), ...errors },
      },
      onRequest: anyKnownRole(),
    },
    async (request) => ({ data: await communityUsers(app.db, me(request), request.params.id) }),
  );

  app.post(
    '/communities',
    {
      schema: { tags, body: communityBody, response: { 201: envelope(communityDetail), ...errors } },
      onRequest: admin,
    },
    async (request, reply) => {
      const created = await createCommunity(app.db, me(request), request.body);
      return reply.status(201).send({ data: created });
    },
  );

  app.put(
    '/communities/:id',
    {
      schema: {
        tags,
        params: idParam,
        body: communityBody,
        response: { 200: envelope(communityDetail), ...errors },
      },
      onRequest: admin,
    },
    async (request) => ({
      data: await updateCommunity(app.db, me(request), request.params.id, request.body),
    }),
  );

  app.post(
    '/communities/subscribe',
    {
      schema: {
        tags,
        summary: 'Join (join=1) or leave (join=0) a public community',
        body: subscribeBody,
        response: { 200: envelope(subscribeResult), ...errors },
      },
      onRequest: anyKnownRole(),
    },
    async (request) => {
      const caller = me(request);
      assertSelf(caller, request.body.userId);
      const { communityId, join } = request.body;
      return { data: await subscribe(app.db, caller, communityId, join === 1) };
    },
  );

  app.get(
    '/communities/:id/discussion',
    {
      schema: {
        tags,
        summary: 'The discussion board, oldest first',
        params: idParam,
        response: { 200: envelope(z.array(discussionMessage)), ...errors },
      },
      onRequest: anyKnownRole(),
    },
    async (request) => ({ data: await listDiscussion(app.db, me(request), request.params.id) }),
  );

  app.post(
    '/communities/discussion',
    {
      schema: {
        tags,
        summary: 'A message on the discussion board, with @mentions (members and administrators)',
        body: discussionBody,
        response: { 201: envelope(discussionMessage), ...errors },
      },
      onRequest: anyKnownRole(),
    },
    async (request, reply) => {
      const caller = me(request);
      assertSelf(caller, request.body.userId);
      const { message } = await addMessage(app.db, caller, request.body);
      return reply.status(201).send({ data: message });
    },
  );
}
