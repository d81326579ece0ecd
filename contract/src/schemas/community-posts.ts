// Community posts (SPEC sections 3, 5 and 7): posts like feed posts (same files, likes, favourites,
// comments and mentions) without categories, audience or featuring, belonging to a community (ADR 010).
import { z } from 'zod';
import { LIMITS, STATE } from '../constants';
import { MSG } from '../messages';
import { dbId, flag, requiredText, textId } from './common';
import { communityOption } from './communities';
import { parseApiDate } from './dates';
import { fileInfo } from './feed';
import { userSummary } from './users';

const ids = (max: number, message: string = MSG.invalidInput) => z.array(dbId).max(max, message);
const stateId = z.union([z.literal(STATE.DRAFT), z.literal(STATE.PUBLISHED)], { error: MSG.invalidInput });

/** An optional post time: absent, null or '' means none; otherwise SPEC's UTC format or ISO 8601. */
const optionalDate = z
  .union([z.string().max(40), z.null()])
  .optional()
  .transform((v, ctx) => {
    if (v === undefined || v === null || v === '') return null;
    const date = parseApiDate(v);
    if (!date) {
      ctx.addIssue({ code: 'custom', message: MSG.invalidInput });
      return z.NEVER;
    }
    return date;
  });

export const communityPost = z.object({
  id: z.number(),
  title: z.string(),
  subtitle: z.string(),
  /** Sanitised HTML. */
  text: z.string(),
  stateId: z.number(),
  isCommentable: z.number(),
  startAt: z.string(),
  endAt: z.string().nullable(),
  communityId: z.number().nullable(),
  community: communityOption.nullable(),
  createdById: z.number(),
  user: userSummary,
  files: z.array(fileInfo),
  likes: z.number(),
  favourites: z.number(),
  comments: z.number(),
  isLiked: z.boolean(),
  isFavourited: z.boolean(),
  createdAt: z.string(),
});
export type CommunityPost = z.infer<typeof communityPost>;

export const communityPostPage = z.object({ posts: z.array(communityPost), next: z.string().nullable() });
export type CommunityPostPage = z.infer<typeof communityPostPage>;

/** GET /community-posts?communityId: a community's posts the caller may see, newest first, keyset `next`. */
export const communityPostsQuery = z.object({
  communityId: textId,
  userId: textId.optional(),
  next: z.string().max(200).optional(),
  limit: z.coerce.number().int().min(1).max(50).default(LIMITS.newsPageSize),
});
/** GET /community-posts/user/{userId}: posts of the communities the caller joined (the News tab). */
export const joinedPostsQuery = z.object({
  next: z.string().max(200).optional(),
  limit: z.coerce.number().int().min(1).max(50).default(LIMITS.newsPageSize),
});

/**
 * Create and update (SPEC sections 5 and 7). Dates are optional (a post without a start shows from when it
 * is saved). The community is required to publish (the admin form may keep a draft without one); a
 * community manager's form always sends it.
 */
export const communityPostBody = z
  .object({
    title: requiredText(MSG.postTitleRequired, 300),
    subtitle: requiredText(MSG.postSubtitleRequired, 500),
    text: z.string().max(200_000, MSG.invalidInput).default(''),
    stateId: stateId.default(STATE.DRAFT),
    isCommentable: flag.default(1),
    startAt: optionalDate,
    endAt: optionalDate,
    communityId: dbId.nullable().optional(),
    createdById: dbId.optional(),
    files: ids(LIMITS.maxFilesPerPost, MSG.tooManyFiles).default([]),
  })
  .refine((b) => !(b.startAt && b.endAt) || b.endAt > b.startAt, {
    path: ['endAt'],
    message: MSG.endBeforeStart,
  })
  .refine((b) => b.stateId !== STATE.PUBLISHED || b.communityId != null, {
    path: ['communityId'],
    message: MSG.communityRequired,
  });
export type CommunityPostBody = z.input<typeof communityPostBody>;

export const verifyResult = z.object({ verified: z.boolean() });

/** POST /community-posts/action; the answer carries `successful` (SPEC section 7). */
export const communityActionBody = z.object({
  active: flag,
  communityPostId: dbId,
  communityPostActionTypeId: z.union([z.literal(1), z.literal(2)], { error: MSG.invalidInput }),
  userId: dbId.optional(),
});

export const communityCommentBody = z.object({
  content: requiredText(MSG.commentRequired, 5000),
  communityPostId: dbId,
  userId: dbId.optional(),
  userIds: ids(50).default([]),
});
export type CommunityCommentBody = z.input<typeof communityCommentBody>;

export const communityComment = z.object({
  id: z.number(),
  content: z.string(),
  communityPostId: z.number(),
  userId: z.number(),
  userIds: z.array(z.number()),
  createdAt: z.string(),
  user: userSummary,
});
export type CommunityComment = z.infer<typeof communityComment>;

export const communityActionQuery = z.object({ actionId: z.coerce.number().int().min(1).max(2) });
