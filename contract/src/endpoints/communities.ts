// Communities, membership and discussion boards, and community posts with their comments, likes and
// favourites (product.md section 7, Communities and Community posts). Every known role calls them; who sees
// a community and who writes in it (members, managers) is the policy's, inside the services.
import { z } from 'zod';
import { get, post, put, ROLES, tagged } from '../endpoint';
import { created, envelope, errorBody, fieldsQuery, idParam, ok, userIdParam } from '../schemas/common';
import {
  communitiesQuery,
  community,
  communityBody,
  communityCallerQuery,
  communityDetail,
  communityDetailQuery,
  communityOption,
  communityStatsQuery,
  discussionBody,
  discussionMessage,
  subscribeBody,
  subscribeResult,
} from '../schemas/communities';
import {
  communityActionBody,
  communityActionQuery,
  communityComment,
  communityCommentBody,
  communityPost,
  communityPostBody,
  communityPostPage,
  communityPostsQuery,
  joinedPostsQuery,
  verifyResult,
} from '../schemas/community-posts';
import { actionResult, feedPostsQuery, postActionEntry } from '../schemas/feed';
import { userSummary } from '../schemas/users';

export const communitiesEndpoints = {
  // ---- communities, membership, discussion board ----
  ...tagged('communities', {
    listCommunities: get({
      path: '/v1/api/communities',
      access: ROLES.known,
      summary: 'Administrators: every community; others: those they see. fields=id,title gives options',
      query: communitiesQuery,
      responses: ok(z.union([z.array(community), z.array(communityOption)])),
    }),
    listCommunityCards: get({
      path: '/v1/api/communities/stats',
      access: ROLES.known,
      summary: 'Cards: viewState=1 My Communities (joined), viewState=2 Public Communities',
      query: communityStatsQuery,
      responses: ok(z.array(community)),
    }),
    listManagedCommunities: get({
      path: '/v1/api/communities/managed/:userId',
      access: ROLES.known,
      summary: 'The communities a user manages (the caller, or anyone for administrators)',
      params: userIdParam,
      responses: ok(z.array(communityOption)),
    }),
    getCommunity: get({
      path: '/v1/api/communities/:id',
      access: ROLES.known,
      summary: 'One community with its managers (and its members for administrators)',
      params: idParam,
      query: communityDetailQuery,
      responses: ok(communityDetail),
    }),
    getCommunityCard: get({
      path: '/v1/api/communities/:id/stats',
      access: ROLES.known,
      summary: 'The card of one community: counts and whether the caller joined',
      params: idParam,
      query: communityCallerQuery,
      responses: ok(community),
    }),
    listCommunityMembers: get({
      path: '/v1/api/communities/:id/users',
      access: ROLES.known,
      summary: 'The members of a community (members and administrators)',
      params: idParam,
      responses: ok(z.array(userSummary)),
    }),
    createCommunity: post({
      path: '/v1/api/communities',
      access: ROLES.admins,
      body: communityBody,
      responses: created(communityDetail),
    }),
    updateCommunity: put({
      path: '/v1/api/communities/:id',
      access: ROLES.admins,
      params: idParam,
      body: communityBody,
      responses: ok(communityDetail),
    }),
    subscribeCommunity: post({
      path: '/v1/api/communities/subscribe',
      access: ROLES.known,
      summary: 'Join (join=1) or leave (join=0) a public community',
      body: subscribeBody,
      // 409: a manager cannot leave their community.
      responses: { 200: envelope(subscribeResult), 409: errorBody },
    }),
    listDiscussion: get({
      path: '/v1/api/communities/:id/discussion',
      access: ROLES.known,
      summary: 'The discussion board, oldest first',
      params: idParam,
      responses: ok(z.array(discussionMessage)),
    }),
    addDiscussionMessage: post({
      path: '/v1/api/communities/discussion',
      access: ROLES.known,
      summary: 'A message on the discussion board, with @mentions (members and administrators)',
      body: discussionBody,
      responses: created(discussionMessage),
    }),
  }),

  // ---- community posts, their comments and actions ----
  ...tagged('community-posts', {
    listAllCommunityPosts: get({
      path: '/v1/api/community-posts/all',
      access: ROLES.admins,
      summary: 'Every community post (drafts too), newest created first; the admin list',
      query: feedPostsQuery,
      responses: ok(z.array(communityPost)),
    }),
    listCommunityPosts: get({
      path: '/v1/api/community-posts',
      access: ROLES.known,
      summary: "A community's posts the caller may read, newest start first; keyset `next`",
      query: communityPostsQuery,
      responses: ok(communityPostPage),
    }),
    listJoinedCommunityPosts: get({
      path: '/v1/api/community-posts/user/:userId',
      access: ROLES.known,
      summary: 'Published posts of the communities the user joined (the News Communities tab)',
      params: userIdParam,
      query: joinedPostsQuery,
      responses: ok(communityPostPage),
    }),
    getCommunityPostWithUser: get({
      path: '/v1/api/community-posts/withUser/:id',
      access: ROLES.known,
      summary: "A post with the caller's like and favourite",
      params: idParam,
      query: communityCallerQuery,
      responses: ok(communityPost),
    }),
    getCommunityPost: get({
      path: '/v1/api/community-posts/:id',
      access: ROLES.known,
      params: idParam,
      query: fieldsQuery,
      responses: ok(communityPost),
    }),
    verifyCommunityPost: get({
      path: '/v1/api/community-posts/:id/verify',
      access: ROLES.known,
      summary: 'Whether the caller may edit the post (its community managers and administrators)',
      params: idParam,
      query: communityCallerQuery,
      responses: ok(verifyResult),
    }),
    listCommunityPostComments: get({
      path: '/v1/api/community-posts/:id/comments',
      access: ROLES.known,
      summary: "A post's comments, oldest first",
      params: idParam,
      responses: ok(z.array(communityComment)),
    }),
    addCommunityPostComment: post({
      path: '/v1/api/community-posts/comment',
      access: ROLES.known,
      body: communityCommentBody,
      responses: created(communityComment),
    }),
    listCommunityPostActions: get({
      path: '/v1/api/community-posts/:id/action',
      access: ROLES.known,
      summary: 'Who liked (actionId=1) or favourited (actionId=2) the post, newest first; members only',
      params: idParam,
      query: communityActionQuery,
      responses: ok(z.array(postActionEntry)),
    }),
    setCommunityPostAction: post({
      path: '/v1/api/community-posts/action',
      access: ROLES.known,
      summary: 'Like (1) or favourite (2) a post, or take it back; idempotent; members only',
      body: communityActionBody,
      responses: ok(actionResult),
    }),
    createCommunityPost: post({
      path: '/v1/api/community-posts',
      access: ROLES.known,
      summary: 'Creates a post in a community the caller manages (administrators: any, or none as a draft)',
      body: communityPostBody,
      responses: created(communityPost),
    }),
    updateCommunityPost: put({
      path: '/v1/api/community-posts/:id',
      access: ROLES.known,
      summary: 'Replaces the whole post; the caller manages its community (and the new one if it moves)',
      params: idParam,
      body: communityPostBody,
      responses: ok(communityPost),
    }),
  }),
};
