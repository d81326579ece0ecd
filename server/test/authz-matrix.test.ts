// The authorisation matrix: every registered route x {anonymous, role 1, 2, 3, an unknown role} -> the
// status it must answer. A route added without a row here fails the first test, so nobody forgets it.
// Write calls send an empty body: a caller who may use the route gets 400 (validation), one who may not
// gets 401/403 before the body is even looked at.
import { ROLE } from '@hearth/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { roles } from '../src/db/schema';
import { createTestApp, type TestApp } from './app';
import { bearer, createStats, createUser, login } from './factories';

type Who = 'anon' | 'admin' | 'staff' | 'editor' | 'other';
const WHO: Who[] = ['anon', 'admin', 'staff', 'editor', 'other'];
type Expect = [anon: number, admin: number, staff: number, editor: number, other: number];

/** Shorthands for the common rows. */
const publicRoute = (status: number): Expect => [status, status, status, status, status];
const adminOnly = (ok: number): Expect => [401, ok, 403, 403, 403];
const knownRoles = (ok: number): Expect => [401, ok, ok, ok, 403];

let t: TestApp;
const tokens: Partial<Record<Who, string>> = {};
let adminId = 0;
let statsId = 0;

/** `METHOD /path` -> [concrete url, expected statuses]. `:id` is filled in at run time. */
function matrix(): Record<string, [url: string, expected: Expect]> {
  return {
    'GET /v1/health': ['/v1/health', publicRoute(200)],
    'GET /v1/config': ['/v1/config', publicRoute(200)],
    'POST /v1/auth/login': ['/v1/auth/login', publicRoute(400)],
    'POST /v1/auth/register': ['/v1/auth/register', publicRoute(400)],
    'GET /v1/auth/register-groups': ['/v1/auth/register-groups?limit=-1', publicRoute(200)],
    'POST /v1/auth/resend-verification': ['/v1/auth/resend-verification', publicRoute(400)],
    'POST /v1/auth/verify-email': ['/v1/auth/verify-email', publicRoute(400)],
    'POST /v1/auth/reset-password': ['/v1/auth/reset-password', publicRoute(400)],
    'POST /v1/auth/set-password': ['/v1/auth/set-password', publicRoute(400)],
    // An access token is not a refresh token: everybody here gets 401.
    'POST /v1/auth/refresh-token': ['/v1/auth/refresh-token', publicRoute(401)],
    'POST /v1/auth/logout': ['/v1/auth/logout', publicRoute(200)],
    'GET /files/*': ['/files/profile/00000000-0000-0000-0000-000000000000.jpg', publicRoute(404)],

    'GET /v1/api/users/all': ['/v1/api/users/all?limit=-1', adminOnly(200)],
    'GET /v1/api/users': ['/v1/api/users?limit=-1', adminOnly(200)],
    'GET /v1/api/users/totals': ['/v1/api/users/totals', adminOnly(200)],
    'GET /v1/api/users/:id': [`/v1/api/users/${adminId}`, adminOnly(200)],
    'POST /v1/api/users': ['/v1/api/users', adminOnly(400)],
    'PUT /v1/api/users/:id': [`/v1/api/users/${adminId}`, adminOnly(400)],
    'GET /v1/api/roles': ['/v1/api/roles', adminOnly(200)],
    'GET /v1/api/groups': ['/v1/api/groups?limit=-1', knownRoles(200)],
    'POST /v1/api/users/update-profile': ['/v1/api/users/update-profile', knownRoles(400)],
    // Every role, even an unknown one, may change its own password (/password-change).
    'POST /v1/api/users/update-password': ['/v1/api/users/update-password', [401, 400, 400, 400, 400]],
    'POST /v1/api/users/profile-image': ['/v1/api/users/profile-image', knownRoles(400)],
    'GET /v1/api/users/profile-image/:id': [`/v1/api/users/profile-image/${adminId}`, knownRoles(200)],
    'GET /v1/api/users/actions': ['/v1/api/users/actions', knownRoles(200)],
    'GET /v1/api/statistics': ['/v1/api/statistics', knownRoles(200)],
    'PUT /v1/api/statistics/:id': [`/v1/api/statistics/${statsId}`, adminOnly(400)],
  };
}

/** Routes that are not part of the API's authorisation (documentation pages). */
const EXEMPT = /^GET \/v1\/docs/;

beforeAll(async () => {
  t = await createTestApp();
  await t.db.insert(roles).values({ id: 4, name: 'auditor' }).onConflictDoNothing();
  statsId = (await createStats(t.db)).id;
  const byRole: Record<Exclude<Who, 'anon'>, number> = {
    admin: ROLE.ADMIN,
    staff: ROLE.STAFF,
    editor: ROLE.EDITOR,
    other: 4,
  };
  for (const [who, roleId] of Object.entries(byRole) as [Exclude<Who, 'anon'>, number][]) {
    const user = await createUser(t.db, { roleId });
    if (who === 'admin') adminId = user.id;
    tokens[who] = (await login(t.app, user.email)).accessToken;
  }
});
afterAll(() => t.close());

describe('authorisation matrix', () => {
  it('has a row for every registered route, and no row for a route that does not exist', () => {
    const registered = t.app.routeList.filter((r) => !EXEMPT.test(r)).sort();
    expect(registered).toEqual(Object.keys(matrix()).sort());
  });

  it('answers every route with the expected status for each kind of caller', async () => {
    const failures: string[] = [];
    for (const [route, [url, expected]] of Object.entries(matrix())) {
      const method = route.split(' ')[0] as 'GET' | 'POST' | 'PUT' | 'DELETE';
      for (const [i, who] of WHO.entries()) {
        const token = tokens[who];
        const res = await t.app.inject({
          method,
          url,
          headers: token ? bearer(token) : {},
          ...(method === 'GET' ? {} : { payload: {} }),
        });
        if (res.statusCode !== expected[i]) {
          failures.push(
            `${route} as ${who}: expected ${expected[i]}, got ${res.statusCode} ${res.body.slice(0, 120)}`,
          );
        }
      }
    }
    expect(failures).toEqual([]);
  });
});
