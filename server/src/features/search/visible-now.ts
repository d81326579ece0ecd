// Which cached matches the viewer may open now (match-cache.ts), each with its mark at this moment (draft,
// scheduled, ended), and the change counter the cached matches are checked against: one statement for all
// kinds, prepared once per role (db/prepared.ts), since its planning cost more than its run. Each kind's
// rule is the one its feature's own pages use (kinds/), so the cache cannot show what a page would refuse.
import { SEARCH_KINDS, type SearchKind, type SearchStatus } from '@hearth/contract';
import { sql } from 'drizzle-orm';
import type { Viewer } from '../../access/communities';
import type { Db } from '../../db/client';
import { intArrayText, literal } from '../../db/params';
import { prepared } from '../../db/prepared';
import type { KindSpec } from './kind-spec';

type Values = Record<string, string | number>;
const viewerSlot = sql.placeholder('viewerId');
const nowSlot = sql.placeholder('now');
const idsSlot = (i: number) => sql.placeholder(`ids${i}`);

/**
 * Each kind's list holds at least this many ids, padded with 0 (no row has it: ids start at 1). The planner
 * prices a bound array in the generic plan as 10 elements, and an empty list in a custom plan as nothing:
 * with some kinds' lists empty, each custom plan looked cheaper than the generic one, so PostgreSQL planned
 * every run (2.0 ms) instead of reusing the generic plan (0.4 ms, bench/search.mjs data).
 */
const PADDED_TO = 10;
const padded = (ids: number[]) =>
  ids.length >= PADDED_TO ? ids : [...ids, ...Array<number>(PADDED_TO - ids.length).fill(0)];

type Row = { k: number; id: number | null; status: SearchStatus | null; changes: string | null };

function statement(db: Db, kinds: Record<SearchKind, KindSpec>, viewer: Viewer) {
  const ctx = { viewer, now: nowSlot };
  const parts = SEARCH_KINDS.map((kind, i) => {
    const spec = kinds[kind];
    const table = sql.identifier(spec.table);
    const partition = spec.partition ? sql`and ${spec.partition}` : sql``;
    return sql`select ${literal(i)} as k, ${spec.id} as id, ${spec.status(nowSlot)}::text as status,
      null::bigint as changes
      from ${table} ${spec.joins ?? sql``}
      where ${spec.id} = any(${idsSlot(i)}::int[]) ${partition} and ${spec.visible(ctx)}`;
  });
  const changes = sql`select -1, null::int, null::text, last_value from search_changes`;
  return db
    .select({
      k: sql<number>`v.k`,
      id: sql<number | null>`v.id`,
      status: sql<SearchStatus | null>`v.status`,
      changes: sql<string | null>`v.changes::text`,
    })
    .from(sql`(${changes} union all ${sql.join(parts, sql` union all `)}) as v(k, id, status, changes)`);
}

export type VisibleNow = {
  /** The database's change counter now. */
  changes: string;
  /** Per kind index: the ids the viewer may open, with their marks. */
  open: Map<number, SearchStatus | null>[];
};

/** Of `ids` (per kind index), those the viewer may open at `now`. */
export async function visibleNow(
  db: Db,
  kinds: Record<SearchKind, KindSpec>,
  viewer: Viewer,
  ids: number[][],
  now: Date,
): Promise<VisibleNow> {
  const values: Values = { viewerId: viewer.id, now: now.toISOString() };
  SEARCH_KINDS.forEach((_, i) => {
    values[`ids${i}`] = intArrayText(padded(ids[i] ?? []));
  });
  const slotViewer: Viewer = { id: viewerSlot as unknown as number, roleId: viewer.roleId };
  const query = prepared<Row[]>(db, `search_visible_r${viewer.roleId}`, () =>
    statement(db, kinds, slotViewer),
  );
  // Beyond the prepared statements' bound (never for the few roles), the same SQL with the values bound.
  const rows = query
    ? await query.execute(values)
    : await statement(db, kinds, viewer).execute(values as Record<string, unknown>);
  const open = SEARCH_KINDS.map(() => new Map<number, SearchStatus | null>());
  let changes = '';
  for (const row of rows) {
    if (row.k < 0) changes = row.changes ?? '';
    else if (row.id !== null) open[row.k]?.set(row.id, row.status);
  }
  return { changes, open };
}
