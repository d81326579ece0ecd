// Community posts (product.md sections 3, 5 and 7): posts like feed posts (same files, likes, favourites,
// comments and mentions) without categories, audience or featuring, belonging to a community (ADR 010).
import { z } from 'zod';
import { LIMITS, STATE } from '../constants';
import { MSG } from '../messages';
import { commentSchemas } from './comments';
import { dbId, dbIds, flag, keysetPage, keysetQuery, requiredText, stateField, textId } from './common';
import { communityOption } from './communities';
import { parseApiDate, postWindow } from './dates';
import { fileInfo } from './feed';
import { userSummary } from './users';

/** An optional post time: absent, null or '' means none; otherwise product.md's UTC format or ISO 8601. */
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
  ...postWindow,
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

export const communityPostPage = keysetPage(communityPost);
export type CommunityPostPage = z.infer<typeof communityPostPage>;

/** GET /community-posts?communityId: a community's posts the caller may see, newest first, keyset `next`. */
export const communityPostsQuery = z.object({
  communityId: textId,
  userId: textId.optional(),
  ...keysetQuery.shape,
});
/** GET /community-posts/user/{userId}: posts of the communities the caller joined (the News tab). */
export const joinedPostsQuery = keysetQuery;

/**
 * Create and update (product.md sections 5 and 7). Dates are optional (a post without a start shows from when
 * it is saved). The community is required to publish (the admin form may keep a draft without one); a
 * community manager's form always sends it.
 */
export const communityPostBody = z
  .object({
    title: requiredText(MSG.postTitleRequired, 300),
    subtitle: requiredText(MSG.postSubtitleRequired, 500),
    text: z.string().max(200_000, MSG.invalidInput).default(''),
    stateId: stateField.default(STATE.DRAFT),
    isCommentable: flag.default(1),
    startAt: optionalDate,
    endAt: optionalDate,
    communityId: dbId.nullable().optional(),
    createdById: dbId.optional(),
    files: dbIds(LIMITS.maxFilesPerPost, MSG.tooManyFiles).default([]),
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

/** POST /community-posts/action; the answer carries `successful` (product.md section 7). */
export const communityActionBody = z.object({
  active: flag,
  communityPostId: dbId,
  communityPostActionTypeId: z.union([z.literal(1), z.literal(2)], { error: MSG.invalidInput }),
  userId: dbId.optional(),
});

const communityComments = commentSchemas('communityPostId', 'userIds');
export const communityCommentBody = communityComments.body;
export type CommunityCommentBody = z.input<typeof communityCommentBody>;
export const communityComment = communityComments.answer;
export type CommunityComment = z.infer<typeof communityComment>;

export const communityActionQuery = z.object({ actionId: z.coerce.number().int().min(1).max(2) });
