// The demo seed's communities: staff see the public Running Club (which they manage) with its posts, and
// not the private Leadership Circle; the counts on the rows match the member and message rows.
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { useDemoApp } from '../../../test/demo';
import { seedDemo } from '../../db/seed-demo';

const { db, as } = useDemoApp();

describe('demo communities', () => {
  it('shows staff the public community they manage, with posts, and hides the private one', async () => {
    const mine = (await as('staff@example.com', '/v1/api/communities/stats?viewState=1')).json().data;
    expect(mine.map((c: { title: string }) => c.title)).toEqual(['Running Club']);
    expect(mine[0]).toMatchObject({
      numUsers: 3,
      numPosts: 3,
      numComments: 2,
      joined: true,
      isManager: true,
    });
    const all = (await as('staff@example.com', '/v1/api/communities')).json().data;
    expect(all.map((c: { title: string }) => c.title)).not.toContain('Leadership Circle');
    const admin = (await as('admin@example.com', '/v1/api/communities/stats?viewState=1')).json().data;
    expect(admin.map((c: { title: string }) => c.title)).toEqual(['Leadership Circle']);
    const board = (await as('admin@example.com', `/v1/api/communities/${admin[0].id}/discussion`)).json()
      .data;
    expect(board).toHaveLength(3);
  });

  it('keeps the counts on the rows equal to the rows, and seeds only once', async () => {
    const res = (await db().execute(sql`
      select count(*)::int as n from communities c where
        num_users <> (select count(*) from community_members m where m.community_id = c.id)
        or num_comments <> (select count(*) from community_discussion d where d.community_id = c.id)`)) as unknown as {
      rows: { n: number }[];
    };
    expect(Number(res.rows[0]?.n)).toBe(0);
    expect(await seedDemo(db())).toBe(false);
    const again = (await db().execute(sql`select count(*)::int as n from communities`)) as unknown as {
      rows: { n: number }[];
    };
    expect(Number(again.rows[0]?.n)).toBe(2);
  });
});
