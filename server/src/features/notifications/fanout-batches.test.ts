// @engine: onPostgres: locked events, batches committed apart
// A big audience is notified batch by batch, each batch committed on its own: a crash loses no committed
// batch and the next run resumes after the last one, with nobody notified twice; an event locked by another
// instance is taken up again within seconds, without waiting for the worker's tick. Each batch counts its
// audience into the post's targeted count and asks for the push and e-mail of its recipients.
import { eq, sql } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createUser } from '../../../test/factories';
import { useTestApp } from '../../../test/use-test-app';
import { queryRows } from '../../db/client';
import {
  feedPosts,
  notificationEvents,
  notificationPreferences,
  notifications,
  users,
} from '../../db/schema';
import type { EventBus } from '../../platform/events';
import { feedAudiences } from '../feed/notification-audiences';
import { createPost } from '../feed/test-support';
import { recordEvent } from './events';
import { type BatchDelivery, processPendingEvents } from './fanout';
import { RETRY_LOCKED_MS } from './worker';

const t = useTestApp();

/** A bus that records whom each publish named, and can fail after `failAfter` publishes (a crash). */
function recordingBus(failAfter = Number.POSITIVE_INFINITY) {
  const published: number[][] = [];
  const bus: EventBus = {
    async publish(msg) {
      if (published.length >= failAfter) throw new Error('the process died');
      published.push(msg.userIds);
    },
    subscribe: () => () => {},
    close: async () => {},
  };
  return { bus, published };
}

async function bulkUsers(n: number, tag: string): Promise<void> {
  await t.db.execute(sql`
    insert into users (first_name, last_name, email, phone, password_hash, role_id, is_active, is_verified, user_type_id)
    select 'Bulk', 'User ' || n, ${tag} || n || '@example.com', '+27 21 555 0000', 'x', 2, true, true, 2
    from generate_series(1, ${n}::int) n`);
}

/** A published feed post for everyone, with its FEED_POST event recorded; answers the post and the event. */
async function postForEveryone() {
  const author = await createUser(t.db);
  const post = await createPost(t.db, author.id, { notifiedAt: new Date() });
  await recordEvent(t.db, { type: 'FEED_POST', objectId: post.id, title: post.title, actorId: author.id });
  const [event] = await t.db
    .select()
    .from(notificationEvents)
    .where(eq(notificationEvents.objectId, post.id));
  if (!event) throw new Error('no event');
  const [{ n } = { n: 0 }] = await queryRows<{ n: number }>(
    t.db,
    sql`select count(*)::int as n from users where is_active and id <> ${author.id}`,
  );
  return { post, event, audience: n };
}

async function notifiedFor(eventId: number) {
  return t.db
    .select({ id: notifications.id, userId: notifications.userId })
    .from(notifications)
    .where(eq(notifications.eventId, eventId));
}

const targetedOf = async (postId: number) =>
  (await t.db.select({ n: feedPosts.targetedCount }).from(feedPosts).where(eq(feedPosts.id, postId)))[0]?.n;

const eventRow = async (id: number) =>
  (await t.db.select().from(notificationEvents).where(eq(notificationEvents.id, id)))[0];

describe('fan-out in batches', () => {
  // These tests run the fan-out themselves: the app's own worker must not take their events meanwhile.
  let release: () => void;
  beforeAll(async () => {
    await t.app.notifications.drain();
    release = t.app.notifications.hold();
  });
  afterAll(() => release());

  it('notifies the whole audience in batches, each published after its commit, and finishes the event', async () => {
    await bulkUsers(250, 'batch');
    // Two readers want posts by e-mail too: each is asked for by the batch that reaches them.
    const ids = (await t.db.select({ id: users.id }).from(users).orderBy(users.id)).map((u) => u.id);
    const mailed = [ids[3], ids[ids.length - 2]] as number[];
    await t.db
      .insert(notificationPreferences)
      .values(mailed.map((userId) => ({ userId, type: 'FEED_POST', inApp: 1, push: 1, email: 1 })));
    const { post, event, audience } = await postForEveryone();
    const { bus, published } = recordingBus();
    const delivered: BatchDelivery[] = [];
    const batches = await processPendingEvents(
      t.db,
      bus,
      feedAudiences,
      async (_tx, b) => {
        delivered.push(b);
      },
      100,
    );
    expect(batches).toBe(Math.ceil((audience + 1) / 100));
    const rows = await notifiedFor(event.id);
    expect(rows).toHaveLength(audience);
    expect(new Set(rows.map((r) => r.userId)).size).toBe(audience);
    expect(published.flat().sort((a, b) => a - b)).toEqual(rows.map((r) => r.userId).sort((a, b) => a - b));
    expect(published.every((ids) => ids.length <= 100)).toBe(true);
    // Nobody has a push subscription; e-mail is off by default for posts, on for the two.
    expect(delivered.flatMap((b) => b.pushTo)).toEqual([]);
    expect(delivered.flatMap((b) => b.mailTo)).toEqual(mailed);
    expect(delivered.every((b) => b.eventId === event.id && b.mailTo.length === 1)).toBe(true);
    // Reach's targeted count: the whole audience, added batch by batch.
    expect(await targetedOf(post.id)).toBe(audience);
    const done = await eventRow(event.id);
    expect(done?.processedAt).not.toBeNull();
    expect(done?.fannedOutTo).toBe(Math.max(...rows.map((r) => r.userId)));
  });

  it('after a crash between batches, the next run resumes after the last committed batch', async () => {
    await bulkUsers(250, 'crash');
    // A location for every third of them, a department for every fifth: targeted per group.
    await t.db.execute(
      sql`insert into groups (name, group_type_id) values ('Crash site', 1), ('Crash team', 2)`,
    );
    await t.db.execute(sql`insert into user_groups (user_id, group_id)
      select u.id, g.id from users u join groups g on g.name = 'Crash site' where u.email like 'crash%' and u.id % 3 = 0
      union all
      select u.id, g.id from users u join groups g on g.name = 'Crash team' where u.email like 'crash%' and u.id % 5 = 0`);
    const { post, event, audience } = await postForEveryone();
    const crashing = recordingBus(2);
    await expect(processPendingEvents(t.db, crashing.bus, feedAudiences, undefined, 100)).rejects.toThrow(
      'the process died',
    );
    // Three batches committed (the third one's publish failed after its commit); the event is not done.
    const before = await notifiedFor(event.id);
    expect(before).toHaveLength(300);
    const stopped = await eventRow(event.id);
    expect(stopped?.processedAt).toBeNull();
    expect(stopped?.fannedOutTo).toBe(Math.max(...before.map((r) => r.userId)));
    expect(await targetedOf(post.id)).toBe(300);

    const { bus } = recordingBus();
    await processPendingEvents(t.db, bus, feedAudiences, undefined, 100);
    const after = await notifiedFor(event.id);
    expect(after).toHaveLength(audience);
    expect(new Set(after.map((r) => r.userId)).size).toBe(audience);
    // The rows of the first run were kept, not written again.
    const firstIds = new Set(before.map((r) => r.id));
    expect(after.filter((r) => firstIds.has(r.id))).toHaveLength(300);
    expect((await eventRow(event.id))?.processedAt).not.toBeNull();
    // Counted once per recipient across the crash: each batch's count committed with its notifications.
    expect(await targetedOf(post.id)).toBe(audience);
    // And per group (0: in none), each type adding up to the audience, as the recipients' groups say.
    const perGroup = await queryRows<{ type: number; name: string | null; people: number }>(
      t.db,
      sql`select t.group_type_id as type, g.name, t.people from post_targeted_groups t
        left join groups g on g.id = t.group_id where t.post_id = ${post.id} order by 1, 2`,
    );
    const placed = async (name: string) =>
      (
        await queryRows<{ n: number }>(
          t.db,
          sql`select count(*)::int as n from user_groups ug join groups g on g.id = ug.group_id
            join users u on u.id = ug.user_id where g.name = ${name} and u.is_active`,
        )
      )[0]?.n ?? 0;
    const [site, team] = [await placed('Crash site'), await placed('Crash team')];
    expect(site).toBeGreaterThan(80);
    expect(perGroup).toEqual([
      { type: 1, name: 'Crash site', people: site },
      { type: 1, name: null, people: audience - site },
      { type: 2, name: 'Crash team', people: team },
      { type: 2, name: null, people: audience - team },
    ]);
  });
});

// Another instance holding the event's row lock needs a second connection: only a PostgreSQL server has
// one. This belongs to the PostgreSQL leg of the suite (mandatory under CI) and is not defined on PGlite.
const onPostgres = process.env.TEST_DATABASE_URL ? it : undefined;
onPostgres?.(
  'an event another instance held is fanned out within seconds of its lock going, without a tick',
  async () => {
    const { event } = await postForEveryone();
    const other = new pg.Client({ connectionString: t.app.database.url });
    await other.connect();
    try {
      await other.query('begin');
      await other.query('select id from notification_events where id = $1 for update', [event.id]);
      await t.app.notifications.drain();
      expect(await notifiedFor(event.id)).toHaveLength(0);
      // The other instance dies: its transaction ends and the lock goes with it.
      await other.query('rollback');
      const deadline = Date.now() + RETRY_LOCKED_MS + 5000;
      while ((await eventRow(event.id))?.processedAt == null && Date.now() < deadline)
        await new Promise((resolve) => setTimeout(resolve, 100));
      expect((await eventRow(event.id))?.processedAt).not.toBeNull();
      expect((await notifiedFor(event.id)).length).toBeGreaterThan(0);
    } finally {
      await other.end();
    }
  },
);
