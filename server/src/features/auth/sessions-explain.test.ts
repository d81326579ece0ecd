// @engine: EXPLAIN of the session reads
// Issue 31, item 7: the guard's and the refresh's reads of refresh_tokens stay index probes however many
// rotations a person's sessions left behind: 200,000 rows for one person over 2,000 sessions, and 50,000 for
// others. The guard's read (guards.ts readUser) is a range of the person's sessions revoked within an access
// token's lifetime on refresh_tokens_user_revoked_idx, not every row of the person.
import { type SQL, sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { createUser } from '../../../test/factories';
import { useTestApp } from '../../../test/use-test-app';

const t = useTestApp();
let userId: number;
let otherId: number;

async function plan(query: SQL): Promise<string> {
  const res = (await t.db.execute(sql`explain ${query}`)) as unknown as { rows: { 'QUERY PLAN': string }[] };
  const out = res.rows.map((l) => l['QUERY PLAN']).join('\n');
  if (process.env.SHOW_PLANS) console.log(out);
  return out;
}

beforeAll(async () => {
  userId = (await createUser(t.db)).id;
  const others = await Promise.all(Array.from({ length: 5 }, () => createUser(t.db)));
  otherId = others[0]?.id ?? 0;
  // 2,000 sessions of 100 rotations, spread over a year; every tenth session was logged out.
  await t.db.execute(sql`
    insert into refresh_tokens (user_id, family_id, token_hash, remember, expires_at, used_at, revoked_at, created_at)
    select ${userId}, 'f' || (g / 100), md5('u' || g), false,
      now() - (g / 100) * interval '4 hours' + interval '12 hours',
      case when g % 100 < 99 then now() - (g / 100) * interval '4 hours' end,
      case when (g / 100) % 10 = 0 then now() - (g / 100) * interval '4 hours' end,
      now() - (g / 100) * interval '4 hours' - (100 - g % 100) * interval '1 minute'
    from generate_series(0, 199999) g`);
  for (const [i, o] of others.entries())
    await t.db.execute(sql`
      insert into refresh_tokens (user_id, family_id, token_hash, expires_at, used_at, created_at)
      select ${o.id}, 'o${sql.raw(String(i))}-' || (g / 50), md5('o${sql.raw(String(i))}-' || g),
        now() - interval '1 day', now() - interval '2 days', now() - interval '2 days'
      from generate_series(1, 10000) g`);
  await t.db.execute(sql`analyze refresh_tokens`);
}, 180_000);

describe('EXPLAIN of the session reads at 250,000 refresh tokens', () => {
  it('the guard reads the revoked sessions of one person through (user_id, revoked_at)', async () => {
    const p = await plan(sql`
      select array_agg(distinct rt.family_id) from refresh_tokens rt
      where rt.user_id = ${userId} and rt.revoked_at > now() - make_interval(secs => 960)`);
    expect(p).toMatch(/Index (Only )?Scan using refresh_tokens_user_revoked_idx/);
    expect(p).toMatch(/Index Cond: \(\(user_id = .*\) AND \(revoked_at > /);
    expect(p).not.toMatch(/Seq Scan/);
  });

  it('a refresh finds its token by hash, and revoking a family or every session reads its range', async () => {
    expect(await plan(sql`select * from refresh_tokens where token_hash = ${'x'} for update`)).toMatch(
      /Index Scan using refresh_tokens_hash_uq/,
    );
    const family = await plan(
      sql`update refresh_tokens set revoked_at = now() where family_id = 'f7' and revoked_at is null`,
    );
    expect(family).toMatch(/refresh_tokens_family_expires_idx/);
    // Someone with 10,000 unrevoked rows (the 200,000 of the first person are most of the table: a scan is
    // right there, and pruning keeps it from happening).
    const all = await plan(
      sql`update refresh_tokens set revoked_at = now() where user_id = ${otherId} and revoked_at is null`,
    );
    expect(all).toMatch(/Index Cond: \(\(user_id = .*\) AND \(revoked_at IS NULL\)\)/);
  });

  it('pruning asks whether a session is over with one probe of (family_id, expires_at)', async () => {
    const p = await plan(sql`
      select 1 from refresh_tokens f where f.family_id = 'f7' and f.expires_at >= now() - interval '7 days'`);
    expect(p).toMatch(/Index Cond: \(\(family_id = 'f7'::text\) AND \(expires_at >= /);
  });
});
