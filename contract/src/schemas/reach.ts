// Seen, opened and acknowledged posts, and a post's reach (issue 18, ADR 033).
import { z } from 'zod';
import { REACH_LIMITS } from '../constants';
import { MSG } from '../messages';
import { dbIds } from './common';
import { feedPost } from './feed';

/**
 * POST /post-reads: what the browser saw since its last batch. `seen`: cards at least half visible for a
 * second; `opened`: post pages opened. Posts the caller may not open are ignored, repeats change nothing.
 */
export const postReadsBody = z
  .object({
    seen: dbIds(REACH_LIMITS.eventsPerBatch).default([]),
    opened: dbIds(REACH_LIMITS.eventsPerBatch).default([]),
  })
  .refine((b) => b.seen.length + b.opened.length > 0, { path: ['seen'], message: MSG.invalidInput });
export type PostReadsBody = z.input<typeof postReadsBody>;
/** How many of the batch's events were new (first seen or first opened by the caller). */
export const postReadsResult = z.object({ recorded: z.number().int() });

/** POST /feed-posts/{id}/acknowledge: when the caller acknowledged it (the first time, if repeated). */
export const acknowledgeResult = z.object({ acknowledgedAt: z.string() });

/** GET /newsfeed/to-acknowledge: posts the caller must still acknowledge, oldest due first, and how many. */
export const toAcknowledge = z.object({ posts: z.array(feedPost), count: z.number().int() });
export type ToAcknowledge = z.infer<typeof toAcknowledge>;

/** The funnel's counts: people, each counted once. */
export const reachCounts = z.object({
  /** The audience when the post was published (active people who could open it then). */
  targeted: z.number().int(),
  seen: z.number().int(),
  opened: z.number().int(),
  liked: z.number().int(),
  commented: z.number().int(),
  /** Null when the post does not ask to be acknowledged. */
  acknowledged: z.number().int().nullable(),
});
export type ReachCounts = z.infer<typeof reachCounts>;

/** The same counts for the people of one location or department (`group` null: in none). */
export const reachSplit = reachCounts.extend({ groupId: z.number().nullable(), name: z.string() });

/** Events per day since publishing (the post's start), in UTC days. */
export const reachDay = z.object({
  day: z.string(),
  seen: z.number().int(),
  opened: z.number().int(),
  acknowledged: z.number().int(),
});

/** GET /feed-posts/{id}/reach: for administrators and the post's author. */
export const postReach = z.object({
  postId: z.number(),
  /** A community post's community (its page links there); null for a feed post. */
  communityId: z.number().nullable(),
  title: z.string(),
  startAt: z.string(),
  requiresAck: z.boolean(),
  ackDueAt: z.string().nullable(),
  totals: reachCounts,
  byLocation: z.array(reachSplit),
  byDepartment: z.array(reachSplit),
  byDay: z.array(reachDay),
});
export type PostReach = z.infer<typeof postReach>;
