// Users, roles and groups (product.md section 7, Users and profile). People's data is need-to-know: full
// records are for administrators and the user themself; colleagues get id, name and avatar from the
// mention search.
import { z } from 'zod';
import { endpoint, ROLES } from '../endpoint';
import { group, role } from '../schemas/auth';
import { envelope, errorBody, idParam, limitQuery } from '../schemas/common';
import {
  adminUserCreate,
  adminUserUpdate,
  user,
  userSummary,
  usersQuery,
  usersTotals,
} from '../schemas/users';

const tag = 'users';

export const usersEndpoints = {
  listAllUsers: endpoint({
    method: 'GET',
    path: '/v1/api/users/all',
    access: ROLES.admins,
    tag,
    query: limitQuery,
    responses: { 200: envelope(z.array(user)) },
  }),
  listUsers: endpoint({
    method: 'GET',
    path: '/v1/api/users',
    access: ROLES.known,
    tag,
    summary: 'With startString: mention search (active users, id/name/avatar only). Without: admin list.',
    query: usersQuery,
    responses: { 200: envelope(z.union([z.array(user), z.array(userSummary)])) },
  }),
  usersTotals: endpoint({
    method: 'GET',
    path: '/v1/api/users/totals',
    access: ROLES.admins,
    tag,
    responses: { 200: envelope(usersTotals) },
  }),
  getUser: endpoint({
    method: 'GET',
    path: '/v1/api/users/:id',
    // Any role may read itself (the password-change page is for every role); others' records are the
    // policy's (administrators).
    access: 'session',
    tag,
    params: idParam,
    query: limitQuery,
    responses: { 200: envelope(user) },
  }),
  createUser: endpoint({
    method: 'POST',
    path: '/v1/api/users',
    access: ROLES.admins,
    tag,
    body: adminUserCreate,
    responses: { 201: envelope(user), 409: errorBody },
  }),
  updateUser: endpoint({
    method: 'PUT',
    path: '/v1/api/users/:id',
    access: ROLES.admins,
    tag,
    params: idParam,
    body: adminUserUpdate,
    responses: { 200: envelope(user), 409: errorBody },
  }),
  listRoles: endpoint({
    method: 'GET',
    path: '/v1/api/roles',
    access: ROLES.admins,
    tag,
    responses: { 200: envelope(z.array(role)) },
  }),
  listGroups: endpoint({
    method: 'GET',
    path: '/v1/api/groups',
    access: ROLES.known,
    tag,
    query: limitQuery,
    responses: { 200: envelope(z.array(group)) },
  }),
};
