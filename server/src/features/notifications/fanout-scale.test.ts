// @engine: fan-out SQL and its job at 2,000 people
// Fan-out is a job, not request work: publishing a post for 2,000 users answers quickly and, once the
// worker ran, every one of them has exactly one notification.
import { ROLE } from '@hearth/contract';
import { and, count, eq, sql } from 'drizzle-orm';
import { expect, it } from 'vitest';
import { userWithSession } from '../../../test/sessions';
import { useTestApp } from '../../../test/use-test-app';
import { notifications } from '../../db/schema';
import { createCategory, feedPostForm } from '../feed/test-support';

const t = useTestApp();

it('publishing a post for 2,000 users answers within a second; all 2,000 are notified after a drain', async () => {
  const admin = await userWithSession(t.app, t.db, { roleId: ROLE.ADMIN });
  await t.db.execute(sql`
    insert into users (first_name, last_name, email, phone, password_hash, role_id, is_active, is_verified, user_type_id)
    select 'Bulk', 'User ' || n, 'bulk' || n || '@example.com', '+27 21 555 0000', 'x', 2, true, true, 2
    from generate_series(1, 2000) n`);
  const [{ n: others } = { n: 0 }] = await t.db
    .select({ n: count() })
    .from(sql`users`)
    .where(sql`is_active and id <> ${admin.user.id}`);
  const categoryId = (await createCategory(t.db)).id;
  const started = performance.now();
  const res = await t.app.inject({
    method: 'POST',
    url: '/v1/api/feed-posts',
    headers: admin.headers,
    payload: feedPostForm(categoryId, { title: 'For everyone' }),
  });
  const took = performance.now() - started;
  expect(res.statusCode).toBe(201);
  expect(took).toBeLessThan(1000);
  const postId = res.json().data.id as number;
  await t.app.notifications.drain();
  await t.app.notifications.drain();
  const [row] = await t.db
    .select({ n: count() })
    .from(notifications)
    .where(and(eq(notifications.type, 'FEED_POST'), eq(notifications.objectId, postId)));
  expect(others).toBeGreaterThanOrEqual(2000);
  expect(row?.n).toBe(others);
});
