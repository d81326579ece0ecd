// Whom reach's events notify (notifications/audiences.ts, ADR 029): an ACK_REMINDER (reminders.ts) the
// active people the must-read post is addressed to now (access.ts) who have not acknowledged it. The
// post_reads primary key answers each person's row.
import { sql } from 'drizzle-orm';
import { addressedTo, U_ID } from '../../access/recipients';
import type { Audiences } from '../notifications/audiences';

export const reachAudiences: Audiences = {
  ACK_REMINDER: (e, notActor) => sql`select u.id from feed_posts join users u on ${notActor}
    where feed_posts.id = ${e.objectId} and feed_posts.requires_ack and ${addressedTo(U_ID, new Date())}
      and not exists (select 1 from post_reads r where r.post_id = feed_posts.id and r.user_id = u.id
        and r.acknowledged_at is not null)`,
};
