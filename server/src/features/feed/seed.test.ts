// The demo seed's feed content: staff land on a full feed with a carousel, and the counts kept on the
// posts agree with the likes, favourites and comments rows.
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { useDemoApp } from '../../../test/demo';

const { db, as } = useDemoApp();

describe('demo feed content', () => {
  it('gives staff a feed of published posts, three featured, and the categories', async () => {
    const feed = (await as('staff@example.com', '/v1/api/newsfeed?limit=50')).json().data;
    expect(feed.posts).toHaveLength(14);
    const featured = (await as('staff@example.com', '/v1/api/newsfeed?isFeatured=1')).json().data;
    expect(featured.posts).toHaveLength(3);
    const liked = (await as('staff@example.com', '/v1/api/newsfeed?action=1')).json().data;
    expect(liked.posts.length).toBeGreaterThan(0);
    const categories = (await as('staff@example.com', '/v1/api/feed-post-categories?limit=-1')).json().data;
    expect(categories.map((c: { name: string }) => c.name)).toEqual([
      'Company News',
      'Events',
      'People',
      'Safety',
      'Wins',
    ]);
  });

  it('keeps the location post from staff of other locations, and shows drafts to the admin list', async () => {
    const durban = (await as('thandi@example.com', '/v1/api/newsfeed?limit=50')).json().data;
    expect(durban.posts).toHaveLength(13);
    const drafts = (await as('editor@example.com', '/v1/api/feed-posts?limit=-1&stateId=1')).json().data;
    expect(drafts).toHaveLength(1);
  });

  it('stores counts on the posts that match the rows', async () => {
    const res = (await db().execute(sql`
      select count(*)::int as n from feed_posts p where
        likes_count <> (select count(*) from feed_post_actions a where a.post_id = p.id and a.action_type_id = 1)
        or favourites_count <> (select count(*) from feed_post_actions a where a.post_id = p.id and a.action_type_id = 2)
        or comments_count <> (select count(*) from feed_comments c where c.post_id = p.id)`)) as unknown as {
      rows: { n: number }[];
    };
    expect(Number(res.rows[0]?.n)).toBe(0);
    const [row] = (
      (await db().execute(sql`select sum(likes_count)::int as likes from feed_posts`)) as unknown as {
        rows: { likes: number }[];
      }
    ).rows;
    expect(Number(row?.likes)).toBeGreaterThan(5);
  });
});
