// Whom the events of communities notify (notifications/audiences.ts): a community post its members it is
// addressed to when a batch is sent (a post whose window ended, or of a community no longer published, tells
// nobody its title: issue 30, L2), a discussion message's mentions those of the mentioned who see the
// community. `u` is the users row of the fan-out's SELECT; the rules are those of reading
// (access/recipients.ts), over every user at once.
import { sql } from 'drizzle-orm';
import { addressedTo, seesCommunitySql, U_ID } from '../../access/recipients';
import { type Audiences, mentioned } from '../notifications/audiences';

export const communityAudiences: Audiences = {
  // Those it is addressed to when the batch is sent (access/recipients.ts `addressedTo`: members of its
  // published community, the post live), not all who could open it: a manager or an administrator who is a
  // member opens drafts too, but a draft, or a post of a draft community, is announced to nobody.
  COMMUNITY_POST: (e, notActor) => sql`select u.id from feed_posts
    join community_members m on m.community_id = feed_posts.community_id
    join users u on u.id = m.user_id
    where feed_posts.id = ${e.objectId} and ${notActor} and ${addressedTo(U_ID, new Date())}`,
  // The object of a discussion event is the community.
  DISCUSSION: mentioned((communityId) => seesCommunitySql(sql`${communityId}`)),
};
