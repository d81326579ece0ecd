// The Post Activity report's reach columns (issue 18): seen, opened and acknowledged per post in the table's
// page (acknowledged null for a post that does not ask for it); not in its CSV, whose columns are SPEC's
// (issue 33).
import { ROLE } from '@hearth/contract';
import { beforeAll, describe, expect, it } from 'vitest';
import { useTestApp } from '../../../test/use-test-app';
import { postReads } from '../../db/schema';
import { createPost } from '../feed/test-support';

const t = useTestApp({ users: { admin: ROLE.ADMIN, a: ROLE.STAFF, b: ROLE.STAFF, c: ROLE.STAFF } });
const { admin, a, b, c } = t.users;
let must: { id: number };
let plain: { id: number };
const far = new Date('2099-03-01T00:00:00Z');

beforeAll(async () => {
  must = await createPost(t.db, admin.user.id, { title: 'Must read', requiresAck: true, startAt: far });
  plain = await createPost(t.db, admin.user.id, { title: 'Plain', startAt: new Date(far.getTime() - 1000) });
  const at = new Date();
  await t.db.insert(postReads).values([
    { postId: must.id, userId: a.user.id, seenAt: at, openedAt: at, acknowledgedAt: at },
    { postId: must.id, userId: b.user.id, seenAt: at, openedAt: at },
    { postId: must.id, userId: c.user.id, seenAt: at },
    { postId: plain.id, userId: a.user.id, seenAt: at },
  ]);
});

describe('Post Activity with reach', () => {
  it('answers seen, opened and acknowledged per post in the table', async () => {
    const res = await t.get('/v1/api/reports/post-activity?sort=startAt&order=desc&pageSize=2', admin);
    expect(res.statusCode).toBe(200);
    const [first, second] = res.json().data.rows;
    expect(first).toMatchObject({ id: must.id, seen: 3, opened: 2, acknowledged: 1 });
    expect(second).toMatchObject({ id: plain.id, seen: 1, opened: 0, acknowledged: null });
  });

  it("leaves them out of the CSV, which ends with SPEC's Categories", async () => {
    const res = await t.get('/v1/api/reports/post-activity/csv?tz=UTC', admin);
    expect(res.statusCode).toBe(200);
    const lines = res.body.slice(1).split('\r\n');
    expect(lines[0]?.endsWith(',Favourites,Categories')).toBe(true);
    expect(lines[1]?.startsWith('Must read,')).toBe(true);
    expect(lines[1]?.split(',')).toHaveLength(8);
  });
});
