// Global search (issue 17, ADR 031): as-you-type suggestions over every kind, and one kind's page with
// filters, sorting by relevance or date, snippets and keyset paging. Each kind says where its rows come
// from and who sees them (kinds/); this module builds the queries every kind shares: the matches, ranked
// (the GIN index finds them), then the result's columns and its snippet for the rows shown only.
// The matches of a text are the same for everyone, so they are cached and shared (match-cache.ts, ADR 035);
// each answer then reads which of them the viewer may open now (visible-now.ts). A page with filters, or
// beyond the cached matches, is searched directly, visibility in the same query.
import {
  type ProfileFieldsSetting,
  SEARCH_KINDS,
  SEARCH_LIMITS,
  type SearchHit,
  type SearchKind,
  type SearchSort,
  type SearchStatus,
} from '@hearth/contract';
import { and, type SQL, sql } from 'drizzle-orm';
import type { Viewer } from '../../access/communities';
import { type Db, queryRows } from '../../db/client';
import { intArrayText, literal, tsParam } from '../../db/params';
import { decodeSearchCursor, encodeSearchCursor, type SearchCursor } from './cursor';
import { type KindSpec, type ResultRow, rankScore, type SearchContext, tsquery } from './kind-spec';
import { communitiesKind, messagesKind } from './kinds/communities';
import { peopleKind } from './kinds/people';
import { commentsKind, communityPostsKind, feedPostsKind } from './kinds/posts';
import { surveysKind } from './kinds/surveys';
import { type Candidate, type Matches, matchCacheOf } from './match-cache';
import { presentHit } from './presenter';
import { parseSearch } from './query-text';
import { visibleNow } from './visible-now';

export const KINDS: Record<SearchKind, KindSpec> = {
  posts: feedPostsKind,
  communityPosts: communityPostsKind,
  comments: commentsKind,
  messages: messagesKind,
  communities: communitiesKind,
  people: peopleKind,
  surveys: surveysKind,
};

/**
 * Suggestions rank the first this many matches of a kind, not all: a one-letter prefix matches most rows.
 * They are read before visibility and shared by every viewer, so there are more of them than a viewer
 * shows (SEARCH_LIMITS.suggestPerKind) and sees.
 */
export const SUGGEST_CANDIDATES = 100;
/**
 * And the GIN index hands them at most about this many matches, a sample when there are more
 * (gin_fuzzy_search_limit): three typed letters can match half the posts, and reading all their rows to
 * keep 200 cost 150 ms at 100,000 posts (bench/search.mjs).
 */
export const SUGGEST_GIN_LIMIT = 1000;
/** A suggestion's first check of what the viewer may open takes this many of each kind's best matches. */
const SUGGEST_FIRST_CHECK = 10;
/** A results page keeps this many of a kind's best matches in the cache; a page beyond them is searched directly. */
export const PAGE_CANDIDATES = 500;
/** Matches checked per round trip while filling a page (a page shows SEARCH_LIMITS.pageSize). */
const PAGE_CHECK = 60;
/** Round trips of checks before a page is searched directly (a viewer who may open few of the matches). */
const PAGE_ROUNDS = 3;
const DAY = 24 * 3600 * 1000;

export type PageOptions = {
  kind: SearchKind;
  sort: SearchSort;
  communityId?: number;
  authorId?: number;
  from?: Date;
  to?: Date;
  next?: string;
};

/**
 * Runs a search statement with its settings, local to its transaction: no JIT (the planner's estimates for
 * a prefix match over 100,000 rows pass jit_above_cost, and compiling took 250 ms of a 20 ms query), and
 * for suggestions a cap on what the GIN index hands over. The same round trip reads the change counter
 * (migration 0020) before the matches, for the cache: a write committed between the two is then seen as a
 * change by the next answer, never missed.
 */
async function inSearchTransaction<T>(
  db: Db,
  o: { ginLimit?: number },
  run: (tx: Db, changes: string) => Promise<T>,
) {
  return db.transaction(async (tx) => {
    const [settings] = await queryRows<{ changes: string }>(
      tx,
      sql`select set_config('jit', 'off', true), set_config('gin_fuzzy_search_limit', ${String(o.ginLimit ?? 0)}, true),
        (select last_value::text from search_changes) as changes`,
    );
    return run(tx, settings?.changes ?? '');
  });
}

const scoreOf = (spec: KindSpec, ctx: SearchContext) =>
  spec.score ? spec.score(ctx) : rankScore(spec.vector, ctx);

type Search = SearchContext & {
  now: Date;
  /** What the parsed text is cached under. */
  key: string;
};

function contextOf(
  viewer: Viewer,
  fields: ProfileFieldsSetting,
  text: string,
  now: Date,
  suggest = false,
): Search | undefined {
  const parsed = parseSearch(text);
  if (!parsed.tsquery) return undefined;
  // Whether job titles match is part of what a text matches (kinds/people.ts); the other fields only
  // change what is shown, which the presenter hides per viewer.
  const key = JSON.stringify([
    parsed.tsquery,
    parsed.plain,
    suggest ? (parsed.narrow ?? null) : null,
    fields.jobTitle,
  ]);
  const ctx: Search = { viewer, fields, now, key, q: tsquery(parsed.tsquery), plain: parsed.plain };
  // Narrowing helps a sample of the matches (suggestions); a results page ranks them all anyway.
  if (suggest) Object.assign(ctx, { suggest, narrow: parsed.narrow ? tsquery(parsed.narrow) : undefined });
  return ctx;
}

/**
 * The candidates' FROM: the rows that match, read by the GIN index alone (`offset 0` keeps the planner from
 * merging the subquery: merged, it ANDed the match with a partial index of the feed, 95,000 entries read
 * for nothing), under the table's name, then what the kind's rules join to them.
 */
function matching(spec: KindSpec, ctx: SearchContext) {
  const table = sql.identifier(spec.table);
  const match = spec.match ? spec.match(ctx) : sql`${spec.vector} @@ ${ctx.narrow ?? ctx.q}`;
  const where = spec.partition ? sql`${match} and ${spec.partition}` : match;
  return sql`(select * from ${table} where ${where} offset 0) ${table} ${spec.joins ?? sql``}`;
}

/**
 * The candidates' WHERE: visibility (not for the shared matches of the cache), filters and the cursor.
 */
function conditions(
  spec: KindSpec,
  ctx: SearchContext,
  o: Partial<PageOptions>,
  after?: SearchCursor,
  forViewer = true,
) {
  const where: (SQL | undefined)[] = [forViewer ? spec.visible(ctx) : sql`true`];
  // The index found the narrowed query's rows: the whole query keeps those that match.
  if (ctx.narrow && !spec.match) where.push(sql`${spec.vector} @@ ${ctx.q}`);
  if (o.authorId !== undefined && spec.author) where.push(sql`${spec.author} = ${o.authorId}`);
  if (o.communityId !== undefined && spec.community) where.push(sql`${spec.community} = ${o.communityId}`);
  if (o.from) where.push(sql`${spec.at} >= ${tsParam(o.from)}`);
  if (o.to) where.push(sql`${spec.at} < ${tsParam(new Date(o.to.getTime() + DAY))}`);
  if (after && o.sort === 'date') {
    const at = tsParam(new Date(after.key));
    where.push(sql`${spec.at} <= ${at}`, sql`(${spec.at}, ${spec.id}) < (${at}, ${after.id})`);
  } else if (after) where.push(sql`(${scoreOf(spec, ctx)}, ${spec.id}) < (${after.key}, ${after.id})`);
  return and(...where);
}

/** The page's rows with their mark and columns; `candidates` answers id, at and score. */
function withDetails(spec: KindSpec, ctx: SearchContext, candidates: SQL, order: SQL) {
  const details = spec.details(ctx);
  return sql`select s.id, s.at, s.score, ${spec.status(ctx.now)} as status, ${details.select}
    from (${candidates}) s ${details.joins} order by ${order}`;
}

/**
 * A kind's first `take` matches in the page's order (by date or relevance), as id, at and score: for the
 * viewer, filters and cursor applied (a page searched directly), or for anyone (the cache's matches).
 */
function ranked(
  spec: KindSpec,
  ctx: SearchContext,
  o: Partial<PageOptions>,
  take: number,
  after?: SearchCursor,
  forViewer = true,
) {
  const score = scoreOf(spec, ctx);
  const order =
    o.sort === 'date' ? sql`${spec.at} desc, ${spec.id} desc` : sql`${score} desc, ${spec.id} desc`;
  return sql`select ${spec.id} as id, ${spec.at} as at, ${score} as score
    from ${matching(spec, ctx)} where ${conditions(spec, ctx, o, after, forViewer)}
    order by ${order} limit ${literal(take)}`;
}

/** A row's key in its page's order, as its cursor holds it. */
const keyOf = (byDate: boolean, r: Pick<ResultRow, 'at' | 'score'>) =>
  byDate ? new Date(r.at as string | Date).getTime() : Number(r.score);

/** A page searched directly: filters, visibility and cursor in one query. */
async function searchPageDirect(
  db: Db,
  ctx: SearchContext,
  o: PageOptions,
  after: SearchCursor | undefined,
): Promise<{ hits: SearchHit[]; next: string | null }> {
  const spec = KINDS[o.kind];
  const byDate = o.sort === 'date';
  const candidates = ranked(spec, ctx, o, SEARCH_LIMITS.pageSize + 1, after);
  const rows = await inSearchTransaction(db, {}, (tx) =>
    queryRows<ResultRow>(
      tx,
      withDetails(spec, ctx, candidates, byDate ? sql`s.at desc, s.id desc` : sql`s.score desc, s.id desc`),
    ),
  );
  const shown = rows.slice(0, SEARCH_LIMITS.pageSize);
  const last = shown.at(-1);
  return {
    hits: shown.map((r) => presentHit(o.kind, r, ctx.fields)),
    next:
      rows.length > shown.length && last
        ? encodeSearchCursor(o.kind, o.sort, keyOf(byDate, last), last.id)
        : null,
  };
}

/** Per kind index, the ids given for `kind` (others empty). */
const idsFor = (i: number, ids: number[]) => SEARCH_KINDS.map((_, j) => (j === i ? ids : []));

/** A cached page's matches: the kind's best PAGE_CANDIDATES (one more tells whether there are others). */
function loadPageMatches(db: Db, ctx: SearchContext, kind: SearchKind, sort: SearchSort): Promise<Matches> {
  const query = ranked(KINDS[kind], ctx, { sort }, PAGE_CANDIDATES + 1, undefined, false);
  return inSearchTransaction(db, {}, async (tx, changes) => {
    const rows = await queryRows<Candidate>(tx, query);
    const i = SEARCH_KINDS.indexOf(kind);
    const lists = SEARCH_KINDS.map((_, j) => (j === i ? rows.slice(0, PAGE_CANDIDATES) : []));
    const complete = SEARCH_KINDS.map((_, j) => j !== i || rows.length <= PAGE_CANDIDATES);
    return { changes, lists, complete, details: new Map() };
  });
}

type Picked = { i: number; c: Candidate; status: SearchStatus | null };

/** The columns of the picked results, loaded once per cached matches (their snippets cost the most). */
async function detailsOf(db: Db, ctx: SearchContext, matches: Matches, picks: Picked[]) {
  const missing = SEARCH_KINDS.map(() => [] as number[]);
  for (const p of picks) if (!matches.details.has(`${p.i}:${p.c.id}`)) missing[p.i]?.push(p.c.id);
  const parts = SEARCH_KINDS.flatMap((kind, i) => {
    const ids = missing[i] ?? [];
    if (ids.length === 0) return [];
    const rows = sql`select x.id, null::timestamptz as at, 0 as score from unnest(${intArrayText(ids)}::int[]) as x(id)`;
    return [
      sql`select ${literal(i)} as kind_index, k.* from (${withDetails(KINDS[kind], ctx, rows, sql`s.id`)}) k`,
    ];
  });
  if (parts.length > 0)
    for (const row of await queryRows<ResultRow & { kind_index: number }>(
      db,
      sql.join(parts, sql` union all `),
    ))
      matches.details.set(`${row.kind_index}:${row.id}`, row);
  // A row deleted since it matched has no columns: it is left out.
  return picks.flatMap((p) => {
    const row = matches.details.get(`${p.i}:${p.c.id}`);
    return row
      ? [
          presentHit(
            SEARCH_KINDS[p.i] as SearchKind,
            {
              ...row,
              at: p.c.at,
              score: p.c.score,
              status: p.status,
            },
            ctx.fields,
          ),
        ]
      : [];
  });
}

/**
 * The cached matches of `key` and, of the ids `wanted` picks from them, those the viewer may open now. When
 * the database changed since the matches were read, they are read again, once.
 */
async function cachedAndOpen(
  db: Db,
  viewer: Viewer,
  key: string,
  load: () => Promise<Matches>,
  wanted: (m: Matches) => number[][],
  now: Date,
) {
  const cache = matchCacheOf(db);
  let entry = cache.get(key, load);
  let matches = await entry;
  let open = await visibleNow(db, KINDS, viewer, wanted(matches), now);
  if (open.changes !== matches.changes) {
    cache.forget(key, entry);
    entry = cache.get(key, load);
    matches = await entry;
    open = await visibleNow(db, KINDS, viewer, wanted(matches), now);
  }
  return { matches, open };
}

/** One page of one kind; `next` is the cursor of the page after, null on the last. */
export async function searchPage(
  db: Db,
  viewer: Viewer,
  fields: ProfileFieldsSetting,
  text: string,
  o: PageOptions,
  now = new Date(),
): Promise<{ hits: SearchHit[]; next: string | null }> {
  const after = o.next ? decodeSearchCursor(o.kind, o.sort, o.next) : undefined;
  const ctx = contextOf(viewer, fields, text, now);
  if (!ctx) return { hits: [], next: null };
  // Filters make a text's matches another set: such pages are not cached.
  if (o.authorId !== undefined || o.communityId !== undefined || o.from || o.to)
    return searchPageDirect(db, ctx, o, after);
  const i = SEARCH_KINDS.indexOf(o.kind);
  const byDate = o.sort === 'date';
  const take = SEARCH_LIMITS.pageSize + 1;
  const load = () => loadPageMatches(db, ctx, o.kind, o.sort);
  const startOf = (list: Candidate[]) => {
    if (!after) return 0;
    // After the cursor's own row; else after where its key falls.
    const own = list.findIndex((c) => c.id === after.id);
    if (own >= 0) return own + 1;
    const at = list.findIndex((c) => {
      const k = keyOf(byDate, c);
      return k < after.key || (k === after.key && c.id < after.id);
    });
    return at < 0 ? list.length : at;
  };
  const key = `page\u0000${o.kind}\u0000${o.sort}\u0000${ctx.key}`;
  // The ids of one round of checks, from `from` in the kind's matches.
  const round = (list: Candidate[], from: number) =>
    idsFor(
      i,
      list.slice(from, from + PAGE_CHECK).map((c) => c.id),
    );
  const first = await cachedAndOpen(
    db,
    viewer,
    key,
    load,
    (m) => round(m.lists[i] ?? [], startOf(m.lists[i] ?? [])),
    now,
  );
  const { matches } = first;
  const list = matches.lists[i] ?? [];
  const picks: Picked[] = [];
  let open = first.open;
  let from = startOf(list);
  for (let rounds = 1; ; rounds++) {
    const chunk = list.slice(from, from + PAGE_CHECK);
    for (const c of chunk) {
      const status = open.open[i]?.get(c.id);
      if (status !== undefined && picks.length < take) picks.push({ i, c, status });
    }
    from += chunk.length;
    if (picks.length >= take || from >= list.length) break;
    // A viewer who may open few of the matches: past a few rounds the direct query is cheaper.
    if (rounds >= PAGE_ROUNDS) return searchPageDirect(db, ctx, o, after);
    open = await visibleNow(db, KINDS, viewer, round(list, from), now);
    if (open.changes !== matches.changes) return searchPageDirect(db, ctx, o, after);
  }
  // The cached matches ran out before the page was full, but there are more: the rest is searched directly.
  if (picks.length < take && !matches.complete[i]) return searchPageDirect(db, ctx, o, after);
  const shown = picks.slice(0, SEARCH_LIMITS.pageSize);
  const hits = await detailsOf(db, ctx, matches, shown);
  const last = shown.at(-1);
  return {
    hits,
    next:
      picks.length > shown.length && last
        ? encodeSearchCursor(o.kind, o.sort, keyOf(byDate, last.c), last.c.id)
        : null,
  };
}

/** A suggestion's matches: the first SUGGEST_CANDIDATES of each kind (people: all), best first. */
function loadSuggestMatches(db: Db, ctx: SearchContext): Promise<Matches> {
  const parts = SEARCH_KINDS.map((kind, i) => {
    const spec = KINDS[kind];
    const cap = spec.uncapped ? sql`` : sql`limit ${literal(SUGGEST_CANDIDATES)}`;
    const capped = sql`select ${spec.id} as id, ${spec.at} as at, ${scoreOf(spec, ctx)} as score
      from ${matching(spec, ctx)} where ${conditions(spec, ctx, {}, undefined, false)} ${cap}`;
    return sql`select ${literal(i)} as kind_index, c.* from (select * from (${capped}) c
      order by c.score desc, c.id desc limit ${literal(SUGGEST_CANDIDATES)}) c`;
  });
  return inSearchTransaction(db, { ginLimit: SUGGEST_GIN_LIMIT }, async (tx, changes) => {
    const rows = await queryRows<Candidate & { kind_index: number }>(tx, sql.join(parts, sql` union all `));
    const best = (a: Candidate, b: Candidate) => b.score - a.score || b.id - a.id;
    const lists = SEARCH_KINDS.map((_, i) =>
      rows
        .filter((r) => r.kind_index === i)
        .map(({ id, at, score }) => ({ id, at, score }))
        .sort(best),
    );
    return { changes, lists, complete: lists.map((l) => l.length < SUGGEST_CANDIDATES), details: new Map() };
  });
}

/**
 * A few of each kind, best first among the first SUGGEST_CANDIDATES matches the viewer may open. The
 * matches are cached; the viewer's are checked best first, SUGGEST_FIRST_CHECK of each kind, then the rest
 * of the kinds that had too few.
 */
export async function suggest(
  db: Db,
  viewer: Viewer,
  fields: ProfileFieldsSetting,
  text: string,
  now = new Date(),
) {
  const ctx = contextOf(viewer, fields, text, now, true);
  if (!ctx) return { groups: SEARCH_KINDS.map((kind) => ({ kind, hits: [] as SearchHit[] })) };
  const per = SEARCH_LIMITS.suggestPerKind;
  const { matches, open } = await cachedAndOpen(
    db,
    viewer,
    `suggest\u0000${ctx.key}`,
    () => loadSuggestMatches(db, ctx),
    (m) => m.lists.map((l) => l.slice(0, SUGGEST_FIRST_CHECK).map((c) => c.id)),
    now,
  );
  const shortOf = (i: number) =>
    (matches.lists[i]?.length ?? 0) > SUGGEST_FIRST_CHECK && (open.open[i]?.size ?? 0) < per;
  const rest = matches.lists.map((l, i) => (shortOf(i) ? l.slice(SUGGEST_FIRST_CHECK).map((c) => c.id) : []));
  const more = rest.some((ids) => ids.length > 0)
    ? await visibleNow(db, KINDS, viewer, rest, now)
    : undefined;
  const picks = matches.lists.flatMap((list, i) => {
    const checked = [open.open[i], more?.open[i]];
    return list
      .flatMap((c) => {
        const found = checked.find((m) => m?.has(c.id));
        return found ? [{ i, c, status: found.get(c.id) ?? null }] : [];
      })
      .slice(0, per);
  });
  const hits = await detailsOf(db, ctx, matches, picks);
  return { groups: SEARCH_KINDS.map((kind) => ({ kind, hits: hits.filter((h) => h.kind === kind) })) };
}

export type CountOptions = Pick<PageOptions, 'authorId' | 'from' | 'to'>;
export type KindCount = { kind: SearchKind; count: number; more: boolean };

/**
 * A count's matches per kind: the first COUNT_CANDIDATES (one more says there are others), unranked, for
 * anyone; each answer checks which of them the viewer may open, COUNT_CHECK at a time. Staff may open
 * most of what matches, so the first check nearly always settles a count capped at
 * SEARCH_LIMITS.countUpTo. The visibility check is most of a count's cost: with 100 as the cap and 120
 * checked a kind, a summary cost 2.5 results pages under load; with 50 and 60, 1.3 (bench/search.mjs).
 */
export const COUNT_CANDIDATES = 240;
const COUNT_CHECK = 60;

function loadCountMatches(db: Db, ctx: SearchContext): Promise<Matches> {
  const parts = SEARCH_KINDS.map((kind, i) => {
    const spec = KINDS[kind];
    return sql`select * from (select ${literal(i)} as kind_index, ${spec.id} as id, ${spec.at} as at, 0 as score
      from ${matching(spec, ctx)} where ${conditions(spec, ctx, {}, undefined, false)}
      limit ${literal(COUNT_CANDIDATES + 1)}) c`;
  });
  return inSearchTransaction(db, {}, async (tx, changes) => {
    const rows = await queryRows<Candidate & { kind_index: number }>(tx, sql.join(parts, sql` union all `));
    const all = SEARCH_KINDS.map((_, i) =>
      rows.filter((r) => r.kind_index === i).map(({ id, at, score }) => ({ id, at, score })),
    );
    return {
      changes,
      lists: all.map((l) => l.slice(0, COUNT_CANDIDATES)),
      complete: all.map((l) => l.length <= COUNT_CANDIDATES),
      details: new Map(),
    };
  });
}

/** Counts of the given kinds read directly: their matches with the viewer's visibility and the filters. */
async function countDirect(db: Db, ctx: SearchContext, o: CountOptions, kinds: number[]) {
  const upTo = SEARCH_LIMITS.countUpTo;
  const parts = kinds.map((i) => {
    const spec = KINDS[SEARCH_KINDS[i] as SearchKind];
    return sql`select ${literal(i)} as kind_index, count(*)::int as n from (select 1 from ${matching(spec, ctx)}
      where ${conditions(spec, ctx, o)} limit ${literal(upTo + 1)}) c`;
  });
  const rows = await inSearchTransaction(db, {}, (tx) =>
    queryRows<{ kind_index: number; n: number }>(tx, sql.join(parts, sql` union all `)),
  );
  return new Map(rows.map((r) => [r.kind_index, r.n]));
}

/**
 * How many results of each kind the viewer may open, with the filters that every tab keeps, up to
 * SEARCH_LIMITS.countUpTo (`more` beyond). Without filters from the shared matches (cached like a page's,
 * ADR 036) and the viewer's visibility of them; a kind they do not settle, and every kind of a filtered
 * search, is counted directly.
 */
export async function searchCounts(
  db: Db,
  viewer: Viewer,
  fields: ProfileFieldsSetting,
  text: string,
  o: CountOptions,
  now = new Date(),
): Promise<KindCount[]> {
  const ctx = contextOf(viewer, fields, text, now);
  if (!ctx) return SEARCH_KINDS.map((kind) => ({ kind, count: 0, more: false }));
  const upTo = SEARCH_LIMITS.countUpTo;
  const counted = (n: number) => ({ count: Math.min(n, upTo), more: n > upTo });
  const all = SEARCH_KINDS.map((_, i) => i);
  if (o.authorId !== undefined || o.from || o.to) {
    const direct = await countDirect(db, ctx, o, all);
    return SEARCH_KINDS.map((kind, i) => ({ kind, ...counted(direct.get(i) ?? 0) }));
  }
  const round = (m: Matches, from: number) =>
    m.lists.map((l) => l.slice(from, from + COUNT_CHECK).map((c) => c.id));
  const first = await cachedAndOpen(
    db,
    viewer,
    `count\u0000${ctx.key}`,
    () => loadCountMatches(db, ctx),
    (m) => round(m, 0),
    now,
  );
  const { matches } = first;
  const seen = SEARCH_KINDS.map((_, i) => first.open.open[i]?.size ?? 0);
  // A kind with fewer than the cap open so far and more matches: the next of its candidates, then the
  // database when they run out.
  const short = (i: number, checked: number) =>
    (seen[i] ?? 0) <= upTo && ((matches.lists[i]?.length ?? 0) > checked || !matches.complete[i]);
  let checked = COUNT_CHECK;
  for (; checked < COUNT_CANDIDATES; checked += COUNT_CHECK) {
    const at = checked;
    const more = all.filter((i) => short(i, at) && (matches.lists[i]?.length ?? 0) > at);
    if (more.length === 0) break;
    const next = round(matches, at).map((ids, i) => (more.includes(i) ? ids : []));
    const open = await visibleNow(db, KINDS, viewer, next, now);
    // Written to meanwhile: what is left unchecked is counted by the database.
    if (open.changes !== matches.changes) break;
    for (const i of more) seen[i] = (seen[i] ?? 0) + (open.open[i]?.size ?? 0);
  }
  const unsettled = all.filter((i) => short(i, checked));
  const direct = unsettled.length > 0 ? await countDirect(db, ctx, o, unsettled) : new Map<number, number>();
  return SEARCH_KINDS.map((kind, i) => ({ kind, ...counted(direct.get(i) ?? seen[i] ?? 0) }));
}
