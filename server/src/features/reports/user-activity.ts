// User activity report (SPEC section 9 columns): one row per user with their groups, likes, favourites,
// completed surveys and last activity, sorted, filtered and paged in SQL. The table reads a page, the CSV
// reads every row in keyset batches of the same query, so both agree on order and filters.
import {
  ACTION_TYPE,
  GROUP_TYPE,
  ROLE_LABELS,
  type UserActivityFilters,
  type UserActivitySort,
} from '@hearth/contract';
import { and, count, eq, type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { users } from '../../db/schema';
import { type CsvValue, keysetBatches } from '../../platform/csv';

// Per-user figures as correlated subqueries, each an index probe on the user's id (feed_post_actions_user_idx,
// survey_instances_user_idx, refresh_tokens_user_created_idx, the user_groups primary key). Sorted by a name
// or a date, PostgreSQL computes them only for the page's rows; sorted by a figure, once per filtered user,
// which is the work a grouped join would do anyway. Columns are qualified: a bare "id" inside a subquery
// would bind to the subquery's own table.
const U = '"users"."id"';
const groupNames = (groupTypeId: number) =>
  sql.raw(`(select string_agg(g.name, ', ' order by g.name) from user_groups ug
    join groups g on g.id = ug.group_id where ug.user_id = ${U} and g.group_type_id = ${groupTypeId})`);
const actionCount = (actionTypeId: number) =>
  sql.raw(`(select count(*)::int from feed_post_actions a
    where a.user_id = ${U} and a.action_type_id = ${actionTypeId})`);
const completedSurveys = sql.raw(
  `(select count(*)::int from survey_instances si where si.created_by_id = ${U} and si.is_complete)`,
);
// Refresh tokens rotate on every refresh (ADR: sessions), so their creation times trail a session's activity;
// the login time covers a session that never refreshed. greatest() ignores nulls.
const lastActive = sql.raw(`greatest("users"."last_logged_in_at",
  (select max(rt.created_at) from refresh_tokens rt where rt.user_id = ${U}))`);

/** Matches LIKE's wildcards literally in a search term. */
const likePattern = (term: string) => `%${term.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

function filtersWhere(f: UserActivityFilters): SQL | undefined {
  const inGroup = (groupId: number) =>
    sql`exists (select 1 from user_groups ug where ug.user_id = ${sql.raw(U)} and ug.group_id = ${groupId})`;
  const term = f.search ? likePattern(f.search) : undefined;
  return and(
    term
      ? sql`(${users.firstName} ilike ${term} or ${users.lastName} ilike ${term} or ${users.email} ilike ${term})`
      : undefined,
    f.locationId ? inGroup(f.locationId) : undefined,
    f.departmentId ? inGroup(f.departmentId) : undefined,
    f.roleId ? eq(users.roleId, f.roleId) : undefined,
  );
}

/** The filtered users with their figures, as a derived table `r` to sort and page on its columns. */
function reportTable(db: Db, f: UserActivityFilters) {
  return db
    .select({
      id: users.id,
      firstName: users.firstName,
      lastName: users.lastName,
      email: users.email,
      location: sql<string | null>`${groupNames(GROUP_TYPE.LOCATION)}`.as('location'),
      department: sql<string | null>`${groupNames(GROUP_TYPE.DEPARTMENT)}`.as('department'),
      roleId: users.roleId,
      likes: sql<number>`${actionCount(ACTION_TYPE.LIKE)}`.as('likes'),
      favourites: sql<number>`${actionCount(ACTION_TYPE.FAVOURITE)}`.as('favourites'),
      surveys: sql<number>`${completedSurveys}`.as('surveys'),
      lastActiveAt: sql<Date | null>`${lastActive}`.as('last_active_at'),
      createdAt: users.createdAt,
    })
    .from(users)
    .where(filtersWhere(f))
    .as('r');
}

/**
 * The sort key of each sort, and its SQL type (keyset cursors travel as text and are cast back). Names sort
 * case-insensitively (the index users_last_name_sort_idx serves the default sort); a missing group or
 * activity sorts as the lowest value, so never-active users come last when sorting newest first.
 */
const SORT_KEYS: Record<UserActivitySort, [expr: string, type: string]> = {
  firstName: ['lower(r.first_name)', 'text'],
  lastName: ['lower(r.last_name)', 'text'],
  location: [`lower(coalesce(r.location, ''))`, 'text'],
  department: [`lower(coalesce(r.department, ''))`, 'text'],
  roleId: ['r.role_id', 'int'],
  likes: ['r.likes', 'int'],
  favourites: ['r.favourites', 'int'],
  surveys: ['r.surveys', 'int'],
  lastActiveAt: [`coalesce(r.last_active_at, '-infinity'::timestamptz)`, 'timestamptz'],
  createdAt: ['r.created_at', 'timestamptz'],
};

export type SortOrder = { sort: UserActivitySort; order: 'asc' | 'desc' };
/** Where a keyset batch resumes: the last row's sort key (as text) and id. */
export type UserActivityCursor = { key: string; id: number };

type Bounds = { limit: number; offset?: number; after?: UserActivityCursor };

async function selectRows(db: Db, f: UserActivityFilters, { sort, order }: SortOrder, b: Bounds) {
  const r = reportTable(db, f);
  const [expr, type] = SORT_KEYS[sort];
  const key = sql.raw(expr);
  const dir = sql.raw(order);
  // Row comparison follows the order's direction; the id breaks ties, so pages never overlap or skip.
  const keyset = b.after
    ? sql`(${key}, r.id) ${sql.raw(order === 'asc' ? '>' : '<')} (cast(${b.after.key} as ${sql.raw(type)}), ${b.after.id})`
    : undefined;
  const query = db
    .select({
      id: r.id,
      firstName: r.firstName,
      lastName: r.lastName,
      email: r.email,
      location: r.location,
      department: r.department,
      roleId: r.roleId,
      likes: r.likes,
      favourites: r.favourites,
      surveys: r.surveys,
      lastActiveAt: sql<Date | null>`r.last_active_at`.mapWith(users.lastLoggedInAt),
      createdAt: r.createdAt,
      sortKey: sql<string>`(${key})::text`,
    })
    .from(r)
    .where(keyset)
    .orderBy(sql`${key} ${dir}, r.id ${dir}`)
    .limit(b.limit);
  const rows = await (b.offset ? query.offset(b.offset) : query);
  return rows.map((row) => ({
    ...row,
    likes: Number(row.likes),
    favourites: Number(row.favourites),
    surveys: Number(row.surveys),
  }));
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

/** The CSV's records (SPEC section 9 columns), every filtered user in the table's order, batch by batch. */
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
