// @engine: deferred push jobs read from pg-boss's table (jsonb, timestamptz)
// Channels honoured per person and type (ADR 033): in-app off leaves no notification row, push off sends no
// push, e-mail on sends one short mail with the page's link; quiet hours hold back push (a must-read
// reminder waits for their end in a job, other pushes are dropped); the announced audience is counted.
import { type NotificationPreferences, ROLE } from '@hearth/contract';
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { settled } from '../../../test/jobs';
import type { Session } from '../../../test/sessions';
import { useTestApp } from '../../../test/use-test-app';
import { queryRows } from '../../db/client';
import { feedPosts, notificationEvents, notifications } from '../../db/schema';
import { createCategory, createPost } from '../feed/test-support';
import type { PushJob } from './push';
import {
  browserKeys,
  type PushService,
  publishAndPush,
  selfSignedCertificate,
  startPushService,
} from './push-test-support';
import { quietClock } from './quiet-hours';

const HOST = 'push.test';
let tls: { key: string; cert: string };
let service: PushService;
let categoryId: number;

const t = useTestApp({
  users: { admin: ROLE.ADMIN, staff: ROLE.STAFF },
  deps: () => {
    tls = selfSignedCertificate(HOST);
    return {
      push: {
        resolve: async (host) => (host === HOST ? [{ address: '127.0.0.1', family: 4 }] : []),
        allows: (address) => address === '127.0.0.1',
        ca: tls.cert,
      },
    };
  },
});
const { admin, staff } = t.users;
const realClock = quietClock.now;

beforeAll(async () => {
  service = await startPushService(tls);
  categoryId = (await createCategory(t.db)).id;
  const keys = browserKeys();
  const reg = await t.call('POST', '/v1/api/users/register-notification', staff, {
    endPoint: `https://${HOST}:${service.port}/push/staff`,
    mkey: keys.mkey,
    authSecret: keys.authSecret,
  });
  expect(reg.statusCode).toBe(201);
});
afterAll(() => service.close());
afterEach(async () => {
  quietClock.now = realClock;
  service.received.length = 0;
  await setPreferences(staff, {});
});

/** Saves `s`'s preferences: the defaults with these types' channels and settings changed. */
async function setPreferences(
  s: Session,
  change: { channels?: Record<string, Partial<{ inApp: boolean; push: boolean; email: boolean }>> } & Partial<
    Omit<NotificationPreferences, 'channels'>
  >,
) {
  const current = (await t.get('/v1/api/notifications/preferences', s)).json()
    .data as NotificationPreferences;
  const defaults = { digest: 'weekly', quietHours: null, timeZone: 'UTC' } as const;
  const res = await t.call('PUT', '/v1/api/notifications/preferences', s, {
    ...defaults,
    ...change,
    channels: current.channels.map((c) => ({
      ...c,
      ...{ inApp: true, push: true, email: c.type === 'COMMENT' || c.type === 'ACK_REMINDER' },
      ...change.channels?.[c.type],
    })),
  });
  expect(res.statusCode, res.body).toBe(200);
}

const publish = (title: string) => publishAndPush(t.app, admin.headers, categoryId, title);
const rowsOf = (userId: number, objectId: number) =>
  t.db
    .select()
    .from(notifications)
    .where(and(eq(notifications.userId, userId), eq(notifications.objectId, objectId)));
const activeOthers = async () =>
  (
    await queryRows<{ n: number }>(
      t.db,
      sql`select count(*)::int as n from users where is_active and id <> ${admin.user.id}`,
    )
  )[0]?.n;

describe('channels', () => {
  it('in-app off: no notification, the push still goes; the post counts everyone it was announced to', async () => {
    await setPreferences(staff, { channels: { FEED_POST: { inApp: false } } });
    const postId = await publish('Quietly announced');
    expect(await rowsOf(staff.user.id, postId)).toEqual([]);
    expect(await rowsOf(admin.user.id, postId)).toEqual([]); // the author, as ever
    expect(service.received.map((r) => r.url)).toEqual(['/push/staff']);
    const [post] = await t.db.select().from(feedPosts).where(eq(feedPosts.id, postId));
    expect(post?.targetedCount).toBe(await activeOthers());
  });

  it('push off: the notification, no push; the defaults send both', async () => {
    await setPreferences(staff, { channels: { FEED_POST: { push: false } } });
    const silent = await publish('No push for this');
    expect(await rowsOf(staff.user.id, silent)).toHaveLength(1);
    expect(service.received).toEqual([]);
    await setPreferences(staff, {});
    const loud = await publish('Push for this');
    expect(await rowsOf(staff.user.id, loud)).toHaveLength(1);
    expect(service.received).toHaveLength(1);
  });

  it('e-mail on: one short mail per notification with its title and the link to its page; off: none', async () => {
    await setPreferences(staff, { channels: { FEED_POST: { email: true } } });
    const postId = await publish('Mailed news');
    await settled(t.app, 'notificationMail');
    const [mail, ...more] = await t.mailbox.waitFor(staff.user.email);
    expect(more).toEqual([]);
    expect(mail?.raw).toMatch(/Subject: Post published: Mailed news/);
    expect(mail?.body).toContain(`http://hearth.test/post-detail/${postId}`);
    expect(mail?.body).toContain('http://hearth.test/notification-preferences');
    // The admin (the author) and everyone else kept e-mail off for posts.
    expect(t.mailbox.messages.filter((m) => m.raw.includes('Mailed news'))).toHaveLength(1);

    await setPreferences(staff, {});
    await publish('Not mailed');
    await settled(t.app, 'notificationMail');
    expect(t.mailbox.messages.filter((m) => m.raw.includes('Not mailed'))).toEqual([]);
  });

  it('a mention goes by e-mail by default and opens the post', async () => {
    const post = await createPost(t.db, admin.user.id, { notifiedAt: new Date() });
    const before = t.mailbox.to(staff.user.email).length;
    const res = await t.call('POST', '/v1/api/comments', admin, {
      feedPostId: post.id,
      content: 'Have a look',
      userIDs: [staff.user.id],
    });
    expect(res.statusCode).toBe(201);
    await t.app.notifications.drain();
    await settled(t.app, 'notificationMail');
    const mails = await t.mailbox.waitFor(staff.user.email, before + 1);
    expect(mails[before]?.raw).toMatch(/Subject: Mention: /);
    expect(mails[before]?.body).toContain(`http://hearth.test/post-detail/${post.id}`);
  });
});

describe('quiet hours', () => {
  /** Tomorrow at hh:mm UTC. */
  const tomorrowAt = (hh: number, mm = 0) => {
    const d = new Date();
    return new Date(Date.UTC(d.getUTCFullYear(), d.getUTCMonth(), d.getUTCDate() + 1, hh, mm));
  };
  const waitingPushes = () =>
    queryRows<{ data: PushJob; start_after: Date | string }>(
      t.db,
      sql`select data, start_after from pgboss.job where name = 'push' and state = 'created' and start_after > now() + interval '1 minute'`,
    );

  it('drop a post’s push inside them (the notification stays), and send it outside them', async () => {
    await setPreferences(staff, { quietHours: { start: '22:00', end: '07:00' }, timeZone: 'UTC' });
    quietClock.now = () => tomorrowAt(23, 30);
    const quiet = await publish('At night');
    expect(service.received).toEqual([]);
    expect(await rowsOf(staff.user.id, quiet)).toHaveLength(1);
    quietClock.now = () => tomorrowAt(7, 0);
    await publish('In the morning');
    expect(service.received).toHaveLength(1);
    expect(await waitingPushes()).toEqual([]);
  });

  it('are judged in the person’s time zone: 23:30 UTC is 08:30 in Tokyo, outside 22:00-07:00', async () => {
    await setPreferences(staff, { quietHours: { start: '22:00', end: '07:00' }, timeZone: 'Asia/Tokyo' });
    quietClock.now = () => tomorrowAt(23, 30);
    await publish('Morning in Tokyo');
    expect(service.received).toHaveLength(1);
  });

  it('make a must-read reminder’s push wait until they end, once, then send it', async () => {
    await setPreferences(staff, { quietHours: { start: '22:00', end: '07:00' }, timeZone: 'UTC' });
    const post = await createPost(t.db, admin.user.id, { notifiedAt: new Date() });
    const [event] = await t.db
      .insert(notificationEvents)
      .values({ type: 'ACK_REMINDER', objectId: post.id, title: 'Please read', processedAt: new Date() })
      .returning();
    if (!event) throw new Error('no event');
    quietClock.now = () => tomorrowAt(23, 30);
    const job: PushJob = { eventId: event.id, userIds: [staff.user.id] };
    await t.app.push.send(job);
    await t.app.push.send(job); // a retried job defers nothing twice
    expect(service.received).toEqual([]);
    const waiting = await waitingPushes();
    expect(waiting.map((w) => w.data)).toEqual([job]);
    const endsAt = new Date(
      Date.UTC(
        tomorrowAt(0).getUTCFullYear(),
        tomorrowAt(0).getUTCMonth(),
        tomorrowAt(0).getUTCDate() + 1,
        7,
      ),
    );
    expect(new Date(waiting[0]?.start_after as string).toISOString()).toBe(endsAt.toISOString());

    // When the job runs, quiet hours are over: the reminder goes out, to the post's page.
    quietClock.now = () => endsAt;
    await t.app.push.send(waiting[0]?.data as PushJob);
    expect(service.received.map((r) => r.url)).toEqual(['/push/staff']);
    await t.db.execute(
      sql`delete from pgboss.job where name = 'push' and state = 'created' and start_after > now() + interval '1 minute'`,
    );
  });
});
