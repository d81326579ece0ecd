// Which posts reach counts for whom, as SQL over "feed_posts" (with "communities" left-joined where said).
// Two questions, two rules:
// - may the caller open the post now (recording seen and opened, acknowledging): the rules search uses
//   (search/kinds/posts.ts), which are the feed's (feed/visibility.ts) and the communities' own, limited to
//   published posts, so an administrator's look at a draft is not counted as reach;
// - is the post addressed to the person (the To acknowledge list, reminders, the live audience of reach):
//   a published post inside its window, for a feed post its audience (audience/audience.ts), for a
//   community post the members of its published community. Administrators open every post, but only the
//   posts addressed to them ask them for anything.
import { POST_KIND, STATE } from '@hearth/contract';
import { type SQL, sql } from 'drizzle-orm';
import { type Bind, literal } from '../../db/params';
import { audienceIncludes } from '../audience/audience';
import type { Viewer } from '../communities/access';
import { publishedAt } from '../communities/post-visibility';
import { FEED_AUDIENCE } from '../feed/visibility';
import { communityPostSeen, feedPostSeen } from '../search/kinds/posts';

/** The posts table with its community, as `opensNow` reads it. */
export const POSTS_WITH_COMMUNITY = sql`feed_posts left join communities on communities.id = feed_posts.community_id`;

/** SQL: the viewer may open the post now, and it is published. Needs POSTS_WITH_COMMUNITY. */
export function opensNow(viewer: Viewer, now: Bind<Date>): SQL {
  return sql`("feed_posts"."state_id" = ${literal(STATE.PUBLISHED)}
    and (${feedPostSeen(viewer, now)} or ${communityPostSeen(viewer, now)}))`;
}

/**
 * SQL: the post is published, inside its window at `now`, and addressed to `userId` (a value, or a column
 * such as `u.id` when every user is judged at once).
 */
export function addressedTo(userId: number | SQL, now: Bind<Date>): SQL {
  return sql`(${publishedAt(now)} and (
    ("feed_posts"."kind" = ${literal(POST_KIND.FEED)} and ${audienceIncludes(FEED_AUDIENCE, userId)})
    or ("feed_posts"."kind" = ${literal(POST_KIND.COMMUNITY)} and exists (
      select 1 from community_members am join communities ac on ac.id = am.community_id
      where am.community_id = "feed_posts"."community_id" and am.user_id = ${userId}
        and ac.state_id = ${literal(STATE.PUBLISHED)}))))`;
}

/** SQL `select u.id from users u ...`: the active people the post `postId` is addressed to now. */
export function audienceOf(postId: Bind<number>, now: Bind<Date>): SQL {
  return sql`select u.id from feed_posts join users u on u.is_active
    where feed_posts.id = ${postId} and ${addressedTo(sql`u.id`, now)}`;
}
