// Global search (issue 17, ADR 031): suggestions as the user types, and one kind's results page with
// filters, sorting and keyset paging. Snippets come as plain text with the ranges to highlight, never as
// HTML: the web turns the ranges into <mark> elements.
import { z } from 'zod';
import { SEARCH_KINDS, SEARCH_LIMITS } from '../constants';
import { MSG } from '../messages';
import { personFields, textId } from './common';

export const searchKind = z.enum(SEARCH_KINDS);
export type SearchKind = z.infer<typeof searchKind>;

/** The search text: trimmed, not empty, not too long. */
export const searchText = z
  .string({ error: MSG.searchRequired })
  .trim()
  .min(1, MSG.searchRequired)
  .max(SEARCH_LIMITS.maxLength, MSG.searchQueryTooLong);

export const searchSuggestQuery = z.object({ q: searchText });

/** A day of a date filter, YYYY-MM-DD (UTC). */
const day = z.iso.date({ error: MSG.invalidInput }).transform((v, ctx) => {
  const date = new Date(`${v}T00:00:00Z`);
  if (Number.isNaN(date.getTime()) || date.toISOString().slice(0, 10) !== v) {
    ctx.addIssue({ code: 'custom', message: MSG.invalidInput });
    return z.NEVER;
  }
  return date;
});

export const searchSort = z.enum(['relevance', 'date']);
export type SearchSort = z.infer<typeof searchSort>;

/** The filters a search's counts share with its pages: the text and what narrows it. */
const searchFilterFields = {
  q: searchText,
  /** Community posts, comments on them and discussion messages of one community. */
  communityId: textId.optional(),
  /** Written by (created by) one person. */
  authorId: textId.optional(),
  /** From this day (inclusive) to that day (inclusive), UTC. */
  from: day.optional(),
  to: day.optional(),
};

// Runs even when a field failed (zod 4): the dates are compared only when both were read.
const datesInOrder: [(q: { from?: unknown; to?: unknown }) => boolean, { message: string; path: string[] }] =
  [
    (q) => !(q.from instanceof Date) || !(q.to instanceof Date) || q.from.getTime() <= q.to.getTime(),
    { message: MSG.searchDateOrder, path: ['to'] },
  ];

export const searchQuery = z
  .object({
    ...searchFilterFields,
    kind: searchKind.default('posts'),
    sort: searchSort.default('relevance'),
    next: z.string().max(200).optional(),
  })
  .refine(...datesInOrder);

/**
 * The counts are of the text with the filters that stay when the tab changes (the web clears the community
 * filter then): so each tab's count is what opening it shows.
 */
export const searchSummaryQuery = z
  .object({
    q: searchFilterFields.q,
    authorId: searchFilterFields.authorId,
    from: searchFilterFields.from,
    to: searchFilterFields.to,
  })
  .refine(...datesInOrder);

/** Text with the ranges [start, end) of the words that matched. */
export const searchSnippet = z.object({
  text: z.string(),
  marks: z.array(z.tuple([z.number().int(), z.number().int()])),
});
export type SearchSnippet = z.infer<typeof searchSnippet>;

/**
 * Why an object would not show to staff: only administrators and post managers get such results, marked.
 * Null for what is live.
 */
export const searchStatus = z.enum(['draft', 'scheduled', 'ended']);
export type SearchStatus = z.infer<typeof searchStatus>;

/** One result, whatever its kind; the fields a kind does not have are null. */
export const searchHit = z.object({
  kind: searchKind,
  id: z.number(),
  /** The post's, community's or survey's title, the person's name, or (comments, messages) what they are on. */
  title: z.string(),
  snippet: searchSnippet.nullable(),
  /** The date the results are sorted by: a post's start, a comment's or message's writing, a survey's start. */
  at: z.string().nullable(),
  status: searchStatus.nullable(),
  author: z.object(personFields).nullable(),
  community: z.object({ id: z.number(), title: z.string() }).nullable(),
  /** Comments: the post they are on, and whether it is a community post. */
  post: z.object({ id: z.number(), isCommunityPost: z.boolean() }).nullable(),
  /** People: what the directory shows. */
  person: z
    .object({
      jobTitle: z.string().nullable(),
      location: z.string().nullable(),
      department: z.string().nullable(),
      profileImage: z.string().nullable(),
    })
    .nullable(),
});
export type SearchHit = z.infer<typeof searchHit>;

export const searchSuggestions = z.object({
  groups: z.array(z.object({ kind: searchKind, hits: z.array(searchHit) })),
});
export type SearchSuggestions = z.infer<typeof searchSuggestions>;

export const searchPage = z.object({ hits: z.array(searchHit), next: z.string().nullable() });
export type SearchPage = z.infer<typeof searchPage>;

/**
 * What a search finds before a tab is chosen: how many results of each kind the caller may open, counted up
 * to SEARCH_LIMITS.countUpTo (`more` when there are others), and a spelling of the text that finds
 * something (pg_trgm, server/src/features/search/spelling.ts), or null.
 */
export const searchSummary = z.object({
  counts: z.array(z.object({ kind: searchKind, count: z.number().int(), more: z.boolean() })),
  didYouMean: z.string().nullable(),
});
export type SearchSummary = z.infer<typeof searchSummary>;
