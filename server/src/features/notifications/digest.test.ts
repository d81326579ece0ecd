// @engine: two instances claiming digests at once
// The e-mail digest: who gets one (daily or weekly, due since the last one or the account's creation, not
// turned off, something to report), what it lists (unread notifications of the period, at most 20; the
// period's most opened posts the person may open), its unsubscribe link (a token that round-trips through
// POST /unsubscribe), and that two instances claiming at once send each digest once.
import { MSG, POST_KIND, VISIBILITY } from '@hearth/contract';
import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { createGroups, createUser } from '../../../test/factories';
import { settled } from '../../../test/jobs';
import { useTestApp } from '../../../test/use-test-app';
import { notificationSettings, postReads } from '../../db/schema';
import { createCommunity } from '../communities/test-support';
import { createPost } from '../feed/test-support';
import { notifyDirectly } from './centre-test-support';

const t = useTestApp({ second: true });

const HOUR = 3600_000;
const DAY = 24 * HOUR;
const ago = (ms: number) => new Date(Date.now() - ms);

type User = Awaited<ReturnType<typeof createUser>>;
const u = {} as Record<'weekly' | 'daily' | 'dailyRecent' | 'weeklyRecent' | 'off' | 'nothing', User>;
const posts = {} as Record<'week' | 'day' | 'old' | 'private', number>;

/** `n` people opened the post (and `n` more only saw it). */
async function opened(postId: number, n: number) {
  for (let i = 0; i < n; i++) {
    const reader = await createUser(t.db);
    await t.db
      .insert(postReads)
      .values({ postId, userId: reader.id, seenAt: new Date(), openedAt: new Date() });
    const glancer = await createUser(t.db);
    await t.db.insert(postReads).values({ postId, userId: glancer.id, seenAt: new Date() });
  }
}

const settings = (userId: number, values: Partial<typeof notificationSettings.$inferInsert>) =>
  t.db.insert(notificationSettings).values({ userId, ...values });

const digestsTo = (user: User) =>
  t.mailbox.to(user.email).filter((m) => /Subject: Your .* digest/.test(m.raw));

async function runBoth(): Promise<number> {
  const [a, b] = await Promise.all([t.app.digest.run(), t.second.digest.run()]);
  await settled(t.app, 'digest');
  return a + b;
}

beforeAll(async () => {
  const g = await createGroups(t.db);
  const place = { groupIds: [g.location.id] };
  const author = await createUser(t.db);
  u.weekly = await createUser(t.db, { ...place, createdAt: ago(8 * DAY) });
  u.daily = await createUser(t.db, { ...place, createdAt: ago(30 * DAY) });
  u.dailyRecent = await createUser(t.db, { ...place, createdAt: ago(30 * DAY) });
  u.weeklyRecent = await createUser(t.db, { ...place, createdAt: ago(30 * DAY) });
  u.off = await createUser(t.db, { ...place, createdAt: ago(30 * DAY) });
  // Outside the posts' audience, with nothing unread: nothing to report.
  u.nothing = await createUser(t.db, { createdAt: ago(30 * DAY) });
  await settings(u.daily.id, { digest: 'daily', digestSentAt: ago(2 * DAY) });
  await settings(u.dailyRecent.id, { digest: 'daily', digestSentAt: ago(2 * HOUR) });
  await settings(u.weeklyRecent.id, { digest: 'weekly', digestSentAt: ago(3 * DAY) });
  await settings(u.off.id, { digest: 'off' });

  const forPlace = { ...place, notifiedAt: new Date() };
  posts.week = (
    await createPost(t.db, author.id, { ...forPlace, title: 'Week news', startAt: ago(3 * DAY) })
  ).id;
  posts.day = (
    await createPost(t.db, author.id, { ...forPlace, title: 'Day news', startAt: ago(12 * HOUR) })
  ).id;
  posts.old = (
    await createPost(t.db, author.id, { ...forPlace, title: 'Old news', startAt: ago(10 * DAY) })
  ).id;
  const club = await createCommunity(t.db, {
    createdById: author.id,
    visibilityId: VISIBILITY.PRIVATE,
    memberIds: [author.id],
  });
  posts.private = (
    await createPost(t.db, author.id, {
      kind: POST_KIND.COMMUNITY,
      communityId: club.id,
      title: 'Club secret',
      notifiedAt: new Date(),
      startAt: ago(HOUR),
    })
  ).id;
  await opened(posts.week, 1);
  await opened(posts.day, 2);
  await opened(posts.old, 4);
  await opened(posts.private, 5);

  await notifyDirectly(t.db, u.weekly.id, 'SURVEY', 41, 'Answer the survey', { sentAt: ago(DAY) });
  await notifyDirectly(t.db, u.weekly.id, 'FEED_POST', 42, 'Already seen', {
    sentAt: ago(DAY),
    viewed: true,
  });
  await notifyDirectly(t.db, u.weekly.id, 'FEED_POST', 43, 'Before the period', { sentAt: ago(9 * DAY) });
  for (let i = 0; i < 25; i++)
    await notifyDirectly(t.db, u.daily.id, 'COMMENT', 100 + i, `Mention ${i}`, {
      sentAt: ago(DAY - i * 1000),
    });
  await notifyDirectly(t.db, u.dailyRecent.id, 'SURVEY', 44, 'Too soon', { sentAt: ago(HOUR) });
  await notifyDirectly(t.db, u.weeklyRecent.id, 'SURVEY', 45, 'Too soon', { sentAt: ago(HOUR) });
  await notifyDirectly(t.db, u.off.id, 'SURVEY', 46, 'Never mailed', { sentAt: ago(HOUR) });
});

describe('e-mail digest', () => {
  let weeklyMail = '';

  it('goes once to each person whose digest is due, even with two instances claiming at once', async () => {
    expect(await runBoth()).toBe(3); // weekly, daily and nothing: claimed; nothing sends no mail
    await t.mailbox.waitFor(u.weekly.email);
    await t.mailbox.waitFor(u.daily.email);
    await new Promise((r) => setTimeout(r, 500));
    expect(digestsTo(u.weekly)).toHaveLength(1);
    expect(digestsTo(u.daily)).toHaveLength(1);
    for (const other of [u.dailyRecent, u.weeklyRecent, u.off, u.nothing])
      expect(digestsTo(other)).toEqual([]);
    weeklyMail = digestsTo(u.weekly)[0]?.body ?? '';
    // Claimed: the next run finds nothing due, and the one with nothing to report waits a week too.
    expect(await runBoth()).toBe(0);
    const [nothing] = await t.db
      .select()
      .from(notificationSettings)
      .where(eq(notificationSettings.userId, u.nothing.id));
    expect(nothing?.digestSentAt?.getTime()).toBeGreaterThan(Date.now() - 60_000);
    expect(digestsTo(u.weekly)).toHaveLength(1);
  });

  it('a weekly one lists the unread notifications of the week and the week’s most read posts the person may open', () => {
    expect(weeklyMail).toMatch(/Subject: Your weekly Hearth digest/);
    expect(weeklyMail).toContain('Survey: Answer the survey');
    expect(weeklyMail).toContain('http://hearth.test/surveys/41');
    expect(weeklyMail).not.toContain('Already seen');
    expect(weeklyMail).not.toContain('Before the period');
    // Most opened first; a post outside the week and a private community's post are left out.
    const week = weeklyMail.indexOf('Week news');
    const day = weeklyMail.indexOf('Day news');
    expect(day).toBeGreaterThan(-1);
    expect(week).toBeGreaterThan(day);
    expect(weeklyMail).toContain(`http://hearth.test/post-detail/${posts.day}`);
    expect(weeklyMail).not.toContain('Old news');
    expect(weeklyMail).not.toContain('Club secret');
    expect(weeklyMail).toMatch(/http:\/\/hearth\.test\/unsubscribe#\d+\.[A-Za-z0-9_-]{43}/);
  });

  it('a daily one lists at most 20 notifications and says how many more, and only the day’s posts', () => {
    const body = digestsTo(u.daily)[0]?.body ?? '';
    expect(body).toMatch(/Subject: Your daily Hearth digest/);
    expect(body.match(/Mention: Mention \d+/g)).toHaveLength(20);
    expect(body).toContain('Mention: Mention 24'); // the newest
    expect(body).toContain('and 5 more: http://hearth.test/notifications');
    expect(body).toContain('Day news');
    expect(body).not.toContain('Week news');
  });

  it('its unsubscribe link turns it off without a login: no digest after that', async () => {
    const token = weeklyMail.match(/\/unsubscribe#([0-9]+\.[A-Za-z0-9_-]{43})/)?.[1];
    expect(token).toBeDefined();
    const res = await t.call('POST', '/v1/api/notifications/unsubscribe', undefined, { token });
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toEqual({ message: MSG.unsubscribed });
    // A week later, nothing for them; the daily reader, due again, gets their next one.
    for (const user of [u.weekly, u.daily])
      await t.db
        .update(notificationSettings)
        .set({ digestSentAt: ago(8 * DAY) })
        .where(eq(notificationSettings.userId, user.id));
    expect(await runBoth()).toBe(1); // the daily reader only
    await t.mailbox.waitFor(u.daily.email, 2);
    expect(digestsTo(u.weekly)).toHaveLength(1);
    const [row] = await t.db
      .select()
      .from(notificationSettings)
      .where(eq(notificationSettings.userId, u.weekly.id));
    expect(row?.digest).toBe('off');
  });
});
