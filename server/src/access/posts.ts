// Who may open a post, as SQL over "feed_posts" (product.md section 4: publishing window, audience,
// community visibility; ADR 006, ADR 010). A community post is a feed_posts row of kind 2. One rule per
// question serves the feed, a post page, its comments and actions, search, a colleague's activity and
// reach, so they cannot disagree:
// - a feed post: published, inside its window and for an audience that includes the reader; content
//   administrators (the policy's `post.seeUnpublished`) open every one, drafts included;
// - a community post: its reader sees its community (communities.ts); a draft or a post outside its window
//   only administrators, post managers and the community's managers; one without a community only
//   administrators.
import { POST_KIND, STATE } from '@hearth/contract';
import { type SQL, sql } from 'drizzle-orm';
import { type Bind, literal, tsParam } from '../db/params';
import { audienceIncludes, FEED_AUDIENCE } from './audience';
import { communityVisibleTo, type Viewer } from './communities';
import { can } from './policy';

/**
 * Feed posts only (not community posts: ADR 010). A literal, not a parameter, so the planner matches the
 * partial indexes on `kind = 1`.
 */
export const FEED_KIND = sql`"feed_posts"."kind" = ${literal(POST_KIND.FEED)}`;

/** Community posts only; a literal, like FEED_KIND. */
export const COMMUNITY_KIND = sql`"feed_posts"."kind" = ${literal(POST_KIND.COMMUNITY)}`;

/** SQL: published and inside the window at `now`. */
export const publishedAt = (now: Bind<Date>): SQL =>
  sql`("feed_posts"."state_id" = ${literal(STATE.PUBLISHED)} and "feed_posts"."start_at" <= ${tsParam(now)}
    and ("feed_posts"."end_at" is null or "feed_posts"."end_at" > ${tsParam(now)}))`;

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

/** A feed post the viewer may open: any for content administrators (drafts too), else a visible one. */
export function feedPostSeen(viewer: Viewer, now: Bind<Date>): SQL {
  return can(viewer, 'post.seeUnpublished') ? FEED_KIND : visibleTo(viewer.id, now);
}

/**
 * A community post the viewer may open (features/communities/post-visibility.ts `readablePost`, as SQL):
 * administrators every one; others one of a community they see ("communities" left-joined on the post's
 * community), published and in its window unless they see its drafts (post managers, its managers).
 */
export function communityPostSeen(viewer: Viewer, now: Bind<Date>): SQL {
  if (can(viewer, 'post.withoutCommunity') && can(viewer, 'community.seeAll')) return COMMUNITY_KIND;
  const seesCommunity = communityVisibleTo(viewer) ?? sql`true`;
  const unpublished = can(viewer, 'community.seeUnpublished', null)
    ? sql`true`
    : sql`exists (select 1 from community_members mm where mm.community_id = "feed_posts"."community_id"
        and mm.user_id = ${viewer.id} and mm.is_manager)`;
  return sql`(${COMMUNITY_KIND} and "communities"."id" is not null and ${seesCommunity}
    and (${publishedAt(now)} or ${unpublished}))`;
}

/** The posts table with its community, as `opensNow` and `communityPostSeen` read it. */
export const POSTS_WITH_COMMUNITY = sql`feed_posts left join communities on communities.id = feed_posts.community_id`;

/**
 * SQL: the viewer may open the post now, and it is published (reach: recording seen and opened,
 * acknowledging), so an administrator's look at a draft is not counted as reach. Needs
 * POSTS_WITH_COMMUNITY.
 */
export function opensNow(viewer: Viewer, now: Bind<Date>): SQL {
  return sql`("feed_posts"."state_id" = ${literal(STATE.PUBLISHED)}
    and (${feedPostSeen(viewer, now)} or ${communityPostSeen(viewer, now)}))`;
}
