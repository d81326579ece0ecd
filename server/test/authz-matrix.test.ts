// The authorisation matrix: every operation of the endpoint table (contract/src/endpoints) x {anonymous,
// role 1, 2, 3, an unknown role} -> the status it must answer. The server must register exactly the table's
// operations, and the table's `access` must agree with the rows: a caller it leaves out gets 401 or 403.
// An operation added without a row here fails the first tests, so nobody forgets it.
// Write calls send an empty body: a caller who may use the route gets 400 (validation), one who may not
// gets 401/403 before the body is even looked at.
import { type Access, endpoints, ROLE, routeKey } from '@hearth/contract';
import { beforeAll, describe, expect, it } from 'vitest';
import { roles } from '../src/db/schema';
import { communitiesRows } from './authz/communities';
import { communityPostsRows } from './authz/community-posts';
import { feedRows } from './authz/feed';
import { filesRows } from './authz/files';
import { foundationRows } from './authz/foundation';
import { notificationsRows } from './authz/notifications';
import { peopleRows } from './authz/people';
import { reachRows } from './authz/reach';
import { reportsRows } from './authz/reports';
import { searchRows } from './authz/search';
import { type MatrixContext, type Rows, WHO, type Who } from './authz/shared';
import { ssoRows } from './authz/sso';
import { surveysRows } from './authz/surveys';
import { createStats, createUser } from './factories';
import { bearer, login } from './sessions';
import { useTestApp } from './use-test-app';

/** The role of each kind of caller; `other` is a role outside the three known ones. */
const WHO_ROLE: Record<Exclude<Who, 'anon'>, number> = {
  admin: ROLE.ADMIN,
  staff: ROLE.STAFF,
  editor: ROLE.EDITOR,
  other: 4,
};

const t = useTestApp();
const tokens: Partial<Record<Who, string>> = {};
const ctx: MatrixContext = { adminId: 0, statsId: 0 };

let rows: Rows = {};
/** Every feature's rows; a feature that adds routes adds its row file here. */
const matrix = (): Rows => rows;

/** Routes that are not part of the API's authorisation (documentation pages). */
const EXEMPT = /^GET \/v1\/docs/;

beforeAll(async () => {
  await t.db.insert(roles).values({ id: 4, name: 'auditor' }).onConflictDoNothing();
  ctx.statsId = (await createStats(t.db)).id;
  for (const [who, roleId] of Object.entries(WHO_ROLE) as [Exclude<Who, 'anon'>, number][]) {
    const user = await createUser(t.db, { roleId });
    if (who === 'admin') ctx.adminId = user.id;
    tokens[who] = (await login(t.app, user.email)).accessToken;
  }
  rows = {
    ...foundationRows(ctx),
    ...peopleRows(ctx),
    ...(await feedRows(t, ctx)),
    ...(await filesRows(t, ctx)),
    ...(await communitiesRows(t, ctx)),
    ...(await communityPostsRows(t, ctx)),
    ...(await surveysRows(t, ctx)),
    ...(await notificationsRows(t, ctx)),
    ...(await reachRows(t, ctx)),
    ...(await reportsRows(t, ctx)),
    ...(await searchRows(t, ctx)),
    ...ssoRows(),
  };
});

/** The operations of the endpoint table, as `METHOD /path`. */
const TABLE = Object.values(endpoints).map(routeKey).sort();
const ENTRY = new Map(Object.values(endpoints).map((e) => [routeKey(e), e]));

/** What `access` alone says a caller gets, or undefined when the caller passes the guard. */
function refusedBy(access: Access, who: Who): number | undefined {
  if (access === 'public') return undefined;
  if (who === 'anon') return 401;
  if (access === 'session') return undefined;
  return access.includes(WHO_ROLE[who]) ? undefined : 403;
}

describe('authorisation matrix', () => {
  it('registers exactly the operations of the endpoint table', () => {
    const registered = t.app.routeList.filter((r) => !EXEMPT.test(r)).sort();
    expect(registered).toEqual(TABLE);
  });

  it('has a row for every operation of the table, and no other', () => {
    expect(Object.keys(matrix()).sort()).toEqual(TABLE);
  });

  it("agrees with the table's access: every caller it leaves out is refused, 401 or 403", () => {
    const disagreements: string[] = [];
    for (const [route, [, expected]] of Object.entries(matrix())) {
      const entry = ENTRY.get(route);
      if (!entry) continue;
      for (const [i, who] of WHO.entries()) {
        const refused = refusedBy(entry.access, who);
        if (refused !== undefined && expected[i] !== refused)
          disagreements.push(
            `${route} as ${who}: the table refuses with ${refused}, the row says ${expected[i]}`,
          );
      }
    }
    expect(disagreements).toEqual([]);
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
