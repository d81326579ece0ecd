// The To acknowledge list at the top of /news (issue 18): the must-read posts addressed to the caller that
// they have not acknowledged, soonest due first (no due date after those with one, newest first), as feed
// cards, and how many there are. Must-read posts are few: the partial index feed_posts_ack_idx holds only
// them (its predicate is implied by `requires_ack` and the published state of `addressedTo`).
import { REACH_LIMITS, type ToAcknowledge } from '@hearth/contract';
import { and, desc, getTableColumns, sql } from 'drizzle-orm';
import { addressedTo } from '../../access/recipients';
import type { Db } from '../../db/client';
import { feedPosts } from '../../db/schema';
import { cardsOf } from '../feed/feed';

export function toAcknowledgeQuery(db: Db, userId: number, now: Date) {
  return db
    .select({ ...getTableColumns(feedPosts), total: sql<number>`(count(*) over ())::int` })
    .from(feedPosts)
    .where(
      and(
        sql`"feed_posts"."requires_ack"`,
        addressedTo(userId, now),
        sql`not exists (select 1 from post_reads r where r.post_id = "feed_posts"."id"
          and r.user_id = ${userId} and r.acknowledged_at is not null)`,
      ),
    )
    .orderBy(sql`"feed_posts"."ack_due_at" asc nulls last`, desc(feedPosts.startAt), desc(feedPosts.id))
    .limit(REACH_LIMITS.toAcknowledge);
}

export async function listToAcknowledge(db: Db, userId: number, now = new Date()): Promise<ToAcknowledge> {
  const rows = await toAcknowledgeQuery(db, userId, now);
  const count = Number(rows[0]?.total ?? 0);
  return { posts: await cardsOf(db, rows, userId), count };
}
