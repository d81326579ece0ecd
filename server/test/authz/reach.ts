// Authorisation matrix rows of reach and acknowledgement (see ../authz-matrix.test.ts): every known role
// records what they saw, acknowledges and lists what to acknowledge; a feed post's reach and its CSV are for
// administrators, the post's author (here an administrator) and post managers, so staff get 403.
import { createPost } from '../../src/features/feed/test-support';
import type { TestApp } from '../app';
import { contentAdmins, knownRoles, type MatrixContext, type Rows } from './shared';

export async function reachRows(t: TestApp, ctx: MatrixContext): Promise<Rows> {
  const { id } = await createPost(t.db, ctx.adminId, { requiresAck: true });
  return {
    // The matrix sends an empty body: an empty batch is refused by validation.
    'POST /v1/api/post-reads': ['/v1/api/post-reads', knownRoles(400)],
    'POST /v1/api/feed-posts/:id/acknowledge': [`/v1/api/feed-posts/${id}/acknowledge`, knownRoles(200)],
    'GET /v1/api/newsfeed/to-acknowledge': ['/v1/api/newsfeed/to-acknowledge', knownRoles(200)],
    'GET /v1/api/feed-posts/:id/reach': [`/v1/api/feed-posts/${id}/reach`, contentAdmins(200)],
    'GET /v1/api/feed-posts/:id/reach/not-acknowledged/csv': [
      `/v1/api/feed-posts/${id}/reach/not-acknowledged/csv`,
      contentAdmins(200),
    ],
  };
}
