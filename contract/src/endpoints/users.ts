// Users, roles and groups (product.md section 7, Users and profile). People's data is need-to-know: full
// records are for administrators and the user themself; colleagues get id, name and avatar from the
// mention search.
import { z } from 'zod';
import { get, post, put, ROLES, tagged } from '../endpoint';
import { group, role } from '../schemas/auth';
import { envelope, errorBody, idParam, limitQuery, ok } from '../schemas/common';
import {
  adminUserCreate,
  adminUserUpdate,
  user,
  userSummary,
  usersQuery,
  usersTotals,
} from '../schemas/users';

export const usersEndpoints = tagged('users', {
  listAllUsers: get({
    path: '/v1/api/users/all',
    access: ROLES.admins,
    query: limitQuery,
    responses: ok(z.array(user)),
  }),
  listUsers: get({
    path: '/v1/api/users',
    access: ROLES.known,
    summary: 'With startString: mention search (active users, id/name/avatar only). Without: admin list.',
    query: usersQuery,
    responses: ok(z.union([z.array(user), z.array(userSummary)])),
  }),
  usersTotals: get({
    path: '/v1/api/users/totals',
    access: ROLES.admins,
    responses: ok(usersTotals),
  }),
  getUser: get({
    path: '/v1/api/users/:id',
    // Any role may read itself (the password-change page is for every role); others' records are the
    // policy's (administrators).
    access: 'session',
    params: idParam,
    query: limitQuery,
    responses: ok(user),
  }),
  createUser: post({
    path: '/v1/api/users',
    access: ROLES.admins,
    body: adminUserCreate,
    responses: { 201: envelope(user), 409: errorBody },
  }),
  updateUser: put({
    path: '/v1/api/users/:id',
    access: ROLES.admins,
    params: idParam,
    body: adminUserUpdate,
    responses: { 200: envelope(user), 409: errorBody },
  }),
  listRoles: get({
    path: '/v1/api/roles',
    access: ROLES.admins,
    responses: ok(z.array(role)),
  }),
  listGroups: get({
    path: '/v1/api/groups',
    access: ROLES.known,
    query: limitQuery,
    responses: ok(z.array(group)),
  }),
});
