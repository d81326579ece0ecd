// Authorisation matrix rows of the news feed, feed posts, categories, actions and comments routes (see ../authz-matrix.test.ts).
// The post is published, in its window and for everyone, so every known role may read it; hiding posts from
// staff (404) is covered by src/features/feed/visibility.test.ts.
import { createPost } from '../../src/features/feed/test-support';
import type { TestApp } from '../app';
import { adminOnly, contentAdmins, knownRoles, type MatrixContext, type Rows } from './shared';

export async function feedRows(t: TestApp, ctx: MatrixContext): Promise<Rows> {
  const { id } = await createPost(t.db, ctx.adminId);
  return {
    'GET /v1/api/newsfeed': ['/v1/api/newsfeed?limit=10', knownRoles(200)],
    'GET /v1/api/newsfeed/:id': [`/v1/api/newsfeed/${id}`, knownRoles(200)],
    'POST /v1/api/newsfeed/action': ['/v1/api/newsfeed/action', knownRoles(400)],
    'GET /v1/api/newsfeed/postsReport': ['/v1/api/newsfeed/postsReport', adminOnly(200)],
    'GET /v1/api/newsfeed/postActionData': [
      `/v1/api/newsfeed/postActionData?postId=${id}&actionId=1`,
      adminOnly(200),
    ],
    'GET /v1/api/feed-posts': ['/v1/api/feed-posts?limit=-1', contentAdmins(200)],
    'GET /v1/api/feed-posts/:id': [`/v1/api/feed-posts/${id}`, contentAdmins(200)],
    'POST /v1/api/feed-posts': ['/v1/api/feed-posts', contentAdmins(400)],
    'PUT /v1/api/feed-posts/:id': [`/v1/api/feed-posts/${id}`, contentAdmins(400)],
    'GET /v1/api/feed-post-categories': ['/v1/api/feed-post-categories?limit=-1', knownRoles(200)],
    'GET /v1/api/comments/getComments': [`/v1/api/comments/getComments?feedPostId=${id}`, knownRoles(200)],
    'POST /v1/api/comments': ['/v1/api/comments', knownRoles(400)],
  };
}
