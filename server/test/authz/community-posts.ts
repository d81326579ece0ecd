// Authorisation matrix rows of the community post routes (see ../authz-matrix.test.ts).
// The community is public and published, managed by the administrator; its post is published and in its
// window, so every known role reads it. The matrix's other callers are not members: writing on the post
// and reading who liked it answer them 403 (only members and administrators), as does asking for another
// user's joined posts. Private communities, drafts and managers are covered by
// src/features/communities/post-*.test.ts.
import { POST_KIND } from '@hearth/contract';
import { createCommunity } from '../../src/features/communities/test-support';
import { createPost } from '../../src/features/feed/test-support';
import type { TestApp } from '../app';
import { adminOnly, knownRoles, type MatrixContext, type Rows } from './shared';

export async function communityPostsRows(t: TestApp, ctx: MatrixContext): Promise<Rows> {
  const community = await createCommunity(t.db, { createdById: ctx.adminId, managerIds: [ctx.adminId] });
  const { id } = await createPost(t.db, ctx.adminId, {
    kind: POST_KIND.COMMUNITY,
    communityId: community.id,
  });
  const base = '/v1/api/community-posts';
  return {
    'GET /v1/api/community-posts/all': [`${base}/all`, adminOnly(200)],
    'GET /v1/api/community-posts': [`${base}?communityId=${community.id}`, knownRoles(200)],
    'GET /v1/api/community-posts/user/:userId': [`${base}/user/${ctx.adminId}`, adminOnly(200)],
    'GET /v1/api/community-posts/:id': [`${base}/${id}`, knownRoles(200)],
    'GET /v1/api/community-posts/withUser/:id': [`${base}/withUser/${id}`, knownRoles(200)],
    'GET /v1/api/community-posts/:id/verify': [`${base}/${id}/verify`, knownRoles(200)],
    'GET /v1/api/community-posts/:id/comments': [`${base}/${id}/comments`, knownRoles(200)],
    'GET /v1/api/community-posts/:id/action': [`${base}/${id}/action?actionId=1`, adminOnly(200)],
    'POST /v1/api/community-posts/comment': [`${base}/comment`, knownRoles(400)],
    'POST /v1/api/community-posts/action': [`${base}/action`, knownRoles(400)],
    'POST /v1/api/community-posts': [base, knownRoles(400)],
    'PUT /v1/api/community-posts/:id': [`${base}/${id}`, knownRoles(400)],
  };
}
