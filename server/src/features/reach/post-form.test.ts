// Must-read in the feed post form (issue 18): requiresAck and ackDueAt are saved with the post, the due
// date must come after the start, a due date without must-read is not kept, and the staff feed's cached
// card shows the change at once.
import { MSG, ROLE } from '@hearth/contract';
import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { useTestApp } from '../../../test/use-test-app';
import { feedPosts } from '../../db/schema';
import { createCategory, feedPostForm } from '../feed/test-support';

const t = useTestApp({ users: { admin: ROLE.ADMIN, editor: ROLE.EDITOR, staff: ROLE.STAFF } });
const { admin, editor, staff } = t.users;
let categoryId: number;

beforeAll(async () => {
  categoryId = (await createCategory(t.db)).id;
});

const stored = async (id: number) => {
  const [row] = await t.db.select().from(feedPosts).where(eq(feedPosts.id, id));
  return row;
};

describe('the post form with must-read', () => {
  it('saves requiresAck and the due date, and a post manager may set them', async () => {
    const res = await t.call(
      'POST',
      '/v1/api/feed-posts',
      editor,
      feedPostForm(categoryId, { requiresAck: 1, ackDueAt: '2026-02-01 09:00:00' }),
    );
    expect(res.statusCode, res.body).toBe(201);
    const { id, requiresAck, ackDueAt } = res.json().data;
    expect({ requiresAck, ackDueAt }).toEqual({ requiresAck: true, ackDueAt: expect.any(String) });
    const row = await stored(id);
    expect(row?.requiresAck).toBe(true);
    expect(row?.ackDueAt?.toISOString()).toBe(ackDueAt);
  });

  it('refuses a due date before the start, and keeps no due date without must-read', async () => {
    const early = await t.call(
      'POST',
      '/v1/api/feed-posts',
      admin,
      feedPostForm(categoryId, { requiresAck: 1, ackDueAt: '2025-12-31 08:00:00' }),
    );
    expect(early.statusCode).toBe(400);
    expect(early.json().fields).toEqual({ ackDueAt: MSG.ackDueBeforeStart });
    const bad = await t.call(
      'POST',
      '/v1/api/feed-posts',
      admin,
      feedPostForm(categoryId, { ackDueAt: 'soon' }),
    );
    expect(bad.statusCode).toBe(400);
    const loose = await t.call(
      'POST',
      '/v1/api/feed-posts',
      admin,
      feedPostForm(categoryId, { requiresAck: 0, ackDueAt: '2026-02-01 09:00:00' }),
    );
    expect(loose.statusCode).toBe(201);
    const row = await stored(loose.json().data.id);
    expect(row).toMatchObject({ requiresAck: false, ackDueAt: null });
  });

  it('shows the change on the staff card at once (the card cache follows updated_at)', async () => {
    const made = await t.call('POST', '/v1/api/feed-posts', admin, feedPostForm(categoryId));
    const id = made.json().data.id as number;
    const card = async () => (await t.get(`/v1/api/newsfeed/${id}`, staff)).json().data;
    const feed = async () =>
      (await t.get('/v1/api/newsfeed?limit=50', staff))
        .json()
        .data.posts.find((p: { id: number }) => p.id === id);
    expect((await feed()).requiresAck).toBe(false);
    expect((await card()).requiresAck).toBe(false);
    const updated = await t.call(
      'PUT',
      `/v1/api/feed-posts/${id}`,
      admin,
      feedPostForm(categoryId, { requiresAck: 1 }),
    );
    expect(updated.statusCode).toBe(200);
    expect(await feed()).toMatchObject({ requiresAck: true, ackDueAt: null });
    expect((await card()).requiresAck).toBe(true);
    const acked = await t.call('POST', `/v1/api/feed-posts/${id}/acknowledge`, staff);
    expect(acked.statusCode).toBe(200);
  });
});
