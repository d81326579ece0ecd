// Communities and their discussion boards (product.md sections 3, 4, 5 and 7). Community posts:
// community-posts.ts.
import { z } from 'zod';
import { STATE, VISIBILITY } from '../constants';
import { MSG } from '../messages';
import { commentSchemas } from './comments';
import { adminListQuery, dbId, dbIds, flag, requiredText, stateField, textId } from './common';
import { userSummary } from './users';

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
  /** The community image (product.md section 3: image.sourceUrl, also imageUrl). */
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
export const communitiesQuery = adminListQuery(z.string().max(200).optional());

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
export const communityDetailQuery = communitiesQuery.pick({ fields: true });

/** Create and update send the whole form. `users` are the members of a private community (admins only). */
export const communityBody = z.object({
  title: requiredText(MSG.communityTitleRequired, 200),
  description: requiredText(MSG.communityDescriptionRequired, 5000),
  visibilityId,
  stateId: stateField.default(STATE.DRAFT),
  /** The uploaded image's file id (a JPG or PNG). */
  image: dbId.nullable().optional(),
  managers: z
    .array(dbId, { error: MSG.managerRequired })
    .max(100, MSG.invalidInput)
    .min(1, MSG.managerRequired),
  users: dbIds(10_000).default([]),
});
export type CommunityBody = z.input<typeof communityBody>;

/** POST /communities/subscribe: join (1) or leave (0) a public community. */
export const subscribeBody = z.object({ communityId: dbId, userId: dbId.optional(), join: flag });
export const subscribeResult = z.object({ joined: z.boolean(), numUsers: z.number() });

export const managedQuery = z.object({ userId: textId });

// ---- Discussion board ----

const discussion = commentSchemas('communityId', 'userIds');
export const discussionBody = discussion.body;
export type DiscussionBody = z.input<typeof discussionBody>;
export const discussionMessage = discussion.answer;
export type DiscussionMessage = z.infer<typeof discussionMessage>;
