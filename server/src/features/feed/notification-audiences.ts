// Whom the events of posts notify (notifications/audiences.ts): a feed post its audience, while it is
// published and inside its window when a batch is sent (one that ended meanwhile tells nobody its title:
// issue 30, L2); a comment's mentions those of the mentioned who can open the post, feed or community
// (access/recipients.ts `readsPost`: the rules of reading it, as the notification shows its title; issue 13,
// finding 11). `u` is the users row of the fan-out's SELECT.
import { sql } from 'drizzle-orm';
import { audienceIncludes, FEED_AUDIENCE } from '../../access/audience';
import { FEED_KIND, publishedAt } from '../../access/posts';
import { readsPost, U_ID } from '../../access/recipients';
import { type Audiences, mentioned } from '../notifications/audiences';

export const feedAudiences: Audiences = {
  FEED_POST: (e, notActor) => sql`select u.id from users u cross join feed_posts
    where feed_posts.id = ${e.objectId} and ${FEED_KIND} and ${publishedAt(new Date())} and ${notActor}
      and ${audienceIncludes(FEED_AUDIENCE, U_ID)}`,
  COMMENT: mentioned((postId) => readsPost(postId, new Date())),
};
