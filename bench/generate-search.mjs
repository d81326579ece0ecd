// Bulk data for the search benchmark, on top of the feed's (generate.mjs): posts, comments, discussion
// messages, communities and surveys written with words of one vocabulary, and people with real-looking
// names and job titles, all made inside the database (generate_series), so 200,000 comments take seconds.
// The search vectors are stored generated columns: PostgreSQL fills them as the rows are written.
// Runs as the throwaway cluster's superuser, like generate.mjs (session_replication_role skips the FK
// triggers of rows whose ids come from the referenced tables in the same statement).

const SYLLABLES = [
  'ka',
  'lo',
  'mi',
  'ten',
  'ra',
  'su',
  've',
  'dor',
  'pin',
  'sa',
  'ti',
  'lu',
  'mer',
  'fa',
  'go',
  'ni',
  'bel',
  'cor',
  'da',
  'wen',
];

/** 2,000 distinct words of two or three syllables, the same every run. */
export function vocabulary() {
  const words = new Set();
  for (const a of SYLLABLES)
    for (const b of SYLLABLES) for (const c of ['', ...SYLLABLES.slice(0, 4)]) words.add(a + b + c);
  return [...words].slice(0, 2000);
}

export const FIRST_NAMES = [
  'Margaret',
  'Thabo',
  'Zoë',
  'Pieter',
  'Aisha',
  'Johan',
  'Naledi',
  'Søren',
  'Lerato',
  'Ahmed',
  'Chloé',
  'Sipho',
  'Anneke',
  'Kagiso',
  'Renée',
  'Mandla',
  'Ingrid',
  'Tumi',
  'François',
  'Busisiwe',
  'Yusuf',
  'Elsabé',
  'Lindiwe',
  'Marco',
  'Hannah',
  'Themba',
  'José',
  'Refilwe',
  'Oliver',
  'Nomvula',
];
export const LAST_NAMES = [
  'Smith',
  'Nkosi',
  'van der Merwe',
  'Dlamini',
  'Botha',
  'Naidoo',
  'Khumalo',
  'Müller',
  'Mokoena',
  'Pillay',
  'Jacobs',
  'Zulu',
  'Fourie',
  'Ndlovu',
  'Pretorius',
  'Mahlangu',
  'Steyn',
  'Govender',
  'Mthembu',
  'Coetzee',
  'Sithole',
  'Du Plessis',
  'Moloi',
  'Kruger',
  'Baloyi',
  'Ferreira',
  'Mabaso',
  'Swanepoel',
  'Radebe',
  'Olivier',
];
const JOBS = [
  'Payroll officer',
  'Store manager',
  'Software engineer',
  'Risk analyst',
  'Merchant support agent',
  'Head of sales',
  'Product designer',
  'Accountant',
  'Recruiter',
  'Data analyst',
];

const list = (words) => `ARRAY[${words.map((w) => `'${w.replaceAll("'", "''")}'`).join(',')}]::text[]`;

const VOCABULARY_SIZE = 2000;

/**
 * `count` words of the vocabulary for row `id`, spread by multiplicative hashing (SQL). Looked up in a
 * table by number: indexing a 2,000-element text array walks it from the start on every access.
 */
const words = (id, count, salt) =>
  `(SELECT string_agg(vw.w, ' ' ORDER BY k) FROM generate_series(1, ${count}) k
     JOIN vocab_words vw ON vw.word_no = (${id}::bigint * ${salt} + k * 7907) * 2654435761 % ${VOCABULARY_SIZE})`;

/**
 * @param {(sql: string) => Promise<{rows: any[]}>} exec
 * @param {{users: number, communityPosts: number, comments: number, messages: number, surveys: number}} n
 */
export async function generateSearchData(exec, n) {
  const started = Date.now();
  await exec('SET session_replication_role = replica');
  try {
    await exec(
      `CREATE TEMP TABLE vocab_words AS SELECT (n - 1)::bigint AS word_no, w FROM unnest(${list(vocabulary())}) WITH ORDINALITY t(w, n)`,
    );
    await exec('ALTER TABLE vocab_words ADD PRIMARY KEY (word_no)');
    await exec('ANALYZE vocab_words');
    await exec(
      `CREATE TEMP TABLE names AS SELECT ${list(FIRST_NAMES)} AS f, ${list(LAST_NAMES)} AS l, ${list(JOBS)} AS j`,
    );
    // People: the bench users get names (first x last covers 900 pairs) and a job title.
    await exec(`
      UPDATE users u SET first_name = nm.f[1 + u.id % 30], last_name = nm.l[1 + (u.id / 30) % 30],
        job_title = nm.j[1 + u.id % 10]
      FROM names nm WHERE u.email LIKE 'bench%@example.com'`);
    // Feed posts: title, subtitle and body from the vocabulary.
    await exec(`
      UPDATE feed_posts p SET title = initcap(${words('p.id', 4, 31)}), subtitle = ${words('p.id', 6, 37)},
        text = '<p>' || ${words('p.id', 40, 41)} || '</p><p><strong>' || ${words('p.id', 5, 43)} || '</strong></p>'
      WHERE p.title LIKE 'Bench post %'`);
    const { rows } = await exec(
      `SELECT min(id)::int AS first_user, count(*)::int AS users FROM users WHERE email LIKE 'bench%@example.com'`,
    );
    const { first_user: firstUser, users } = rows[0];
    // Communities: 30, every third private; each bench user is a member of two of them.
    await exec(`
      INSERT INTO communities (title, description, visibility_id, state_id, created_by_id)
      SELECT initcap(${words('i', 2, 53)}) || ' club', ${words('i', 15, 59)}, CASE WHEN i % 3 = 0 THEN 2 ELSE 1 END, 2, ${firstUser}
      FROM generate_series(1, 30) i`);
    const { rows: c } = await exec(`SELECT min(id)::int AS first FROM communities WHERE title LIKE '% club'`);
    const firstCommunity = c[0].first;
    await exec(`
      INSERT INTO community_members (community_id, user_id, is_manager)
      SELECT ${firstCommunity} + (u.id * k) % 30, u.id, false
      FROM users u, generate_series(1, 2) k WHERE u.email LIKE 'bench%@example.com'
      ON CONFLICT DO NOTHING`);
    await exec(`
      INSERT INTO feed_posts (title, subtitle, text, user_id, state_id, start_at, kind, community_id, notified_at)
      SELECT initcap(${words('i', 4, 61)}), ${words('i', 6, 67)}, '<p>' || ${words('i', 40, 71)} || '</p>',
        ${firstUser} + i % ${users}, CASE WHEN i % 10 = 0 THEN 1 ELSE 2 END, now() - i * interval '7 minutes', 2,
        ${firstCommunity} + i % 30, now()
      FROM generate_series(1, ${n.communityPosts}) i`);
    const { rows: p } = await exec(`SELECT min(id)::int AS first, count(*)::int AS cnt FROM feed_posts`);
    await exec(`
      INSERT INTO feed_comments (post_id, user_id, content, created_at)
      SELECT ${p[0].first} + (i::bigint * 7919) % ${p[0].cnt}, ${firstUser} + (i::bigint * 104729) % ${users},
        ${words('i', 12, 73)}, now() - i * interval '1 minute'
      FROM generate_series(1, ${n.comments}) i`);
    await exec(`
      UPDATE feed_posts fp SET comments_count = c.n
      FROM (SELECT post_id, count(*)::int AS n FROM feed_comments GROUP BY post_id) c WHERE fp.id = c.post_id`);
    await exec(`
      INSERT INTO community_discussion (community_id, user_id, content, created_at)
      SELECT ${firstCommunity} + i % 30, ${firstUser} + (i::bigint * 104729) % ${users}, ${words('i', 12, 79)},
        now() - i * interval '3 minutes'
      FROM generate_series(1, ${n.messages}) i`);
    await exec(`
      INSERT INTO surveys (title, description, created_by_id, state_id, is_active, start_at, end_at)
      SELECT initcap(${words('i', 3, 83)}), ${words('i', 15, 89)}, ${firstUser}, CASE WHEN i % 5 = 0 THEN 1 ELSE 2 END,
        true, now() - interval '10 days', now() + interval '30 days'
      FROM generate_series(1, ${n.surveys}) i`);
  } finally {
    await exec('SET session_replication_role = DEFAULT');
  }
  // The updates above left a dead copy of every post and user: vacuumed as autovacuum would in time, so the
  // measurement reads the live table, not twice its size.
  await exec('VACUUM ANALYZE');
  return Date.now() - started;
}
