// The notification centre's history (issue 18): all or unread, one type or every, newest first, in keyset
// pages on (sent_at, id) through an opaque cursor, read along notifications_user_idx (user, sent_at, id).
// The cursor is base64url of "n.<sent_at ms>.<id>", the pattern of posts/cursor.ts; anything else is 400.
import { INT4_MAX, MSG, type NotificationHistory, type NotificationType } from '@hearth/contract';
import { and, eq, isNull, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { tsParam } from '../../db/params';
import { notifications } from '../../db/schema';
import { badRequest } from '../../platform/errors';
import { presentNotification } from './presenter';
import { notificationRows, unviewedCount } from './service';

type Cursor = { at: Date; id: number };

export const encodeHistoryCursor = (c: Cursor) =>
  Buffer.from(`n.${c.at.getTime()}.${c.id}`).toString('base64url');

const SHAPE = /^n\.(\d{1,15})\.(\d{1,10})$/;

/** Reads a history cursor; anything else answers 400 naming `next`. */
export function decodeHistoryCursor(raw: string): Cursor {
  const invalid = () => badRequest(MSG.invalidInput, { next: MSG.invalidInput });
  if (!/^[A-Za-z0-9_-]{1,100}$/.test(raw)) throw invalid();
  const m = SHAPE.exec(Buffer.from(raw, 'base64url').toString('utf8'));
  if (!m) throw invalid();
  const at = new Date(Number(m[1]));
  const id = Number(m[2]);
  if (Number.isNaN(at.getTime()) || id < 1 || id > INT4_MAX) throw invalid();
  return { at, id };
}

export type HistoryQuery = {
  filter: 'all' | 'unread';
  type?: NotificationType | undefined;
  next?: string | undefined;
  limit: number;
};

/** The rows of one page and one more (there is a next page when it comes back): exported for EXPLAIN. */
export function historyRows(db: Db, userId: number, q: HistoryQuery) {
  const after = q.next === undefined ? undefined : decodeHistoryCursor(q.next);
  return notificationRows(
    db,
    and(
      eq(notifications.userId, userId),
      q.filter === 'unread' ? isNull(notifications.viewedAt) : undefined,
      q.type ? eq(notifications.type, q.type) : undefined,
      // The looser bound first, for the planner: it limits the index range on sent_at alone.
      after && sql`${notifications.sentAt} <= ${tsParam(after.at)}`,
      after && sql`(${notifications.sentAt}, ${notifications.id}) < (${tsParam(after.at)}, ${after.id})`,
    ),
    q.limit + 1,
  );
}

/** One page of the user's history and their unviewed count. */
export async function notificationHistory(
  db: Db,
  userId: number,
  q: HistoryQuery,
): Promise<NotificationHistory> {
  const rows = await historyRows(db, userId, q);
  const page = rows.slice(0, q.limit);
  const last = page[page.length - 1];
  return {
    notifications: page.map(presentNotification),
    next: rows.length > q.limit && last ? encodeHistoryCursor({ at: last.sentAt, id: last.id }) : null,
    unviewed: await unviewedCount(db, userId),
  };
}
