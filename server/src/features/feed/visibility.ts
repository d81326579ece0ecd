// Who sees a feed post (PRODUCT-DECISIONS: publishing window and audience). One SQL predicate serves the
// feed, the Likes and Favourites tabs, a single post, its comments and its actions, so they cannot disagree.
import { POST_KIND } from '@hearth/contract';
import { type Placeholder, type SQL, sql } from 'drizzle-orm';

/** A value of a query, or a placeholder filled when its prepared form runs (queries.ts). */
export type Bind<T> = T | Placeholder;

/** A timestamp bound as a parameter: ISO text cast to timestamptz reads the same on PGlite and pg. A
 * placeholder is filled with the ISO text. */
export const tsParam = (date: Bind<Date>) =>
  sql`${date instanceof Date ? date.toISOString() : date}::timestamptz`;

/**
 * Feed posts only (not community posts: ADR 010). A literal, not a parameter, so the planner matches the
 * partial indexes on `kind = 1`.
 */
export const FEED_KIND = sql.raw(`"feed_posts"."kind" = ${POST_KIND.FEED}`);

/**
 * A feed post, published, inside its window at `now`, and for an audience the user belongs to
 * (`audienceIncludes`).
 */
export function visibleTo(userId: Bind<number>, now: Bind<Date>): SQL {
  const at = tsParam(now);
  // Columns are written qualified: Drizzle leaves them bare in single-table selects, where a bare name
  // inside a subquery would bind to the subquery's own table first. `offset 0` keeps the audience check a
  // per-row probe of the post's own groups: without it the planner may hash every post's groups on each
  // request (its estimate ignores the page's LIMIT), a cost that grows with all audience rows.
  return sql`(${FEED_KIND} and "feed_posts"."state_id" = 2 and "feed_posts"."start_at" <= ${at}
    and ("feed_posts"."end_at" is null or "feed_posts"."end_at" > ${at})
    and ${audienceIncludes(FEED_AUDIENCE, userId)})`;
}

/** Where an item keeps its audience: its table, and its link table of groups (with group_type_id copied). */
export type AudienceTables = { table: string; links: string; itemColumn: string };
export const FEED_AUDIENCE: AudienceTables = {
  table: 'feed_posts',
  links: 'feed_post_groups',
  itemColumn: 'post_id',
};

/**
 * The audience rule of PRODUCT-DECISIONS, for feed posts and surveys alike: no groups means everyone; with
 * groups, for every group type on the item the user is in at least one of its groups of that type.
 * `has_audience` spares the lookups for items meant for everyone. Table names are constants of the code,
 * never input. `userId` may be a column (the notification fan-out checks every user at once).
 */
export function audienceIncludes(t: AudienceTables, userId: Bind<number> | SQL): SQL {
  const item = sql.raw(`"${t.table}"."id"`);
  const hasAudience = sql.raw(`"${t.table}"."has_audience"`);
  const links = sql.raw(t.links);
  const itemColumn = sql.raw(t.itemColumn);
  return sql`(not ${hasAudience} or not exists (
      select 1 from ${links} pg
      where pg.${itemColumn} = ${item}
        and not exists (
          select 1 from ${links} pg2
          join user_groups ug on ug.group_id = pg2.group_id and ug.user_id = ${userId}
          where pg2.${itemColumn} = pg.${itemColumn} and pg2.group_type_id = pg.group_type_id)
      offset 0))`;
}
