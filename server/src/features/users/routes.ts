// /v1/api users, roles and groups. People's data is need-to-know (PRODUCT-DECISIONS): full records are
// for administrators and for the user themself; colleagues get id, name and avatar from the mention search.
// Guards run at onRequest: who may call is settled before the body is looked at (401/403 before 400).
import {
  adminUserCreate,
  adminUserUpdate,
  envelope,
  errorBody,
  group,
  idParam,
  limitQuery,
  ROLE,
  role,
  user,
  userSummary,
  usersQuery,
  usersTotals,
} from '@hearth/contract';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { anyKnownRole, authenticate, me, requireRole } from '../../platform/auth/guards';
import { forbidden, notFound } from '../../platform/errors';
import { listUsers, loadUser } from './presenter';
import { usersTotals as countUsers, listGroups, listRoles, searchUsers } from './queries';
import { createUserByAdmin, updateUserByAdmin } from './service';

const errors = { 400: errorBody, 401: errorBody, 403: errorBody, 404: errorBody, 409: errorBody };
const tags = ['users'];
/** Ids beyond a PostgreSQL integer cannot exist: 400 here rather than a database error. */

export async function userRoutes(server: FastifyInstance): Promise<void> {
  const app = server.withTypeProvider<ZodTypeProvider>();
  const admin = requireRole(ROLE.ADMIN);

  app.get(
    '/users/all',
    {
      schema: { tags, querystring: limitQuery, response: { 200: envelope(z.array(user)), ...errors } },
      onRequest: admin,
    },
    async (request) => ({ data: await listUsers(app.db, { limit: request.query.limit }) }),
  );

  app.get(
    '/users',
    {
      schema: {
        tags,
        summary: 'With startString: mention search (active users, id/name/avatar only). Without: admin list.',
        querystring: usersQuery,
        response: { 200: envelope(z.union([z.array(user), z.array(userSummary)])), ...errors },
      },
      onRequest: anyKnownRole(),
    },
    async (request) => {
      const { startString, limit, isActive } = request.query;
      if (startString !== undefined) return { data: await searchUsers(app.db, startString, limit) };
      if (me(request).roleId !== ROLE.ADMIN) throw forbidden();
      return { data: await listUsers(app.db, { limit, isActive }) };
    },
  );

  app.get(
    '/users/totals',
    { schema: { tags, response: { 200: envelope(usersTotals), ...errors } }, onRequest: admin },
    async () => ({ data: await countUsers(app.db) }),
  );

  app.get(
    '/users/:id',
    {
      schema: {
        tags,
        params: idParam,
        querystring: limitQuery,
        response: { 200: envelope(user), ...errors },
      },
      // Any role may read itself (the password-change page is for every role); others' records are admin-only.
      onRequest: authenticate,
    },
    async (request) => {
      const caller = me(request);
      const { id } = request.params;
      if (caller.id !== id && caller.roleId !== ROLE.ADMIN) throw forbidden();
      const found = await loadUser(app.db, id);
      if (!found) throw notFound();
      return { data: found };
    },
  );

  app.post(
    '/users',
    {
      schema: { tags, body: adminUserCreate, response: { 201: envelope(user), ...errors } },
      onRequest: admin,
    },
    async (request, reply) => {
      const id = await createUserByAdmin(app.db, app.config.companyEmailDomains, request.body);
      return reply.status(201).send({ data: await mustLoad(id) });
    },
  );

  app.put(
    '/users/:id',
    {
      schema: {
        tags,
        params: idParam,
        body: adminUserUpdate,
        response: { 200: envelope(user), ...errors },
      },
      onRequest: admin,
    },
    async (request) => {
      const { id } = request.params;
      await updateUserByAdmin(app.db, app.config.companyEmailDomains, me(request).id, id, request.body);
      return { data: await mustLoad(id) };
    },
  );

  app.get(
    '/roles',
    { schema: { tags, response: { 200: envelope(z.array(role)), ...errors } }, onRequest: admin },
    async () => ({ data: await listRoles(app.db) }),
  );

  app.get(
    '/groups',
    {
      schema: { tags, querystring: limitQuery, response: { 200: envelope(z.array(group)), ...errors } },
      onRequest: anyKnownRole(),
    },
    async () => ({ data: await listGroups(app.db) }),
  );

  async function mustLoad(id: number) {
    const found = await loadUser(app.db, id);
    if (!found) throw notFound();
    return found;
  }
}
