// Whom the events of communities notify (notifications/audiences.ts): a community post its members, a
// discussion message's mentions those of the mentioned who see the community. `u` is the users row of the
// fan-out's SELECT; the rules are those of reading (access.ts `seesCommunity`), as SQL over every user at once.
import { ROLES, STATE, VISIBILITY } from '@hearth/contract';
import { type SQL, sql } from 'drizzle-orm';
import { type Audiences, mentioned, uRoleIn } from '../notifications/audiences';

/** SQL: `u` sees the community whose id is `communityId` (a column or a value): administrators see every
 * community, anyone else a published one that is public or has them as a member. */
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

export const communityAudiences: Audiences = {
  COMMUNITY_POST: (e, notActor) => sql`select u.id from feed_posts p
    join community_members m on m.community_id = p.community_id
    join users u on u.id = m.user_id
    where p.id = ${e.objectId} and ${notActor}`,
  // The object of a discussion event is the community.
  DISCUSSION: mentioned((communityId) => seesCommunitySql(sql`${communityId}`)),
};
