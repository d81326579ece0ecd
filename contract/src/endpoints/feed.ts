// The news feed, likes and favourites, feed posts and their categories, and comments (product.md section 7,
// News feed, Feed posts and comments). Administrators and post managers may edit any feed post: there is no
// ownership rule for feed posts (unlike community posts), and the admin list links every title to its form.
import { z } from 'zod';
import { endpoint, ROLES } from '../endpoint';
import { envelope, idParam, limitQuery } from '../schemas/common';
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
  feedPostsQuery,
  newsfeedQuery,
  postActionDataQuery,
  postActionEntry,
  postReportRow,
} from '../schemas/feed';

const newsfeed = 'newsfeed';
const feedPosts = 'feed-posts';
const comments = 'comments';

export const feedEndpoints = {
  // ---- the staff feed, one post, likes and favourites, the post reports ----
  listNewsfeed: endpoint({
    method: 'GET',
    path: '/v1/api/newsfeed',
    access: ROLES.known,
    tag: newsfeed,
    summary: 'The staff feed: all, featured (isFeatured=1), liked (action=1), favourited (action=2)',
    query: newsfeedQuery,
    responses: { 200: envelope(feedPage) },
  }),
  getFeedPostsReport: endpoint({
    method: 'GET',
    path: '/v1/api/newsfeed/postsReport',
    access: ROLES.admins,
    tag: newsfeed,
    responses: { 200: envelope(z.array(postReportRow)) },
  }),
  listFeedPostActions: endpoint({
    method: 'GET',
    path: '/v1/api/newsfeed/postActionData',
    access: ROLES.admins,
    tag: newsfeed,
    summary: 'Who liked (actionId=1) or favourited (actionId=2) a post, newest first',
    query: postActionDataQuery,
    responses: { 200: envelope(z.array(postActionEntry)) },
  }),
  getNewsfeedPost: endpoint({
    method: 'GET',
    path: '/v1/api/newsfeed/:id',
    access: ROLES.known,
    tag: newsfeed,
    params: idParam,
    query: z.object({ userId: newsfeedQuery.shape.userId }),
    responses: { 200: envelope(feedPost) },
  }),
  setFeedPostAction: endpoint({
    method: 'POST',
    path: '/v1/api/newsfeed/action',
    access: ROLES.known,
    tag: newsfeed,
    summary: 'Like (1) or favourite (2) a post, or take it back; idempotent',
    body: feedActionBody,
    responses: { 200: envelope(actionResult) },
  }),

  // ---- the admin post list and form, categories ----
  listFeedPosts: endpoint({
    method: 'GET',
    path: '/v1/api/feed-posts',
    access: ROLES.contentAdmins,
    tag: feedPosts,
    summary: 'Every post (drafts too), newest created first; limit=-1 means all',
    query: feedPostsQuery,
    responses: { 200: envelope(z.array(feedPost)) },
  }),
  getFeedPost: endpoint({
    method: 'GET',
    path: '/v1/api/feed-posts/:id',
    access: ROLES.contentAdmins,
    tag: feedPosts,
    params: idParam,
    query: feedPostsQuery.pick({ fields: true }),
    responses: { 200: envelope(feedPost) },
  }),
  createFeedPost: endpoint({
    method: 'POST',
    path: '/v1/api/feed-posts',
    access: ROLES.contentAdmins,
    tag: feedPosts,
    body: feedPostBody,
    responses: { 201: envelope(feedPost) },
  }),
  updateFeedPost: endpoint({
    method: 'PUT',
    path: '/v1/api/feed-posts/:id',
    access: ROLES.contentAdmins,
    tag: feedPosts,
    summary: 'Replaces the whole post: form fields, categories, audience and files',
    params: idParam,
    body: feedPostBody,
    responses: { 200: envelope(feedPost) },
  }),
  listFeedPostCategories: endpoint({
    method: 'GET',
    path: '/v1/api/feed-post-categories',
    access: ROLES.known,
    tag: feedPosts,
    query: limitQuery,
    responses: { 200: envelope(z.array(feedCategory)) },
  }),

  // ---- a feed post's comments ----
  listFeedPostComments: endpoint({
    method: 'GET',
    path: '/v1/api/comments/getComments',
    access: ROLES.known,
    tag: comments,
    summary: "A post's comments, oldest first",
    query: commentsQuery,
    responses: { 200: envelope(z.array(comment)) },
  }),
  createFeedPostComment: endpoint({
    method: 'POST',
    path: '/v1/api/comments',
    access: ROLES.known,
    tag: comments,
    body: commentBody,
    responses: { 201: envelope(comment) },
  }),
};
