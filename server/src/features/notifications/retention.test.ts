// @engine: SKIP LOCKED batches, two runs at once
// Issue 31, item 7: old notifications and the events none of whose notifications is left are pruned by a
// daily job, in batches; what is inside the retention stays; two runs at once delete nothing twice.
import { inArray } from 'drizzle-orm';
import { describe, expect, it, vi } from 'vitest';
import { createUser } from '../../../test/factories';
import { useTestApp } from '../../../test/use-test-app';
import { notificationEvents, notifications } from '../../db/schema';
import { type NotificationRetention, pruneNotifications } from './retention';

const t = useTestApp({ second: true });
const DAY = 86_400_000;
const ago = (days: number) => new Date(Date.now() - days * DAY);
const RETENTION: NotificationRetention = { notifications: 180, unviewedNotifications: 365 };

async function event(processedDaysAgo: number | null, createdDaysAgo = processedDaysAgo ?? 1) {
  const [row] = await t.db
    .insert(notificationEvents)
    .values({
      type: 'FEED_POST',
      objectId: 1,
      title: 'Old news',
      createdAt: ago(createdDaysAgo),
      processedAt: processedDaysAgo === null ? null : ago(processedDaysAgo),
    })
    .returning({ id: notificationEvents.id });
  if (!row) throw new Error('no event');
  return row.id;
}

async function notify(eventId: number, userId: number, sentDaysAgo: number, viewed: boolean) {
  const [row] = await t.db
    .insert(notifications)
    .values({
      userId,
      eventId,
      type: 'FEED_POST',
      objectId: 1,
      title: 'Old news',
      sentAt: ago(sentDaysAgo),
      viewedAt: viewed ? ago(sentDaysAgo - 1) : null,
    })
    .returning({ id: notifications.id });
  if (!row) throw new Error('no notification');
  return row.id;
}

const leftOf = async (table: typeof notifications | typeof notificationEvents, ids: number[]) =>
  (await t.db.select({ id: table.id }).from(table).where(inArray(table.id, ids))).map((r) => r.id).sort();

describe('notification retention', () => {
  it('deletes viewed notifications after 180 days, unviewed after 365, then their events, in batches', async () => {
    await pruneNotifications(t.db, RETENTION);
    const [a, b] = await Promise.all([createUser(t.db), createUser(t.db)]);
    if (!a || !b) throw new Error('no users');
    const mixed = await event(200);
    const viewedOld = await notify(mixed, a.id, 200, true);
    const unviewedOld = await notify(mixed, b.id, 200, false);
    const allViewed = await event(250);
    const gone = [await notify(allViewed, a.id, 250, true), await notify(allViewed, b.id, 249, true)];
    const ancient = await event(400);
    const ancientUnviewed = await notify(ancient, a.id, 400, false);
    const fresh = await event(10);
    const freshViewed = await notify(fresh, a.id, 10, true);
    const recentEmpty = await event(10); // no notifications left, but processed only 10 days ago
    const pending = await event(null, 300); // never processed: the fan-out still owes it

    const transactions = vi.spyOn(t.db, 'transaction');
    const pruned = await pruneNotifications(t.db, RETENTION, 2);
    expect(transactions.mock.calls.length).toBeGreaterThan(4);
    transactions.mockRestore();
    expect(pruned).toEqual({ notifications: 4, events: 2 });
    expect(await leftOf(notifications, [viewedOld, ...gone, ancientUnviewed])).toEqual([]);
    expect(await leftOf(notifications, [unviewedOld, freshViewed])).toEqual(
      [unviewedOld, freshViewed].sort(),
    );
    expect(await leftOf(notificationEvents, [allViewed, ancient])).toEqual([]);
    expect(await leftOf(notificationEvents, [mixed, fresh, recentEmpty, pending])).toEqual(
      [mixed, fresh, recentEmpty, pending].sort(),
    );
    expect(await pruneNotifications(t.db, RETENTION, 2)).toEqual({ notifications: 0, events: 0 });
  });

  it('two runs at once delete each row once and both finish', async () => {
    await pruneNotifications(t.db, RETENTION);
    const users = await Promise.all([createUser(t.db), createUser(t.db), createUser(t.db)]);
    const events = [await event(300), await event(300)];
    for (const e of events) for (const u of users) await notify(e, u.id, 300, true);
    const [one, two] = await Promise.all([
      pruneNotifications(t.app.db, RETENTION, 2),
      pruneNotifications(t.second.db, RETENTION, 3),
    ]);
    expect((one?.notifications ?? 0) + (two?.notifications ?? 0)).toBe(6);
    expect((one?.events ?? 0) + (two?.events ?? 0)).toBe(2);
    expect(await leftOf(notificationEvents, events)).toEqual([]);
  });
});
