// Reminders to acknowledge (issue 18, ADR 033): a day before a must-read post's due date and on it. Every
// TICK_MS each instance claims the reminders that fell due by inserting (post, kind, due date) into
// ack_reminders with ON CONFLICT DO NOTHING (a due date moved later is reminded of again): whichever instance's insert wrote the row records the one ACK_REMINDER event,
// in the same transaction, so however many instances run this each reminder goes out once. The fan-out
// (notifications/fanout.ts) delivers it to the audience of `reachAudiences` (notification-audiences.ts):
// those it is addressed to who have not acknowledged, in-app, by push and by e-mail as they chose.
import { ACK_REMINDER_KINDS, STATE } from '@hearth/contract';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { type Db, queryRows } from '../../db/client';
import { literal, tsParam } from '../../db/params';
import { databaseUnavailable } from '../../platform/http/database-unavailable';
import { recordEvent } from '../notifications/events';

/** How often an instance looks for reminders due: at most this late. */
export const TICK_MS = 30_000;

export type AckReminders = {
  /** Runs a claim after whatever runs now (at `now`, for tests) and answers how many it claimed. */
  drain(now?: Date): Promise<number>;
};

declare module 'fastify' {
  interface FastifyInstance {
    ackReminders: AckReminders;
  }
}

type Kind = (typeof ACK_REMINDER_KINDS)[number];
const [DAY_BEFORE, DUE] = ACK_REMINDER_KINDS;

/**
 * Claims every reminder due at `now` and records its event, in one transaction. Due: 'dayBefore' from a
 * day before the due date until it (past due, only 'due' goes out), 'due' from the due date for a day (a
 * post found later is not reminded of any more). Only published posts that asked to be acknowledged, whose
 * start arrived and whose window is still open; feed_posts_ack_idx holds just them, read by due date.
 */
export async function claimAckReminders(db: Db, now: Date): Promise<{ postId: number; kind: Kind }[]> {
  const at = tsParam(now);
  return db.transaction(async (tx) => {
    const claimed = await queryRows<{ post_id: number; kind: Kind; title: string }>(
      tx,
      sql`with claimed as (
          insert into ack_reminders (post_id, kind, due_at, sent_at)
          select p.id, k.kind, p.ack_due_at, ${at} from feed_posts p
          cross join (values (${DAY_BEFORE}::text), (${DUE}::text)) k(kind)
          where p.requires_ack and p.state_id = ${literal(STATE.PUBLISHED)}
            and p.ack_due_at > ${at} - interval '1 day' and p.ack_due_at <= ${at} + interval '1 day'
            and p.start_at <= ${at} and (p.end_at is null or p.end_at > ${at})
            and case k.kind when ${DUE} then p.ack_due_at <= ${at} else p.ack_due_at > ${at} end
          on conflict (post_id, kind, due_at) do nothing
          returning post_id, kind
        )
        select c.post_id, c.kind, p.title from claimed c join feed_posts p on p.id = c.post_id
        order by c.post_id, c.kind`,
    );
    for (const c of claimed)
      await recordEvent(tx, { type: 'ACK_REMINDER', objectId: c.post_id, title: c.title, actorId: null });
    return claimed.map((c) => ({ postId: c.post_id, kind: c.kind }));
  });
}

/** Runs the claims every TICK_MS on this instance (after installNotifications: it kicks the fan-out). */
export function installAckReminders(app: FastifyInstance): void {
  let chain: Promise<unknown> = Promise.resolve();
  let closed = false;
  const run = async (now?: Date): Promise<number> => {
    if (closed) return 0;
    try {
      const claimed = await claimAckReminders(app.db, now ?? new Date());
      if (claimed.length) app.notifications.kick();
      return claimed.length;
    } catch (err) {
      const unavailable = databaseUnavailable(err);
      if (unavailable) app.log.warn(unavailable, 'acknowledgement reminders wait for the database');
      else app.log.error({ err }, 'acknowledgement reminders failed');
      return 0;
    }
  };
  // One chain: runs never overlap on an instance (instances among themselves are kept apart by the claim).
  const next = (now?: Date) => {
    const result = chain.then(() => run(now));
    chain = result;
    return result;
  };
  app.decorate('ackReminders', { drain: next } satisfies AckReminders);
  const timer = setInterval(() => void next(), TICK_MS);
  timer.unref();
  app.addHook('onReady', async () => void next());
  app.addHook('onClose', async () => {
    closed = true;
    clearInterval(timer);
    await chain;
  });
}
