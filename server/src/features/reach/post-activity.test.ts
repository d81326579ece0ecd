// The Post Activity report's reach columns (issue 18): seen, opened and acknowledged per post in the table's
// page and in its CSV; acknowledged is empty for a post that does not ask for it.
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

  it('writes them as the last columns of the CSV', async () => {
    const res = await t.get('/v1/api/reports/post-activity/csv?tz=UTC', admin);
    expect(res.statusCode).toBe(200);
    const lines = res.body.slice(1).split('\r\n');
    expect(lines[0]?.endsWith(',Categories,Seen,Opened,Acknowledged')).toBe(true);
    expect(lines[1]?.startsWith('Must read,')).toBe(true);
    expect(lines[1]?.endsWith(',3,2,1')).toBe(true);
    expect(lines[2]?.startsWith('Plain,')).toBe(true);
    expect(lines[2]?.endsWith(',1,0,')).toBe(true);
  });
});
