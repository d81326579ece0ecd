// @engine: onPostgres: LISTEN/NOTIFY between instances
// Two server instances on one database (two apps in one process): a scheduled post is notified exactly
// once whichever instance's worker runs, and on PostgreSQL (LISTEN/NOTIFY) a notification fanned out by one
// instance reaches an SSE client of the other.
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { createUser } from '../../../test/factories';
import { userWithSession } from '../../../test/sessions';
import { useTestApp } from '../../../test/use-test-app';
import { feedPosts, notificationEvents, notifications } from '../../db/schema';
import { createPost } from '../feed/test-support';

const t = useTestApp({ second: true });

describe('two instances', () => {
  it('notify a scheduled post exactly once', async () => {
    const author = await createUser(t.db);
    const reader = await createUser(t.db);
    const post = await createPost(t.db, author.id, { startAt: new Date(Date.now() + 3600_000) });
    await Promise.all([t.app.notifications.drain(), t.second.notifications.drain()]);
    await t.db
      .update(feedPosts)
      .set({ startAt: new Date(Date.now() - 1000) })
      .where(eq(feedPosts.id, post.id));
    await Promise.all([
      t.app.notifications.drain(),
      t.second.notifications.drain(),
      t.app.notifications.drain(),
      t.second.notifications.drain(),
    ]);
    const events = await t.db
      .select()
      .from(notificationEvents)
      .where(eq(notificationEvents.objectId, post.id));
    expect(events.filter((e) => e.type === 'FEED_POST')).toHaveLength(1);
    const mine = await t.db.select().from(notifications).where(eq(notifications.userId, reader.id));
    expect(mine.filter((n) => n.objectId === post.id && n.type === 'FEED_POST')).toHaveLength(1);
  });

  // LISTEN/NOTIFY exists only on a PostgreSQL server: this test belongs to the PostgreSQL leg of the suite
  // (scripts/test.mjs runs it there, mandatory under CI) and is not defined on PGlite, where one process
  // holds the database and the bus is in-process.
  const onPostgres = process.env.TEST_DATABASE_URL ? it : undefined;
  onPostgres?.(
    'deliver a notification made on one instance to an SSE client of the other (PostgreSQL)',
    async () => {
      const base = await t.second.listen({ port: 0, host: '127.0.0.1' });
      const author = await userWithSession(t.app, t.db);
      const reader = await userWithSession(t.app, t.db);
      const controller = new AbortController();
      const res = await fetch(`${base}/v1/api/notifications/stream`, {
        headers: reader.headers,
        signal: controller.signal,
      });
      if (!res.body) throw new Error('no body');
      const body = res.body.getReader();
      const read = async () => new TextDecoder().decode((await body.read()).value);
      expect(await read()).toContain('"unviewed":0');
      const post = await createPost(t.db, author.user.id, { notifiedAt: new Date() });
      const made = await t.app.inject({
        method: 'POST',
        url: '/v1/api/comments',
        headers: author.headers,
        payload: { feedPostId: post.id, content: 'Hi', userIDs: [reader.user.id] },
      });
      expect(made.statusCode).toBe(201);
      await t.app.notifications.drain();
      const next = await Promise.race([
        read(),
        new Promise<string>((_, reject) => setTimeout(() => reject(new Error('no event in 2 s')), 2000)),
      ]);
      expect(next).toContain('"unviewed":1');
      controller.abort();
    },
  );
});
