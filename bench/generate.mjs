// Bulk data for the feed benchmark: users, posts and likes made inside the database with generate_series,
// so a million rows take seconds, not hours. Works on a pg client or a PGlite instance (same SQL).

/** @param {(sql: string) => Promise<unknown>} exec @param {{users:number, posts:number, likes:number, passwordHash:string}} n */
export async function generateFeedData(exec, n) {
  const started = Date.now();
  await exec(`
    INSERT INTO groups (name, group_type_id) VALUES
      ('Bench Location A', 1), ('Bench Location B', 1), ('Bench Dept A', 2), ('Bench Dept B', 2)
    ON CONFLICT DO NOTHING`);
  await exec(`
    INSERT INTO users (first_name, last_name, email, password_hash, role_id, is_active, is_verified, user_type_id)
    SELECT 'Bench', 'User ' || i, 'bench' || i || '@example.com', '${n.passwordHash}', 2, true, true, 2
    FROM generate_series(1, ${n.users}) AS i
    ON CONFLICT DO NOTHING`);
  // Every user in one location and one department, alternating.
  await exec(`
    INSERT INTO user_groups (user_id, group_id)
    SELECT u.id, g.id FROM users u
    JOIN groups g ON g.name IN (
      CASE WHEN u.id % 2 = 0 THEN 'Bench Location A' ELSE 'Bench Location B' END,
      CASE WHEN u.id % 3 = 0 THEN 'Bench Dept A' ELSE 'Bench Dept B' END)
    WHERE u.email LIKE 'bench%@example.com'
    ON CONFLICT DO NOTHING`);
  await exec(`INSERT INTO feed_categories (name) VALUES ('Bench News') ON CONFLICT DO NOTHING`);
  // Posts over the last two years: 90% published, 10% drafts, 5% with a location audience, 2% featured.
  await exec(`
    INSERT INTO feed_posts (title, subtitle, text, user_id, is_featured, is_commentable, state_id, start_at, end_at, has_audience)
    SELECT 'Bench post ' || i, 'Subtitle ' || i, '<p>Body of bench post ' || i || '</p>',
      (SELECT min(id) FROM users), i % 50 = 0, true, CASE WHEN i % 10 = 0 THEN 1 ELSE 2 END,
      now() - (i * interval '10 minutes'), NULL, i % 20 = 0
    FROM generate_series(1, ${n.posts}) AS i`);
  await exec(`
    INSERT INTO feed_post_categories (post_id, category_id)
    SELECT p.id, c.id FROM feed_posts p, feed_categories c WHERE c.name = 'Bench News' AND p.title LIKE 'Bench post %'`);
  await exec(`
    INSERT INTO feed_post_groups (post_id, group_id, group_type_id)
    SELECT p.id, g.id, 1 FROM feed_posts p JOIN groups g ON g.name = 'Bench Location A'
    WHERE p.has_audience AND p.title LIKE 'Bench post %'`);
  // Likes: each user likes a spread of posts; the primary key drops the rare duplicate.
  const perUser = Math.ceil(n.likes / n.users);
  await exec(`
    INSERT INTO feed_post_actions (post_id, user_id, action_type_id, created_at)
    SELECT p.first + ((u.id * 7919 + k * 104729) % p.cnt), u.id, 1, now() - (k * interval '1 minute')
    FROM (SELECT id FROM users WHERE email LIKE 'bench%@example.com') u,
         generate_series(1, ${perUser}) AS k,
         (SELECT min(id) AS first, count(*) AS cnt FROM feed_posts WHERE title LIKE 'Bench post %') p
    ON CONFLICT DO NOTHING`);
  await exec(`
    UPDATE feed_posts fp SET likes_count = a.n
    FROM (SELECT post_id, count(*)::int AS n FROM feed_post_actions WHERE action_type_id = 1 GROUP BY post_id) a
    WHERE fp.id = a.post_id`);
  await exec('ANALYZE');
  return Date.now() - started;
}
