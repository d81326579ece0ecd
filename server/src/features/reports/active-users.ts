// Active users per week (the user activity chart): distinct users who logged in or refreshed a session,
// liked or favourited, commented, answered a survey or wrote in a community discussion, per ISO week
// (Monday, UTC), zero-filled, oldest first.
import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client';

const WEEK_MS = 7 * 24 * 3600 * 1000;

/** Monday 00:00 UTC of the week holding `at`. */
export function weekStart(at: Date): Date {
  const day = new Date(Date.UTC(at.getUTCFullYear(), at.getUTCMonth(), at.getUTCDate()));
  const sinceMonday = (day.getUTCDay() + 6) % 7;
  return new Date(day.getTime() - sinceMonday * 24 * 3600 * 1000);
}

export async function activeUsersPerWeek(db: Db, weeks: number, now = new Date()) {
  const first = new Date(weekStart(now).getTime() - (weeks - 1) * WEEK_MS);
  // ISO text cast in SQL reads the same on PGlite and node-postgres.
  const from = sql`${first.toISOString()}::timestamptz`;
  // Each source is read only from the first week on; a login shows as the refresh token it issued.
  const rows = await db.execute(sql`
    with activity(user_id, at) as (
      select user_id, created_at from refresh_tokens where created_at >= ${from}
      union all select user_id, created_at from feed_post_actions where created_at >= ${from}
      union all select user_id, created_at from feed_comments where created_at >= ${from}
      union all select created_by_id, completed_at from survey_instances where completed_at >= ${from}
      union all select user_id, created_at from community_discussion where created_at >= ${from}
    )
    select to_char(date_trunc('week', at at time zone 'UTC'), 'YYYY-MM-DD') as week,
      count(distinct user_id)::int as users
    from activity group by 1`);
  const counts = new Map<string, number>();
  for (const r of rowsOf<{ week: string; users: number }>(rows)) counts.set(r.week, Number(r.users));
  return Array.from({ length: weeks }, (_, i) => {
    const day = new Date(first.getTime() + i * WEEK_MS).toISOString().slice(0, 10);
    return { weekStart: day, activeUsers: counts.get(day) ?? 0 };
  });
}

/** db.execute answers `{ rows }` on both drivers (node-postgres and PGlite). */
function rowsOf<T>(result: unknown): T[] {
  return (result as { rows: T[] }).rows;
}
