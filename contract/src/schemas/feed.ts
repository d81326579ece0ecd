// News feed, feed posts, categories, likes/favourites and comments (product.md sections 3, 5 and 7).
import { z } from 'zod';
import { LIMITS, STATE } from '../constants';
import { MSG } from '../messages';
import { group } from './auth';
import { commentSchemas } from './comments';
import {
  adminListQuery,
  dbId,
  dbIds,
  flag,
  keysetPage,
  keysetQuery,
  requiredText,
  stateField,
  textId,
} from './common';
import { apiDate, postWindow } from './dates';
import { userSummary } from './users';

/** A stored file as posts show it. Audio is resourceType video (product.md section 3); PDFs are raw. */
export const fileInfo = z.object({
  id: z.number(),
  sourceUrl: z.string(),
  /**
   * The JPEG thumbnail or poster frame: sourceUrl with its extension swapped to .jpg (product.md section 9).
   */
  thumbnailUrl: z.string().nullable(),
  /** An image's size upright, so a page can reserve its box; null for other files and older uploads. */
  width: z.number().int().nullable(),
  height: z.number().int().nullable(),
  /** WebP renditions of an image, narrowest first, for `srcset`; empty for other files. */
  variants: z.array(z.object({ url: z.string(), width: z.number().int() })),
  resourceType: z.enum(['image', 'video', 'raw']),
  mimeType: z.string(),
  originalName: z.string().nullable(),
  size: z.number(),
});
export type FileInfo = z.infer<typeof fileInfo>;

export const feedCategory = z.object({ id: z.number(), name: z.string() });
export type FeedCategory = z.infer<typeof feedCategory>;

export const postActions = z.object({ isLiked: z.boolean(), isFavourited: z.boolean() });

export const feedPost = z.object({
  id: z.number(),
  title: z.string(),
  subtitle: z.string(),
  /** Sanitised HTML. */
  text: z.string(),
  feedCategories: z.array(feedCategory),
  createdAt: z.string(),
  user: userSummary,
  isFeatured: z.number(),
  isCommentable: z.number(),
  stateId: z.number(),
  ...postWindow,
  files: z.array(fileInfo),
  groups: z.array(group),
  /** The community of a community post (News Communities tab, ADR 010); null for a feed post. */
  communityId: z.number().nullable(),
  likes: z.number(),
  favourites: z.number(),
  comments: z.number(),
  actions: postActions,
  isLiked: z.boolean(),
  isFavourited: z.boolean(),
  /** "Requires acknowledgement" (issue 18): staff press "I have read this", by `ackDueAt` if set. */
  requiresAck: z.boolean(),
  ackDueAt: z.string().nullable(),
});
export type FeedPost = z.infer<typeof feedPost>;

/**
 * One post as its page shows it: with when the caller acknowledged it (issue 33: the page keeps "You
 * acknowledged on ..."), null when they have not or it does not ask for it. Cards leave it out: a list
 * would have to read every card's acknowledgement for every viewer.
 */
export const feedPostDetail = feedPost.extend({ acknowledgedAt: z.string().nullable() });
export type FeedPostDetail = z.infer<typeof feedPostDetail>;

/** One page of the feed; `next` is an opaque keyset cursor, null on the last page. */
export const feedPage = keysetPage(feedPost);
export type FeedPage = z.infer<typeof feedPage>;

/** News tabs: all (no action), 1 liked, 2 favourited, communities (posts of joined communities). */
export const NEWS_TABS = ['all', 'likes', 'favourites', 'communities'] as const;

export const newsfeedQuery = z.object({
  userId: textId.optional(),
  isFeatured: z.coerce.number().int().min(0).max(1).optional(),
  ...keysetQuery.shape,
  action: z.enum(['1', '2', 'communities']).optional(),
});
export type NewsfeedQuery = z.input<typeof newsfeedQuery>;

/** Create and update send the whole form (product.md section 4). */
export const feedPostBody = z
  .object({
    title: requiredText(MSG.postTitleRequired, 300),
    subtitle: requiredText(MSG.postSubtitleRequired, 500),
    text: z.string().max(200_000, MSG.invalidInput).default(''),
    feedCategories: z
      .array(dbId, { error: MSG.categoryRequired })
      .max(50, MSG.invalidInput)
      .min(1, MSG.categoryRequired),
    groups: dbIds(100).default([]),
    startAt: apiDate(MSG.startDateRequired),
    endAt: apiDate(MSG.endDateRequired),
    isFeatured: flag.default(0),
    isCommentable: flag.default(1),
    stateId: stateField.default(STATE.DRAFT),
    files: dbIds(LIMITS.maxFilesPerPost, MSG.tooManyFiles).default([]),
    requiresAck: flag.default(0),
    /** Optional; only with requiresAck. */
    ackDueAt: apiDate(MSG.invalidInput).nullable().default(null),
  })
  .refine((b) => b.endAt > b.startAt, { path: ['endAt'], message: MSG.endBeforeStart })
  .refine((b) => !b.ackDueAt || b.ackDueAt > b.startAt, {
    path: ['ackDueAt'],
    message: MSG.ackDueBeforeStart,
  });
export type FeedPostBody = z.input<typeof feedPostBody>;

export const feedPostsQuery = adminListQuery();

/** Like (1) or favourite (2), set active or not; idempotent. */
export const feedActionBody = z.object({
  active: flag,
  feedPostId: dbId,
  feedPostActionTypeId: z.union([z.literal(1), z.literal(2)], { error: MSG.invalidInput }),
  userId: dbId.optional(),
});
export const actionResult = z.object({
  successful: z.boolean(),
  likes: z.number(),
  favourites: z.number(),
  isLiked: z.boolean(),
  isFavourited: z.boolean(),
});
export type ActionResult = z.infer<typeof actionResult>;

const feedComments = commentSchemas('feedPostId', 'userIDs');
export const commentBody = feedComments.body;
export type CommentBody = z.input<typeof commentBody>;
export const comment = feedComments.answer;
export type Comment = z.infer<typeof comment>;

export const commentsQuery = z.object({ feedPostId: textId });

/** Post activity for the reports (product.md section 9 columns). */
export const postReportRow = z.object({
  id: z.number(),
  title: z.string(),
  subtitle: z.string(),
  ...postWindow,
  comments: z.number(),
  likes: z.number(),
  favourites: z.number(),
  categoryName: z.string(),
  /** Reach (issue 18): people who saw, opened and acknowledged it; acknowledged null when not asked for. */
  seen: z.number(),
  opened: z.number(),
  acknowledged: z.number().nullable(),
});
export type PostReportRow = z.infer<typeof postReportRow>;

export const postActionDataQuery = z.object({
  postId: textId,
  actionId: z.coerce.number().int().min(1).max(2),
});
export const postActionEntry = z.object({ user: userSummary, createdAt: z.string() });
