// Communities, membership and the discussion board: the handlers of contract/src/endpoints/communities.ts
// (its first part). Visibility and membership are decided in access.ts.
import type { communitiesEndpoints } from '@hearth/contract';
import type { FastifyInstance } from 'fastify';
import { assertSelf } from '../../access/assert-self';
import { authorize } from '../../access/policy';
import { me } from '../../platform/auth/guards';
import type { Handlers } from '../../platform/http/route-kit';
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

/** The handlers of the communities' operations; routes.ts registers them with those of the posts. */
export function communityHandlers(app: FastifyInstance) {
  return {
    listCommunities: async (request) => ({ data: await listCommunities(app.db, me(request), request.query) }),
    listCommunityCards: async (request) => {
      const caller = me(request);
      assertSelf(caller, request.query.userId);
      return { data: await communityCards(app.db, caller, request.query.viewState) };
    },
    listManagedCommunities: async (request) => {
      const caller = me(request);
      authorize(caller, 'user.listFor', { userId: request.params.userId });
      return { data: await managedCommunities(app.db, caller, request.params.userId) };
    },
    getCommunity: async (request) => ({ data: await getCommunity(app.db, me(request), request.params.id) }),
    getCommunityCard: async (request) => {
      const caller = me(request);
      assertSelf(caller, request.query.userId);
      return { data: await communityCard(app.db, caller, request.params.id) };
    },
    listCommunityMembers: async (request) => ({
      data: await communityUsers(app.db, me(request), request.params.id),
    }),
    createCommunity: async (request, reply) => {
      const created = await createCommunity(app.db, me(request), request.body);
      return reply.status(201).send({ data: created });
    },
    updateCommunity: async (request) => ({
      data: await updateCommunity(app.db, me(request), request.params.id, request.body),
    }),
    subscribeCommunity: async (request) => {
      const caller = me(request);
      assertSelf(caller, request.body.userId);
      const { communityId, join } = request.body;
      return { data: await subscribe(app.db, caller, communityId, join === 1) };
    },
    listDiscussion: async (request) => ({
      data: await listDiscussion(app.db, me(request), request.params.id),
    }),
    addDiscussionMessage: async (request, reply) => {
      const caller = me(request);
      assertSelf(caller, request.body.userId);
      const { message } = await addMessage(app.db, caller, request.body);
      return reply.status(201).send({ data: message });
    },
  } satisfies Partial<Handlers<typeof communitiesEndpoints>>;
}
