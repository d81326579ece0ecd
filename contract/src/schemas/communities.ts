// Communities and their discussion boards (SPEC sections 3, 4, 5 and 7). Community posts: community-posts.ts.
import { z } from 'zod';
import { STATE, VISIBILITY } from '../constants';
import { MSG } from '../messages';
import { dbId, flag, requiredText, textId } from './common';
import { userSummary } from './users';

const ids = (max: number, message: string = MSG.invalidInput) => z.array(dbId).max(max, message);
const stateId = z.union([z.literal(STATE.DRAFT), z.literal(STATE.PUBLISHED)], { error: MSG.invalidInput });
const visibilityId = z.union([z.literal(VISIBILITY.PUBLIC), z.literal(VISIBILITY.PRIVATE)], {
  error: MSG.invalidInput,
});

// ---- Communities ----

/** A community as lists, cards and its page show it. */
export const community = z.object({
  id: z.number(),
  title: z.string(),
  description: z.string(),
  visibilityId: z.number(),
  stateId: z.number(),
  /** The community image (SPEC: image.sourceUrl, also imageUrl). */
  image: z.object({ id: z.number(), sourceUrl: z.string() }).nullable(),
  imageUrl: z.string().nullable(),
  numUsers: z.number(),
  /** Published posts inside their window. */
  numPosts: z.number(),
  /** Messages on the discussion board. */
  numComments: z.number(),
  /** Whether the caller is a member; managers are members. */
  joined: z.boolean(),
  /** Whether the caller manages it (may create and edit its posts). */
  isManager: z.boolean(),
  createdAt: z.string(),
});
export type Community = z.infer<typeof community>;

/** One community with its managers (and, for administrators, its members: the admin edit form). */
export const communityDetail = community.extend({
  managers: z.array(userSummary),
  users: z.array(userSummary),
});
export type CommunityDetail = z.infer<typeof communityDetail>;

export const communityOption = z.object({ id: z.number(), title: z.string() });
export type CommunityOption = z.infer<typeof communityOption>;

/**
 * GET /communities: administrators get every community (the admin list, the community select with
 * fields=id,title); others the communities they may see. `stateId` filters by state.
 */
export const communitiesQuery = z.object({
  fields: z.string().max(200).optional(),
  limit: z.coerce.number().int().min(-1).optional(),
  stateId: z.coerce.number().int().min(1).max(2).optional(),
});

/** GET /communities/stats: viewState 1 = My Communities (joined), 2 = Public Communities. */
export const communityStatsQuery = z.object({
  viewState: z.coerce.number().int().min(1).max(2),
  userId: textId.optional(),
});
export const VIEW_STATE = { MINE: 1, PUBLIC: 2 } as const;

/**
 * `userId` where the web names the caller (a community's card, a community post and its verify call): any
 * other user is refused (403).
 */
export const communityCallerQuery = z.object({ userId: communityStatsQuery.shape.userId });

/** GET /communities/{id}: `fields` is accepted as the lists accept it; the answer is the whole community. */
export const communityDetailQuery = z.object({ fields: z.string().max(200).optional() });

/** Create and update send the whole form. `users` are the members of a private community (admins only). */
export const communityBody = z.object({
  title: requiredText(MSG.communityTitleRequired, 200),
  description: requiredText(MSG.communityDescriptionRequired, 5000),
  visibilityId,
  stateId: stateId.default(STATE.DRAFT),
  /** The uploaded image's file id (a JPG or PNG). */
  image: dbId.nullable().optional(),
  managers: z
    .array(dbId, { error: MSG.managerRequired })
    .max(100, MSG.invalidInput)
    .min(1, MSG.managerRequired),
  users: ids(10_000).default([]),
});
export type CommunityBody = z.input<typeof communityBody>;

/** POST /communities/subscribe: join (1) or leave (0) a public community. */
export const subscribeBody = z.object({ communityId: dbId, userId: dbId.optional(), join: flag });
export const subscribeResult = z.object({ joined: z.boolean(), numUsers: z.number() });

export const managedQuery = z.object({ userId: textId });

// ---- Discussion board ----

export const discussionBody = z.object({
  content: requiredText(MSG.commentRequired, 5000),
  communityId: dbId,
  userId: dbId.optional(),
  userIds: ids(50).default([]),
});
export type DiscussionBody = z.input<typeof discussionBody>;

export const discussionMessage = z.object({
  id: z.number(),
  content: z.string(),
  communityId: z.number(),
  userId: z.number(),
  userIds: z.array(z.number()),
  createdAt: z.string(),
  user: userSummary,
});
export type DiscussionMessage = z.infer<typeof discussionMessage>;
