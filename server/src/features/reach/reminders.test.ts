// @engine: claimed once by two instances at once (raw SQL)
// Reminders to acknowledge (issue 18): a day before the due date and on it, claimed once however many
// instances run the tick at the same moment (two apps on one database), and delivered only to the people
// the post is addressed to who have not acknowledged it.
import { ROLE, STATE } from '@hearth/contract';
import { and, eq, inArray } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { useTestApp } from '../../../test/use-test-app';
import { ackReminders, feedPosts, notificationEvents, notifications } from '../../db/schema';
import { createPost } from '../feed/test-support';

const t = useTestApp({
  second: true,
  groups: ['north', 'south'],
  users: {
    admin: ROLE.ADMIN,
    done: { worksIn: 'north' },
    pending: { worksIn: 'north' },
    away: { worksIn: 'south' },
  },
});
const { admin, done, pending, away } = t.users;
const HOUR = 3600_000;

/** Both instances run the tick at once, at `now`. */
const bothTick = (now?: Date) =>
  Promise.all([t.app.ackReminders.drain(now), t.second.ackReminders.drain(now)]);

/** In due order: without ORDER BY, PostgreSQL answers rows in whatever order its pages hold them. */
const remindersOf = (postId: number) =>
  t.db.select().from(ackReminders).where(eq(ackReminders.postId, postId)).orderBy(ackReminders.dueAt);
const eventsOf = (postId: number) =>
  t.db
    .select()
    .from(notificationEvents)
    .where(and(eq(notificationEvents.objectId, postId), eq(notificationEvents.type, 'ACK_REMINDER')));

describe('acknowledgement reminders', () => {
  it('claims the day-before reminder once across two instances, then the due one once', async () => {
    // The runs each instance started when it became ready finish first.
    await bothTick();
    const due = new Date(Date.now() + 12 * HOUR);
    const post = await createPost(t.db, admin.user.id, {
      requiresAck: true,
      ackDueAt: due,
      groupIds: [t.groups.north.location.id],
    });
    const [a, b] = await bothTick();
    expect((a ?? 0) + (b ?? 0)).toBe(1);
    expect((await remindersOf(post.id)).map((r) => r.kind)).toEqual(['dayBefore']);
    expect(await eventsOf(post.id)).toHaveLength(1);
    await bothTick();
    expect(await eventsOf(post.id)).toHaveLength(1);

    const [c, d] = await bothTick(new Date(due.getTime() + 60_000));
    expect((c ?? 0) + (d ?? 0)).toBe(1);
    expect((await remindersOf(post.id)).map((r) => r.kind).sort()).toEqual(['dayBefore', 'due']);
    const events = await eventsOf(post.id);
    expect(events).toHaveLength(2);
    expect(events.every((e) => e.title === post.title && e.actorId === null)).toBe(true);
  });

  it('reminds again when the due date moves later, once across two instances', async () => {
    await bothTick();
    const first = new Date(Date.now() + 6 * HOUR);
    const post = await createPost(t.db, admin.user.id, { requiresAck: true, ackDueAt: first, endAt: null });
    await bothTick();
    expect(await eventsOf(post.id)).toHaveLength(1);
    // Moved a week later: its day before comes round again.
    const later = new Date(first.getTime() + 7 * 24 * HOUR);
    await t.db.update(feedPosts).set({ ackDueAt: later }).where(eq(feedPosts.id, post.id));
    await bothTick();
    expect(await eventsOf(post.id)).toHaveLength(1);
    const [a, b] = await bothTick(new Date(later.getTime() - 2 * HOUR));
    expect((a ?? 0) + (b ?? 0)).toBe(1);
    const reminders = await remindersOf(post.id);
    expect(reminders.map((r) => [r.kind, r.dueAt.toISOString()])).toEqual([
      ['dayBefore', first.toISOString()],
      ['dayBefore', later.toISOString()],
    ]);
    expect(await eventsOf(post.id)).toHaveLength(2);
  });

  it('reminds only the people it is addressed to who have not acknowledged', async () => {
    const post = await createPost(t.db, admin.user.id, {
      requiresAck: true,
      ackDueAt: new Date(Date.now() + 6 * HOUR),
      groupIds: [t.groups.north.location.id],
    });
    const acked = await t.call('POST', `/v1/api/feed-posts/${post.id}/acknowledge`, done);
    expect(acked.statusCode).toBe(200);
    await bothTick();
    await Promise.all([t.app.notifications.drain(), t.second.notifications.drain()]);
    await t.app.notifications.drain();
    const sent = await t.db
      .select({ userId: notifications.userId })
      .from(notifications)
      .where(and(eq(notifications.objectId, post.id), eq(notifications.type, 'ACK_REMINDER')));
    const to = sent.map((n) => n.userId);
    expect(to).toContain(pending.user.id);
    expect(to).not.toContain(done.user.id);
    expect(to).not.toContain(away.user.id);
    expect(new Set(to).size).toBe(to.length);
  });

  it('skips the day-before reminder of a post already past due, and leaves other posts alone', async () => {
    const now = Date.now();
    const pastDue = await createPost(t.db, admin.user.id, {
      requiresAck: true,
      ackDueAt: new Date(now - 2 * HOUR),
    });
    const later = await createPost(t.db, admin.user.id, {
      requiresAck: true,
      ackDueAt: new Date(now + 3 * 24 * HOUR),
    });
    const long = await createPost(t.db, admin.user.id, {
      requiresAck: true,
      startAt: new Date(now - 5 * 24 * HOUR),
      ackDueAt: new Date(now - 2 * 24 * HOUR),
    });
    const draft = await createPost(t.db, admin.user.id, {
      requiresAck: true,
      stateId: STATE.DRAFT,
      ackDueAt: new Date(now + HOUR),
    });
    const notMustRead = await createPost(t.db, admin.user.id, { ackDueAt: new Date(now + HOUR) });
    const undated = await createPost(t.db, admin.user.id, { requiresAck: true });
    await bothTick();
    expect((await remindersOf(pastDue.id)).map((r) => r.kind)).toEqual(['due']);
    const untouched = [later, long, draft, notMustRead, undated].map((p) => p.id);
    expect(await t.db.select().from(ackReminders).where(inArray(ackReminders.postId, untouched))).toEqual([]);
  });
});
