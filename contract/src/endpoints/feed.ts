// The news feed, likes and favourites, feed posts and their categories, and comments (product.md section 7,
// News feed, Feed posts and comments). Administrators and post managers may edit any feed post: there is no
// ownership rule for feed posts (unlike community posts), and the admin list links every title to its form.
import { z } from 'zod';
import { get, post, put, ROLES, tagged } from '../endpoint';
import { created, fieldsQuery, idParam, limitQuery, ok } from '../schemas/common';
import {
  actionResult,
  comment,
  commentBody,
  commentsQuery,
  feedActionBody,
  feedCategory,
  feedPage,
  feedPost,
  feedPostBody,
  feedPostDetail,
  feedPostsQuery,
  newsfeedQuery,
  postActionDataQuery,
  postActionEntry,
  postReportRow,
} from '../schemas/feed';

export const feedEndpoints = {
  // ---- the staff feed, one post, likes and favourites, the post reports ----
  ...tagged('newsfeed', {
    listNewsfeed: get({
      path: '/v1/api/newsfeed',
      access: ROLES.known,
      summary: 'The staff feed: all, featured (isFeatured=1), liked (action=1), favourited (action=2)',
      query: newsfeedQuery,
      responses: ok(feedPage),
    }),
    getFeedPostsReport: get({
      path: '/v1/api/newsfeed/postsReport',
      access: ROLES.admins,
      responses: ok(z.array(postReportRow)),
    }),
    listFeedPostActions: get({
      path: '/v1/api/newsfeed/postActionData',
      access: ROLES.admins,
      summary: 'Who liked (actionId=1) or favourited (actionId=2) a post, newest first',
      query: postActionDataQuery,
      responses: ok(z.array(postActionEntry)),
    }),
    getNewsfeedPost: get({
      path: '/v1/api/newsfeed/:id',
      access: ROLES.known,
      params: idParam,
      query: z.object({ userId: newsfeedQuery.shape.userId }),
      responses: ok(feedPostDetail),
    }),
    setFeedPostAction: post({
      path: '/v1/api/newsfeed/action',
      access: ROLES.known,
      summary: 'Like (1) or favourite (2) a post, or take it back; idempotent',
      body: feedActionBody,
      responses: ok(actionResult),
    }),
  }),

  // ---- the admin post list and form, categories ----
  ...tagged('feed-posts', {
    listFeedPosts: get({
      path: '/v1/api/feed-posts',
      access: ROLES.contentAdmins,
      summary: 'Every post (drafts too), newest created first; limit=-1 means all',
      query: feedPostsQuery,
      responses: ok(z.array(feedPost)),
    }),
    getFeedPost: get({
      path: '/v1/api/feed-posts/:id',
      access: ROLES.contentAdmins,
      params: idParam,
      query: fieldsQuery,
      responses: ok(feedPost),
    }),
    createFeedPost: post({
      path: '/v1/api/feed-posts',
      access: ROLES.contentAdmins,
      body: feedPostBody,
      responses: created(feedPost),
    }),
    updateFeedPost: put({
      path: '/v1/api/feed-posts/:id',
      access: ROLES.contentAdmins,
      summary: 'Replaces the whole post: form fields, categories, audience and files',
      params: idParam,
      body: feedPostBody,
      responses: ok(feedPost),
    }),
    listFeedPostCategories: get({
      path: '/v1/api/feed-post-categories',
      access: ROLES.known,
      query: limitQuery,
      responses: ok(z.array(feedCategory)),
    }),
  }),

  // ---- a feed post's comments ----
  ...tagged('comments', {
    listFeedPostComments: get({
      path: '/v1/api/comments/getComments',
      access: ROLES.known,
      summary: "A post's comments, oldest first",
      query: commentsQuery,
      responses: ok(z.array(comment)),
    }),
    createFeedPostComment: post({
      path: '/v1/api/comments',
      access: ROLES.known,
      body: commentBody,
      responses: created(comment),
    }),
  }),
};
