// @engine: two instances sharing the job queue
// The e-mail channel with two server instances on one database and the real SMTP listener: every recipient
// gets exactly one mail per notification, whichever instance fans out and whichever sends, and queueing an
// event's mail again (a repeated batch) sends nothing more.
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { createUser } from '../../../test/factories';
import { settled } from '../../../test/jobs';
import { userWithSession } from '../../../test/sessions';
import { useTestApp } from '../../../test/use-test-app';
import { notificationEvents } from '../../db/schema';
import { createPost } from '../feed/test-support';
import { queueNotificationMail } from './notification-mail';

const t = useTestApp({ second: true });

describe('notification mail on two instances', () => {
  it('reaches each mentioned person once', async () => {
    const author = await userWithSession(t.app, t.db);
    const mentioned: Awaited<ReturnType<typeof createUser>>[] = [];
    for (let i = 0; i < 12; i++) mentioned.push(await createUser(t.db));
    const post = await createPost(t.db, author.user.id, { notifiedAt: new Date(), title: 'Plans' });
    const res = await t.app.inject({
      method: 'POST',
      url: '/v1/api/comments',
      headers: author.headers,
      payload: { feedPostId: post.id, content: 'Look', userIDs: mentioned.map((m) => m.id) },
    });
    expect(res.statusCode).toBe(201);
    await Promise.all([t.app.notifications.drain(), t.second.notifications.drain()]);
    for (const m of mentioned) await t.mailbox.waitFor(m.email);
    await settled(t.app, 'notificationMail');

    // The same batch's mail queued again (as a batch repeated after a crash would): nothing more goes out.
    const [event] = await t.db
      .select()
      .from(notificationEvents)
      .where(eq(notificationEvents.objectId, post.id));
    if (!event) throw new Error('no event');
    await t.db.transaction((tx) =>
      queueNotificationMail(
        t.second,
        tx,
        event.id,
        mentioned.map((m) => m.id),
      ),
    );
    t.second.jobs.wake('notificationMail');
    await settled(t.app, 'notificationMail');
    await new Promise((r) => setTimeout(r, 1000));
    for (const m of mentioned) {
      const mails = t.mailbox.to(m.email);
      expect(mails, m.email).toHaveLength(1);
      expect(mails[0]?.body).toContain(`http://hearth.test/post-detail/${post.id}`);
    }
    expect(t.mailbox.to(author.user.email)).toEqual([]);
  });
});
