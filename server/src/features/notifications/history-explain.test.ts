// @engine: EXPLAIN of the notification history
// The history's plans at scale: 300 people with 200 notifications each; every page of one person (all or
// unread, one type, a deep page) reads notifications through that person's index range, never the table.
import { type SQL, sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { createUser } from '../../../test/factories';
import { useTestApp } from '../../../test/use-test-app';
import { encodeHistoryCursor, type HistoryQuery, historyRows } from './history';

const t = useTestApp();
let userId: number;

async function plan(query: { getSQL(): SQL }): Promise<string> {
  const res = (await t.db.execute(sql`explain ${query}`)) as unknown as { rows: { 'QUERY PLAN': string }[] };
  const out = res.rows.map((l) => l['QUERY PLAN']).join('\n');
  if (process.env.SHOW_PLANS) console.log(out);
  return out;
}

beforeAll(async () => {
  const actor = await createUser(t.db);
  await t.db.execute(sql`
    insert into users (first_name, last_name, email, phone, password_hash, role_id, is_active, is_verified, user_type_id)
    select 'Many', 'Notified ' || n, 'history' || n || '@example.com', '+27 21 555 0000', 'x', 2, true, true, 2
    from generate_series(1, 300) n`);
  userId = (await createUser(t.db)).id;
  await t.db.execute(sql`
    insert into notification_events (type, object_id, title, actor_id, processed_at)
    select (array['FEED_POST','SURVEY','COMMENT','COMMUNITY_POST'])[1 + g % 4], g, 'Event ' || g, ${actor.id}, now()
    from generate_series(1, 200) g`);
  await t.db.execute(sql`
    insert into notifications (user_id, type, object_id, title, event_id, sent_at, viewed_at)
    select u.id, e.type, e.object_id, e.title, e.id, now() - e.id * interval '1 minute',
      case when (u.id + e.id) % 3 = 0 then now() else null end
    from users u cross join notification_events e`);
  await t.db.execute(sql`analyze`);
}, 120_000);

const BY_USER = /(Index Scan( Backward)? using|Bitmap Index Scan on) notifications_(user|unviewed)_idx/;

describe('EXPLAIN of the notification history', () => {
  it('reads one person’s index range for every filter and a deep page', async () => {
    const deep = encodeHistoryCursor({ at: new Date(Date.now() - 150 * 60_000), id: 2_000_000 });
    const queries: HistoryQuery[] = [
      { filter: 'all', limit: 20 },
      { filter: 'unread', limit: 20 },
      { filter: 'all', type: 'SURVEY', limit: 20 },
      { filter: 'all', next: deep, limit: 20 },
    ];
    for (const q of queries) {
      const p = await plan(historyRows(t.db, userId, q));
      expect(p, JSON.stringify(q)).toMatch(BY_USER);
      expect(p, JSON.stringify(q)).not.toMatch(/Seq Scan on notifications/);
    }
    expect(await plan(historyRows(t.db, userId, { filter: 'all', limit: 20 }))).toMatch(
      /notifications_user_idx/,
    );
  });
});
