// Whom the events of posts notify (notifications/audiences.ts): a published feed post its audience; a
// comment's mentions those of the mentioned who can open the post, feed or community, judged by the same
// rules as reading it (the notification shows its title: issue 13, finding 11). `u` is the users row of the
// fan-out's SELECT:
// - a feed post: administrators and post managers read any (the policy's `post.seeUnpublished`); anyone
//   else only a published post inside its window whose audience includes them (`visibleTo`);
// - a community post: whoever sees its community (communities/notification-audiences.ts), when the post is
//   published and in its window, or always for administrators, post managers and the community's managers
//   (communities/post-visibility.ts `readablePost`); a post without a community only administrators.
import { POST_KIND, ROLES } from '@hearth/contract';
import { type SQL, sql } from 'drizzle-orm';
import { audienceIncludes } from '../audience/audience';
import { managesCommunitySql, seesCommunitySql } from '../communities/notification-audiences';
import { publishedAt } from '../communities/post-visibility';
import { type Audiences, mentioned, U_ID, uRoleIn } from '../notifications/audiences';
import { FEED_AUDIENCE, FEED_KIND } from './visibility';

/** SQL: `u` may open the post (feed or community) whose id is `postId`, at `now`. */
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

export const feedAudiences: Audiences = {
  FEED_POST: (e, notActor) => sql`select u.id from users u cross join feed_posts
    where feed_posts.id = ${e.objectId} and ${FEED_KIND} and ${notActor}
      and ${audienceIncludes(FEED_AUDIENCE, U_ID)}`,
  COMMENT: mentioned((postId) => readsPost(postId, new Date())),
};
