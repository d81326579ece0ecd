// User activity report (product.md section 9 columns): one row per user with their groups, likes, favourites,
// completed surveys and last activity, sorted, filtered and paged in SQL. The table reads a page, the CSV
// reads every row in keyset batches of the same query, so both agree on order and filters.
import {
  ACTION_TYPE,
  GROUP_TYPE,
  ROLE_LABELS,
  type UserActivityFilters,
  type UserActivitySort,
} from '@hearth/contract';
import { and, count, eq, inArray, type SQL, sql } from 'drizzle-orm';
import { type Db, queryRows } from '../../db/client';
import { users } from '../../db/schema';
import { groupNames as groupNamesOf } from '../../db/user-groups';
import { type CsvValue, keysetBatches } from '../../platform/csv';
import { containsPattern } from '../users/queries';

// A page (or CSV batch) is read in two steps: the ids in order, computing only the sort key, then the
// figures of just those users as correlated subqueries, each an index probe on the user's id
// (feed_post_actions_user_idx, survey_instances_user_idx, refresh_tokens_user_created_idx, the user_groups
// primary key). Columns are qualified: a bare "id" inside a subquery would bind to the subquery's own table.
const U = sql`"users"."id"`;
const groupNames = (groupTypeId: number) => groupNamesOf(U, groupTypeId);
const actionCount = (actionTypeId: number) => sql`(select count(*)::int from feed_post_actions a
    where a.user_id = ${U} and a.action_type_id = ${actionTypeId})`;
const completedSurveys = sql`(select count(*)::int from survey_instances si
    where si.created_by_id = ${U} and si.is_complete)`;
// Refresh tokens rotate on every refresh (ADR: sessions), so their creation times trail a session's activity;
// the login time covers a session that never refreshed. greatest() ignores nulls.
const lastActive = sql`greatest("users"."last_logged_in_at",
  (select max(rt.created_at) from refresh_tokens rt where rt.user_id = ${U}))`;

function filtersWhere(f: UserActivityFilters): SQL | undefined {
  const inGroup = (groupId: number) =>
    sql`exists (select 1 from user_groups ug where ug.user_id = ${U} and ug.group_id = ${groupId})`;
  const term = f.search ? containsPattern(f.search) : undefined;
  return and(
    term
      ? sql`(${users.firstName} ilike ${term} or ${users.lastName} ilike ${term} or ${users.email} ilike ${term})`
      : undefined,
    f.locationId ? inGroup(f.locationId) : undefined,
    f.departmentId ? inGroup(f.departmentId) : undefined,
    f.roleId ? eq(users.roleId, f.roleId) : undefined,
  );
}

/** Every figure of a user, read for a page or a CSV batch (at most a thousand index probes each). */
const FIGURES = {
  id: users.id,
  firstName: users.firstName,
  lastName: users.lastName,
  email: users.email,
  location: sql<string | null>`${groupNames(GROUP_TYPE.LOCATION)}`,
  department: sql<string | null>`${groupNames(GROUP_TYPE.DEPARTMENT)}`,
  roleId: users.roleId,
  likes: sql<number>`${actionCount(ACTION_TYPE.LIKE)}`.mapWith(Number),
  favourites: sql<number>`${actionCount(ACTION_TYPE.FAVOURITE)}`.mapWith(Number),
  surveys: sql<number>`${completedSurveys}`.mapWith(Number),
  lastActiveAt: sql<Date | null>`${lastActive}`.mapWith(users.lastLoggedInAt),
  createdAt: users.createdAt,
};

// Sorting by a count needs it for every filtered user: one grouped pass over the table (an index-only scan
// of feed_post_actions_user_idx) instead of a probe per user, which was 6x slower at a million likes.
const ACTIONS_JOIN = sql`left join (select user_id,
    count(*) filter (where action_type_id = ${ACTION_TYPE.LIKE})::int as likes,
    count(*) filter (where action_type_id = ${ACTION_TYPE.FAVOURITE})::int as favourites
  from feed_post_actions group by user_id) k on k.user_id = ${U}`;
const SURVEYS_JOIN = sql`left join (select created_by_id, count(*)::int as surveys from survey_instances
  where is_complete group by created_by_id) s on s.created_by_id = ${U}`;

/**
 * The sort key of each sort, its SQL type (keyset cursors travel as text and are cast back) and the join it
 * needs. Names sort case-insensitively (users_last_name_sort_idx serves the default sort); a missing group or
 * activity sorts as the lowest value, so never-active users come last when sorting newest first.
 */
const SORT_KEYS: Record<UserActivitySort, { expr: SQL; type: SQL; join?: SQL }> = {
  firstName: { expr: sql`lower("users"."first_name")`, type: sql`text` },
  lastName: { expr: sql`lower("users"."last_name")`, type: sql`text` },
  location: { expr: sql`lower(coalesce(${groupNames(GROUP_TYPE.LOCATION)}, ''))`, type: sql`text` },
  department: { expr: sql`lower(coalesce(${groupNames(GROUP_TYPE.DEPARTMENT)}, ''))`, type: sql`text` },
  roleId: { expr: sql`"users"."role_id"`, type: sql`int` },
  likes: { expr: sql`coalesce(k.likes, 0)`, type: sql`int`, join: ACTIONS_JOIN },
  favourites: { expr: sql`coalesce(k.favourites, 0)`, type: sql`int`, join: ACTIONS_JOIN },
  surveys: { expr: sql`coalesce(s.surveys, 0)`, type: sql`int`, join: SURVEYS_JOIN },
  lastActiveAt: { expr: sql`coalesce(${lastActive}, '-infinity'::timestamptz)`, type: sql`timestamptz` },
  createdAt: { expr: sql`"users"."created_at"`, type: sql`timestamptz` },
};

export type SortOrder = { sort: UserActivitySort; order: 'asc' | 'desc' };
/** Where a keyset batch resumes: the last row's sort key (as text) and id. */
export type UserActivityCursor = { key: string; id: number };

type Bounds = { limit: number; offset?: number; after?: UserActivityCursor };

/**
 * The rows of a page or batch, in two steps: the ids in order (only the sort key is computed, so the rows an
 * OFFSET skips cost nothing more), then every figure of just those users.
 */
async function selectRows(db: Db, f: UserActivityFilters, { sort, order }: SortOrder, b: Bounds) {
  const { expr: key, type, join } = SORT_KEYS[sort];
  const [dir, after] = order === 'asc' ? [sql`asc`, sql`>`] : [sql`desc`, sql`<`];
  // Row comparison follows the order's direction; the id breaks ties, so pages never overlap or skip.
  const keyset = b.after
    ? sql`(${key}, ${U}) ${after} (cast(${b.after.key} as ${type}), ${b.after.id})`
    : undefined;
  const where = and(filtersWhere(f), keyset);
  const keys = await queryRows<{ id: number; sort_key: string }>(
    db,
    sql`
    select ${U} as id, (${key})::text as sort_key from users ${join ?? sql``}
    ${where ? sql`where ${where}` : sql``}
    order by ${key} ${dir}, ${U} ${dir}
    limit ${b.limit} offset ${b.offset ?? 0}`,
  );
  const ids = keys.map((r) => Number(r.id));
  if (ids.length === 0) return [];
  const figures = await db.select(FIGURES).from(users).where(inArray(users.id, ids));
  const byId = new Map(figures.map((r) => [r.id, r]));
  return keys.flatMap((k) => {
    const row = byId.get(Number(k.id));
    return row ? [{ ...row, sortKey: k.sort_key }] : [];
  });
}

/** One page of the table, with the total of the filtered users. */
export async function userActivityPage(
  db: Db,
  q: UserActivityFilters & SortOrder & { page: number; pageSize: number },
) {
  // OFFSET because the table has page numbers; an admin pages a few times, and each page is an index scan.
  const [rows, [total]] = await Promise.all([
    selectRows(db, q, q, { limit: q.pageSize, offset: (q.page - 1) * q.pageSize }),
    db.select({ n: count() }).from(users).where(filtersWhere(q)),
  ]);
  return {
    rows: rows.map(({ sortKey: _, ...row }) => ({
      ...row,
      lastActiveAt: row.lastActiveAt?.toISOString() ?? null,
      createdAt: row.createdAt.toISOString(),
    })),
    total: Number(total?.n ?? 0),
  };
}

const CSV_BATCH = 1000;

/**
 * The CSV's records (product.md section 9 columns), every filtered user in the table's order, batch by batch.
 */
export async function* userActivityCsvRows(
  db: Db,
  f: UserActivityFilters,
  s: SortOrder,
  date: (d: Date | null) => string,
): AsyncGenerator<CsvValue[][]> {
  const batches = keysetBatches(
    CSV_BATCH,
    (after: UserActivityCursor | undefined, limit) => selectRows(db, f, s, { limit, after }),
    (row) => ({ key: row.sortKey, id: row.id }),
  );
  for await (const rows of batches) {
    yield rows.map((r) => [
      r.firstName,
      r.lastName,
      r.location,
      r.department,
      ROLE_LABELS[r.roleId] ?? String(r.roleId),
      r.likes,
      r.favourites,
      r.surveys,
      date(r.lastActiveAt),
      date(r.createdAt),
    ]);
  }
}
