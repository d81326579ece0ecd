// The rules of reading, judged for every user at once: whom a notification may reach and whom a post asks
// for anything (reach, reminders). `u` is the users row of the caller's SELECT (the fan-out's, reach's).
// Each is the SQL form of a rule of posts.ts, communities.ts or the policy, written over `u` instead of one
// viewer, so a notification's title only reaches someone who may open its object (issue 13, finding 11).
import { POST_KIND, ROLES, STATE, VISIBILITY } from '@hearth/contract';
import { type SQL, sql } from 'drizzle-orm';
import { type Bind, literal } from '../db/params';
import { audienceIncludes, FEED_AUDIENCE } from './audience';
import { isColleague } from './people';
import { publishedAt } from './posts';

/** The users row as a column, for rules that take a user id (`audienceIncludes`). */
export const U_ID = sql`u.id`;

/** `u` is a colleague (people.ts): only colleagues are told anything or counted as targeted. */
export const U_COLLEAGUE = isColleague('u');

/** `u` is in a role set of the policy (contract/src/policy.ts), e.g. who sees every community or post. */
export const uRoleIn = (set: readonly number[]) =>
  sql`u.role_id in (${sql.join(
    set.map((r) => sql`${r}`),
    sql`, `,
  )})`;

/** SQL: `u` sees the community whose id is `communityId` (a column or a value): the policy's
 * `community.see` (communities.ts), as SQL over every user at once. */
export function seesCommunitySql(communityId: SQL): SQL {
  return sql`(${uRoleIn(ROLES.admins)} or exists (
    select 1 from communities c where c.id = ${communityId} and c.state_id = ${STATE.PUBLISHED}
      and (c.visibility_id = ${VISIBILITY.PUBLIC}
        or exists (select 1 from community_members m where m.community_id = c.id and m.user_id = u.id))))`;
}

/** SQL: `u` manages the community `communityId`. */
export const managesCommunitySql = (communityId: SQL) =>
  sql`exists (select 1 from community_members m
    where m.community_id = ${communityId} and m.user_id = u.id and m.is_manager)`;

/**
 * SQL: `u` may open the post (feed or community) whose id is `postId`, at `now` (posts.ts, over `u`):
 * - a feed post: content administrators any; anyone else a published post inside its window whose
 *   audience includes them;
 * - a community post: whoever sees its community, when the post is published and in its window, or always
 *   for content administrators and the community's managers; a post without a community administrators.
 */
export function readsPost(postId: number, now: Date): SQL {
  const community = sql`"feed_posts"."community_id"`;
  const seesEveryPost = uRoleIn(ROLES.contentAdmins);
  return sql`exists (select 1 from feed_posts where "feed_posts"."id" = ${postId} and (
    ("feed_posts"."kind" = ${POST_KIND.FEED}
      and (${seesEveryPost} or (${publishedAt(now)} and ${audienceIncludes(FEED_AUDIENCE, U_ID)})))
    or ("feed_posts"."kind" = ${POST_KIND.COMMUNITY} and (
      (${community} is null and ${uRoleIn(ROLES.admins)})
      or (${community} is not null and ${seesCommunitySql(community)}
        and (${publishedAt(now)} or ${seesEveryPost} or ${managesCommunitySql(community)}))))))`;
}

/**
 * SQL: the post is published, inside its window at `now`, and addressed to `userId` (a value, or a column
 * such as `u.id` when every user is judged at once): a feed post's audience, a community post's members of
 * its published community; never its author. Administrators open every post, but only the posts addressed
 * to them ask them for anything (the To acknowledge list, reminders, the live audience of reach).
 */
export function addressedTo(userId: number | SQL, now: Bind<Date>): SQL {
  // Never to its author, as the announcement's fan-out counts it (issue 33: the reach funnel left the author
  // out of "targeted" while the not-acknowledged CSV, the reminders and the To acknowledge list had them).
  return sql`(${publishedAt(now)} and "feed_posts"."user_id" is distinct from ${userId} and (
    ("feed_posts"."kind" = ${literal(POST_KIND.FEED)} and ${audienceIncludes(FEED_AUDIENCE, userId)})
    or ("feed_posts"."kind" = ${literal(POST_KIND.COMMUNITY)} and exists (
      select 1 from community_members am join communities ac on ac.id = am.community_id
      where am.community_id = "feed_posts"."community_id" and am.user_id = ${userId}
        and ac.state_id = ${literal(STATE.PUBLISHED)}))))`;
}

/** SQL `select u.id from users u ...`: the colleagues the post `postId` is addressed to now. */
export function audienceOf(postId: Bind<number>, now: Bind<Date>): SQL {
  return sql`select u.id from feed_posts join users u on ${U_COLLEAGUE}
    where feed_posts.id = ${postId} and ${addressedTo(U_ID, now)}`;
}
