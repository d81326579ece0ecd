// Users, roles and groups: the handlers of contract/src/endpoints/users.ts.
import { usersEndpoints } from '@hearth/contract';
import type { FastifyInstance } from 'fastify';
import { authorize } from '../../access/policy';
import { me } from '../../platform/auth/guards';
import { notFound } from '../../platform/errors';
import { routes } from '../../platform/http/route-kit';
import {
  usersTotals as countUsers,
  listGroups,
  listRoles,
  listUsers,
  loadUser,
  searchUsers,
} from './queries';
import { createUserByAdmin, updateUserByAdmin } from './service';

export async function userRoutes(app: FastifyInstance): Promise<void> {
  const mustLoad = async (id: number) => {
    const found = await loadUser(app.db, id);
    if (!found) throw notFound();
    return found;
  };

  routes(app, usersEndpoints, {
    listAllUsers: async (request) => ({ data: await listUsers(app.db, { limit: request.query.limit }) }),
    listUsers: async (request) => {
      const { startString, limit, ...filters } = request.query;
      if (startString !== undefined) return { data: await searchUsers(app.db, startString, limit) };
      authorize(me(request), 'user.list');
      return { data: await listUsers(app.db, { limit, ...filters }) };
    },
    usersTotals: async () => ({ data: await countUsers(app.db) }),
    getUser: async (request) => {
      authorize(me(request), 'user.read', { userId: request.params.id });
      return { data: await mustLoad(request.params.id) };
    },
    createUser: async (request, reply) => {
      const id = await createUserByAdmin(app.db, app.config.companyEmailDomains, request.body);
      return reply.status(201).send({ data: await mustLoad(id) });
    },
    updateUser: async (request) => {
      const { id } = request.params;
      await updateUserByAdmin(app.db, app.config.companyEmailDomains, me(request).id, id, request.body);
      return { data: await mustLoad(id) };
    },
    listRoles: async () => ({ data: await listRoles(app.db) }),
    listGroups: async () => ({ data: await listGroups(app.db) }),
  });
}
