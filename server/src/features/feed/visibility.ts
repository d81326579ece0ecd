// Who sees a feed post (product.md section 4: publishing window and audience). One SQL predicate serves the
// feed, the Likes and Favourites tabs, a single post, its comments and its actions, so they cannot disagree.
import { POST_KIND, STATE } from '@hearth/contract';
import { type SQL, sql } from 'drizzle-orm';
import { type Bind, literal, tsParam } from '../../db/params';
import { type AudienceTables, audienceIncludes } from '../audience/audience';

/**
 * Feed posts only (not community posts: ADR 010). A literal, not a parameter, so the planner matches the
 * partial indexes on `kind = 1`.
 */
export const FEED_KIND = sql`"feed_posts"."kind" = ${literal(POST_KIND.FEED)}`;

/** Where feed posts keep their audience. */
export const FEED_AUDIENCE: AudienceTables = {
  table: 'feed_posts',
  links: 'feed_post_groups',
  itemColumn: 'post_id',
};

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
  return sql`(${FEED_KIND} and "feed_posts"."state_id" = ${literal(STATE.PUBLISHED)} and "feed_posts"."start_at" <= ${at}
    and ("feed_posts"."end_at" is null or "feed_posts"."end_at" > ${at})
    and ${audienceIncludes(FEED_AUDIENCE, userId)})`;
}
