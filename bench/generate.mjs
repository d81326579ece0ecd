// Bulk data for the feed benchmark: users, posts and likes made inside the database with generate_series,
// so a million rows take seconds, not hours. Works on a pg client or a PGlite instance (same SQL).
//
// Speed, and why it is safe here: the generator runs as a superuser (the throwaway cluster's `postgres`,
// PGlite's only user) on rows it builds itself, so `session_replication_role = replica` skips the
// foreign-key triggers (every id it writes comes from the referenced table in the same statement), and
// the likes' secondary index is built once after the bulk insert instead of row by row. The primary key
// stays, so duplicates are still refused and every constraint the app relies on holds afterwards.

/** @param {(sql: string) => Promise<unknown>} exec @param {{users:number, posts:number, likes:number, passwordHash:string}} n */
export async function generateFeedData(exec, n) {
  const started = Date.now();
  await exec('SET session_replication_role = replica');
  try {
    await insertRows(exec, n);
  } finally {
    await exec('SET session_replication_role = DEFAULT');
  }
  await exec('ANALYZE');
  return Date.now() - started;
}

/** @param {(sql: string) => Promise<unknown>} exec @param {{users:number, posts:number, likes:number, passwordHash:string}} n */
async function insertRows(exec, n) {
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
    INSERT INTO feed_posts (title, subtitle, text, user_id, is_featured, is_commentable, state_id, start_at, end_at, has_audience, notified_at)
    SELECT 'Bench post ' || i, 'Subtitle ' || i, '<p>Body of bench post ' || i || '</p>',
      (SELECT min(id) FROM users), i % 50 = 0, true, CASE WHEN i % 10 = 0 THEN 1 ELSE 2 END,
      now() - (i * interval '10 minutes'), NULL, i % 20 = 0,
      -- Past posts were announced when they started: without this the notification worker would fan all
      -- 90,000 out to 10,000 users during the measurement.
      now() - (i * interval '10 minutes')
    FROM generate_series(1, ${n.posts}) AS i`);
  await exec(`
    INSERT INTO feed_post_categories (post_id, category_id)
    SELECT p.id, c.id FROM feed_posts p, feed_categories c WHERE c.name = 'Bench News' AND p.title LIKE 'Bench post %'`);
  await exec(`
    INSERT INTO feed_post_groups (post_id, group_id, group_type_id)
    SELECT p.id, g.id, 1 FROM feed_posts p JOIN groups g ON g.name = 'Bench Location A'
    WHERE p.has_audience AND p.title LIKE 'Bench post %'`);
  // Likes: each user likes a spread of posts; the primary key drops the rare duplicate. The post range is
  // read first and written into the statement as constants: as a subquery of the freshly filled, not yet
  // analysed tables, the planner may re-run its count of 100,000 posts once per user (minutes, not seconds).
  // The Likes tab's index is dropped for the insert and rebuilt once (a sort) instead of a million random
  // B-tree inserts; its definition is read back from the catalog, so it comes back as the migration made it.
  const perUser = Math.ceil(n.likes / n.users);
  const range = /** @type {{rows: {first: number, cnt: number}[]}} */ (
    await exec(
      `SELECT min(id) AS first, count(*)::int AS cnt FROM feed_posts WHERE title LIKE 'Bench post %'`,
    )
  );
  const { first, cnt } = range.rows[0] ?? { first: null, cnt: 0 };
  const indexDef = await indexDefinition(exec, 'feed_post_actions_user_idx');
  if (indexDef) await exec('DROP INDEX feed_post_actions_user_idx');
  try {
    if (cnt > 0)
      await exec(`
        INSERT INTO feed_post_actions (post_id, user_id, action_type_id, created_at)
        SELECT ${Number(first)} + ((u.id * 7919 + k * 104729) % ${Number(cnt)}), u.id, 1, now() - (k * interval '1 minute')
        FROM (SELECT id FROM users WHERE email LIKE 'bench%@example.com') u, generate_series(1, ${perUser}) AS k
        ON CONFLICT DO NOTHING`);
  } finally {
    if (indexDef) await exec(indexDef);
  }
  await exec(`
    UPDATE feed_posts fp SET likes_count = a.n
    FROM (SELECT post_id, count(*)::int AS n FROM feed_post_actions WHERE action_type_id = 1 GROUP BY post_id) a
    WHERE fp.id = a.post_id`);
}

/** The CREATE INDEX statement of an index, or null when it does not exist. */
async function indexDefinition(exec, name) {
  const res = /** @type {{rows: {def: string}[]}} */ (
    await exec(
      `SELECT pg_get_indexdef(c.oid) AS def FROM pg_class c WHERE c.relname = '${name}' AND c.relkind = 'i'`,
    )
  );
  return res.rows[0]?.def ?? null;
}
