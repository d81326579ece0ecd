// No notification for content its audience cannot open when it is sent (issue 30, L2): publishing a feed
// or community post whose window already ended announced its title to everyone; and a post that ends, or is
// taken back to draft, between its announcement and the fan-out's batch tells nobody.
import { ROLE } from '@hearth/contract';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { useTestApp } from '../../../test/use-test-app';
import { feedPosts, notificationEvents, notifications } from '../../db/schema';
import { createCommunity } from '../communities/test-support';
import { createCategory, createPost, feedPostForm } from '../feed/test-support';
import { recordEvent } from './events';

const t = useTestApp({ users: { admin: ROLE.ADMIN, staff: ROLE.STAFF, editor: ROLE.EDITOR } });
const { admin, staff, editor } = t.users;

const ENDED = { startAt: '2025-01-01 08:00:00', endAt: '2025-06-30 17:00:00' };

const toldAbout = async (objectId: number) =>
  (await t.db.select().from(notifications).where(eq(notifications.objectId, objectId))).map((n) => n.userId);
const eventsOf = (objectId: number) =>
  t.db.select().from(notificationEvents).where(eq(notificationEvents.objectId, objectId));

async function publishFeedPost(over: Record<string, unknown>) {
  const categoryId = (await createCategory(t.db)).id;
  const res = await t.call('POST', '/v1/api/feed-posts', editor, feedPostForm(categoryId, over));
  expect(res.statusCode, res.body).toBe(201);
  return res.json().data.id as number;
}

describe('announcing what nobody can open', () => {
  it('a feed post published after its window ended is announced to nobody', async () => {
    const id = await publishFeedPost({ title: 'Last summer’s canteen menu', ...ENDED });
    await t.app.notifications.drain();
    expect(await eventsOf(id)).toEqual([]);
    expect(await toldAbout(id)).toEqual([]);
  });

  it('a community post published after its window ended is announced to no member', async () => {
    const community = await createCommunity(t.db, {
      createdById: admin.user.id,
      managerIds: [editor.user.id],
      memberIds: [staff.user.id],
    });
    const res = await t.call('POST', '/v1/api/community-posts', editor, {
      title: 'Old fixtures',
      subtitle: 'Ended',
      stateId: 2,
      communityId: community.id,
      ...ENDED,
    });
    expect(res.statusCode, res.body).toBe(201);
    await t.app.notifications.drain();
    expect(await toldAbout(res.json().data.id)).toEqual([]);
  });

  it('a post that ends or goes back to draft before its fan-out tells nobody; a live one tells its audience', async () => {
    const [ending, withdrawn, live] = await Promise.all(
      ['Ends before the fan-out', 'Withdrawn before the fan-out', 'Still live'].map((title) =>
        createPost(t.db, editor.user.id, { title, notifiedAt: new Date() }),
      ),
    );
    if (!ending || !withdrawn || !live) throw new Error('posts not created');
    // Announced, as a publish records it, then changed before any batch is sent.
    for (const p of [ending, withdrawn, live])
      await recordEvent(t.db, { type: 'FEED_POST', objectId: p.id, title: p.title, actorId: editor.user.id });
    await t.db
      .update(feedPosts)
      .set({ endAt: new Date(Date.now() - 1000) })
      .where(eq(feedPosts.id, ending.id));
    await t.db.update(feedPosts).set({ stateId: 1 }).where(eq(feedPosts.id, withdrawn.id));
    await t.app.notifications.drain();
    expect(await toldAbout(ending.id)).toEqual([]);
    expect(await toldAbout(withdrawn.id)).toEqual([]);
    expect((await toldAbout(live.id)).sort()).toEqual([admin.user.id, staff.user.id].sort());
  });
});
