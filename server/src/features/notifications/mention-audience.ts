// Who may be told of a mention (issue 13, finding 11): a mention notification carries the title of the post
// or community, so it goes only to mentioned users who can open that content, judged by the same rules as
// reading it, as SQL over every recipient at once (`u` is the users row of the fan-out's SELECT):
// - a feed post: administrators and post managers read any (the policy's `post.seeUnpublished`); anyone
//   else only a published post inside its window whose audience includes them (`visibleTo`);
// - a community post: whoever sees its community (communities/access.ts `seesCommunity`: administrators,
//   or a published community that is public or has them as a member), when the post is published and in
//   its window, or always for administrators, post managers and the community's managers
//   (post-visibility.ts `readablePost`); a post without a community only administrators;
// - a discussion message: whoever sees the community.
import { POST_KIND, ROLES, STATE, VISIBILITY } from '@hearth/contract';
import { type SQL, sql } from 'drizzle-orm';
import { publishedAt } from '../communities/post-visibility';
import { audienceIncludes, FEED_AUDIENCE } from '../feed/visibility';

const U_ID = sql.raw('u.id');
/** `u` is in a role set of the policy (platform/policy.ts): who sees every community, every post. */
const roleIn = (set: readonly number[]) =>
  sql`u.role_id in (${sql.join(
    set.map((r) => sql`${r}`),
    sql`, `,
  )})`;
const isAdmin = roleIn(ROLES.admins);
const seesEveryPost = roleIn(ROLES.contentAdmins);

/** SQL: `u` sees the community whose id is `communityId` (a column or a value). */
function seesCommunity(communityId: SQL): SQL {
  return sql`(${isAdmin} or exists (
    select 1 from communities c where c.id = ${communityId} and c.state_id = ${sql.raw(String(STATE.PUBLISHED))}
      and (c.visibility_id = ${sql.raw(String(VISIBILITY.PUBLIC))}
        or exists (select 1 from community_members m where m.community_id = c.id and m.user_id = u.id))))`;
}

/** SQL: `u` manages the community `communityId`. */
const managesCommunity = (communityId: SQL) =>
  sql`exists (select 1 from community_members m
    where m.community_id = ${communityId} and m.user_id = u.id and m.is_manager)`;

/** SQL: `u` may open the post (feed or community) whose id is `postId`, at `now`. */
export function readsPost(postId: number, now: Date): SQL {
  const community = sql.raw('"feed_posts"."community_id"');
  return sql`exists (select 1 from feed_posts where "feed_posts"."id" = ${postId} and (
    ("feed_posts"."kind" = ${sql.raw(String(POST_KIND.FEED))}
      and (${seesEveryPost} or (${publishedAt(now)} and ${audienceIncludes(FEED_AUDIENCE, U_ID)})))
    or ("feed_posts"."kind" = ${sql.raw(String(POST_KIND.COMMUNITY))} and (
      (${community} is null and ${isAdmin})
      or (${community} is not null and ${seesCommunity(community)}
        and (${publishedAt(now)} or ${seesEveryPost} or ${managesCommunity(community)}))))))`;
}

/** SQL: `u` may open the discussion board of the community `communityId`. */
export const readsDiscussion = (communityId: number): SQL => seesCommunity(sql`${communityId}`);
