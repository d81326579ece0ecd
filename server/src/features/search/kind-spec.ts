// What a kind of result tells the search engine (search.ts): where its rows come from, who may see them,
// how a row matches and scores, and the columns of a result. Each kind's SQL reuses its feature's rule of
// who sees what (feed/visibility.ts, communities/access.ts and post-visibility.ts, surveys/access.ts).
import type { ProfileFieldsSetting } from '@hearth/contract';
import { type SQL, sql } from 'drizzle-orm';
import type { Viewer } from '../../access/communities';
import { type Bind, tsParam } from '../../db/params';

export type SearchContext = {
  viewer: Viewer;
  /**
   * The profile fields the viewer sees of colleagues (access/profile-fields.ts): a hidden field is neither
   * shown nor matched (issue 30, M3), as in the directory.
   */
  fields: ProfileFieldsSetting;
  /** A placeholder in the prepared statement of what the viewer may open (visible-now.ts). */
  now: Bind<Date>;
  /** The tsquery (to_tsquery of the parsed text, query-text.ts). */
  q: SQL;
  /** The positive words, for similarity with names. */
  plain: string;
  /** As-you-type suggestions: kinds may match more cheaply than on the results page. */
  suggest?: boolean;
  /** Suggestions: what the index finds when the query is narrowed (query-text.ts), else undefined. */
  narrow?: SQL;
};

export type KindSpec = {
  /**
   * The kind's table. Its matching rows are read first, alone (search.ts), under the table's own name, so
   * the features' rules, written for the table, bind to them.
   */
  table: string;
  /** What the rules need joined to the table's rows. */
  joins?: SQL;
  id: SQL;
  /** The date results sort by and the date filters apply to. */
  at: SQL;
  vector: SQL;
  /**
   * The table's rows of this kind, as its partial search index is built (feed posts `kind = 1`): read
   * with the match, so the index holds only this kind's postings.
   */
  partition?: SQL;
  /**
   * Suggestions rank every match, not the first SUGGEST_CANDIDATES (search.ts). For people: under a
   * LIMIT the planner reads the whole table instead of the name indexes (it prices a similarity check like
   * an equality), 21 ms at 10,000 people against 1 ms; the GIN sample limit bounds the matches anyway.
   */
  uncapped?: true;
  /** Who may see the row; undefined: everything of the kind. */
  visible(ctx: Pick<SearchContext, 'viewer' | 'now'>): SQL;
  /**
   * The row's mark at `now` for those who see it outside its window (draft, scheduled, ended), else null:
   * read with the visibility of each answer (visible-now.ts), since it changes with the clock alone, and
   * with the columns of a page searched directly (search.ts withDetails).
   */
  status(now: Bind<Date>): SQL;
  author?: SQL;
  community?: SQL;
  /** Default: the vector matches the query. */
  match?(ctx: SearchContext): SQL;
  /** A whole number, higher is better. Default: ts_rank. */
  score?(ctx: SearchContext): SQL;
  /**
   * The result's columns over `s` (the page: id, at, score) after its mark (`status`), in the order of
   * ResultRow from `title` on: the kind's FROM clause after `from s`.
   */
  details(ctx: SearchContext): { select: SQL; joins: SQL };
};

/** ts_rank, scaled to a whole number so keyset cursors compare exactly. */
export const rankScore = (vector: SQL, ctx: SearchContext) =>
  sql`round(ts_rank(${vector}, ${ctx.q}) * 1000000)::int`;

/** A tsquery from parsed text (query-text.ts); the text is bound, never written into the SQL. */
export const tsquery = (text: string) => sql`to_tsquery('public.hearth_search'::regconfig, ${text})`;

/** Marked snippet of `text` (snippet.ts), markers removed from the source first. */
export const headline = (text: SQL, ctx: SearchContext, options: string) =>
  sql`ts_headline('public.hearth_search'::regconfig, translate(left(${text}, 20000), ${'\uE000\uE001'}, ''), ${ctx.q}, ${options})`;

/** The columns every kind's details answer, by name (null where the kind has none). */
export type ResultRow = {
  id: number;
  at: Date | string | null;
  score: number;
  status: 'draft' | 'scheduled' | 'ended' | null;
  title: string;
  headline: string | null;
  author_id: number | null;
  author_first: string | null;
  author_last: string | null;
  community_id: number | null;
  community_title: string | null;
  post_id: number | null;
  post_kind: number | null;
  job_title: string | null;
  location: string | null;
  department: string | null;
  image_key: string | null;
};

/** A post's or survey's mark for those who see it before or after its window (null: live). */
export const windowStatus = (table: string, now: Bind<Date>, extraDraft?: SQL) => {
  const t = sql.identifier(table);
  const at = tsParam(now);
  return sql`case when ${t}."state_id" <> 2 ${extraDraft ? sql`or ${extraDraft}` : sql``} then 'draft'
    when ${t}."start_at" is null or ${t}."start_at" > ${at} then 'scheduled'
    when ${t}."end_at" is not null and ${t}."end_at" <= ${at} then 'ended' end`;
};
