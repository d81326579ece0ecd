// Records of the community screens as the API answers them, for their component tests: whole objects that
// pass the contract's schemas (test/fetch-mock.ts checks every answer given for an endpoint entry), with the
// fields a test cares about given. The signed-in user of test/render.tsx's signIn() is Sam Staff, id 7.
import {
  type Community,
  type CommunityComment,
  type CommunityDetail,
  type CommunityPost,
  type DiscussionMessage,
  STATE,
  type UserSummary,
  VISIBILITY,
} from '@hearth/contract';

/** The signed-in user (signIn's default profile). */
export const SAM: UserSummary = { id: 7, firstName: 'Sam', lastName: 'Staff', profileImage: null };
/** The demo community manager. */
export const EDDIE: UserSummary = { id: 3, firstName: 'Eddie', lastName: 'Editor', profileImage: null };

/** A published public community with one manager (not the caller), which the caller has not joined. */
export function community(patch: Partial<Community> = {}): Community {
  return {
    id: 12,
    title: 'Gardeners',
    description: 'All about Gardeners.',
    visibilityId: VISIBILITY.PUBLIC,
    stateId: STATE.PUBLISHED,
    image: null,
    imageUrl: null,
    numUsers: 1,
    numPosts: 1,
    numComments: 0,
    joined: false,
    isManager: false,
    createdAt: '2026-03-01 08:00:00',
    ...patch,
  };
}

/** A community as GET /communities/:id answers it: with its managers (and members, for administrators). */
export function communityDetail(patch: Partial<CommunityDetail> = {}): CommunityDetail {
  return { ...community(), managers: [EDDIE], users: [], ...patch };
}

/** A published post of community 12 by Eddie, open for comments. */
export function communityPost(patch: Partial<CommunityPost> = {}): CommunityPost {
  return {
    id: 41,
    title: 'Spring planting',
    subtitle: 'Seedlings for everyone',
    text: '<p>Bring a pot on Friday.</p>',
    stateId: STATE.PUBLISHED,
    isCommentable: 1,
    startAt: '2026-03-02 08:00:00',
    endAt: null,
    communityId: 12,
    community: { id: 12, title: 'Gardeners' },
    createdById: EDDIE.id,
    user: EDDIE,
    files: [],
    likes: 0,
    favourites: 0,
    comments: 0,
    isLiked: false,
    isFavourited: false,
    createdAt: '2026-03-02 08:00:00',
    ...patch,
  };
}

/** A comment on post 41 by the signed-in user. */
export function postComment(patch: Partial<CommunityComment> = {}): CommunityComment {
  return {
    id: 301,
    content: 'Count me in',
    communityPostId: 41,
    userId: SAM.id,
    userIds: [],
    createdAt: '2026-03-02 09:00:00',
    user: SAM,
    mentionedUsers: [],
    ...patch,
  };
}

/** A message on community 12's discussion board by the signed-in user. */
export function discussionMessage(patch: Partial<DiscussionMessage> = {}): DiscussionMessage {
  return {
    id: 501,
    content: 'Who brings the compost?',
    communityId: 12,
    userId: SAM.id,
    userIds: [],
    createdAt: '2026-03-02 09:00:00',
    user: SAM,
    mentionedUsers: [],
    ...patch,
  };
}
