// Authorisation matrix rows of the communities and discussion routes (see ../authz-matrix.test.ts).
// The community is public and published, managed by the administrator: every known role sees it, but the
// staff and editor callers are not members, so its member list answers them 403. Hiding private
// communities (404) is covered by src/features/communities/communities.test.ts.
import { createCommunity } from '../../src/features/communities/test-support';
import type { TestApp } from '../app';
import { adminOnly, type Expect, knownRoles, type MatrixContext, type Rows } from './shared';

const membersAndAdmins = (ok: number): Expect => [401, ok, 403, 403, 403];

export async function communitiesRows(t: TestApp, ctx: MatrixContext): Promise<Rows> {
  const { id } = await createCommunity(t.db, { createdById: ctx.adminId, managerIds: [ctx.adminId] });
  return {
    'GET /v1/api/communities': ['/v1/api/communities', knownRoles(200)],
    'GET /v1/api/communities/stats': ['/v1/api/communities/stats?viewState=2', knownRoles(200)],
    'GET /v1/api/communities/managed/:userId': [
      `/v1/api/communities/managed/${ctx.adminId}`,
      membersAndAdmins(200),
    ],
    'GET /v1/api/communities/:id': [`/v1/api/communities/${id}`, knownRoles(200)],
    'GET /v1/api/communities/:id/stats': [`/v1/api/communities/${id}/stats`, knownRoles(200)],
    'GET /v1/api/communities/:id/users': [`/v1/api/communities/${id}/users`, membersAndAdmins(200)],
    'POST /v1/api/communities': ['/v1/api/communities', adminOnly(400)],
    'PUT /v1/api/communities/:id': [`/v1/api/communities/${id}`, adminOnly(400)],
    'POST /v1/api/communities/subscribe': ['/v1/api/communities/subscribe', knownRoles(400)],
    'GET /v1/api/communities/:id/discussion': [`/v1/api/communities/${id}/discussion`, knownRoles(200)],
    'POST /v1/api/communities/discussion': ['/v1/api/communities/discussion', knownRoles(400)],
  };
}
