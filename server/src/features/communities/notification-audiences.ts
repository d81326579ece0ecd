// Whom the events of communities notify (notifications/audiences.ts): a community post its members who may
// open it when a batch is sent (a post whose window ended, or of a community no longer published, tells
// nobody its title: issue 30, L2), a discussion message's mentions those of the mentioned who see the
// community. `u` is the users row of the fan-out's SELECT; the rules are those of reading
// (access/recipients.ts), over every user at once.
import { sql } from 'drizzle-orm';
import { readsPost, seesCommunitySql } from '../../access/recipients';
import { type Audiences, mentioned } from '../notifications/audiences';

export const communityAudiences: Audiences = {
  COMMUNITY_POST: (e, notActor) => sql`select u.id from feed_posts p
    join community_members m on m.community_id = p.community_id
    join users u on u.id = m.user_id
    where p.id = ${e.objectId} and ${notActor} and ${readsPost(e.objectId, new Date())}`,
  // The object of a discussion event is the community.
  DISCUSSION: mentioned((communityId) => seesCommunitySql(sql`${communityId}`)),
};
