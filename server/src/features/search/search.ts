// Global search (issue 17, ADR 031): as-you-type suggestions over every kind, and one kind's page with
// filters, sorting by relevance or date, snippets and keyset paging. Each kind says where its rows come
// from and who sees them (kinds/); this module builds the two-step query every kind shares: the page's ids,
// scores and dates first (the GIN index finds the matches, the visibility rule filters them), then the
// result's columns and its snippet for those rows only.
import { SEARCH_LIMITS, type SearchHit, type SearchKind, type SearchSort } from '@hearth/contract';
import { and, type SQL, sql } from 'drizzle-orm';
import { type Db, queryRows } from '../../db/client';
import { literal, tsParam } from '../../db/params';
import type { Viewer } from '../communities/access';
import { decodeSearchCursor, encodeSearchCursor, type SearchCursor } from './cursor';
import { type KindSpec, type ResultRow, rankScore, type SearchContext, tsquery } from './kind-spec';
import { communitiesKind, messagesKind } from './kinds/communities';
import { peopleKind } from './kinds/people';
import { commentsKind, communityPostsKind, feedPostsKind } from './kinds/posts';
import { surveysKind } from './kinds/surveys';
import { presentHit } from './presenter';
import { parseSearch } from './query-text';

export const KINDS: Record<SearchKind, KindSpec> = {
  posts: feedPostsKind,
  communityPosts: communityPostsKind,
  comments: commentsKind,
  messages: messagesKind,
  communities: communitiesKind,
  people: peopleKind,
  surveys: surveysKind,
};

/** Suggestions rank the first this many matches of a kind, not all: a one-letter prefix matches most rows. */
export const SUGGEST_CANDIDATES = 40;
/**
 * And the GIN index hands them at most about this many matches, a sample when there are more
 * (gin_fuzzy_search_limit): three typed letters can match half the posts, and reading all their rows to
 * keep 200 cost 150 ms at 100,000 posts (bench/search.mjs).
 */
export const SUGGEST_GIN_LIMIT = 1000;
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
 * for suggestions a cap on what the GIN index hands over.
 */
async function inSearchTransaction<T>(db: Db, o: { ginLimit?: number }, run: (tx: Db) => Promise<T>) {
  return db.transaction(async (tx) => {
    // One round trip for both settings.
    await tx.execute(
      sql`select set_config('jit', 'off', true), set_config('gin_fuzzy_search_limit', ${String(o.ginLimit ?? 0)}, true)`,
    );
    return run(tx);
  });
}

const scoreOf = (spec: KindSpec, ctx: SearchContext) =>
  spec.score ? spec.score(ctx) : rankScore(spec.vector, ctx);

function contextOf(viewer: Viewer, text: string, now: Date, suggest = false): SearchContext | undefined {
  const parsed = parseSearch(text);
  if (!parsed.tsquery) return undefined;
  const ctx: SearchContext = { viewer, now, q: tsquery(parsed.tsquery), plain: parsed.plain };
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

/** The candidates' WHERE: visibility, filters and the cursor. */
function conditions(spec: KindSpec, ctx: SearchContext, o: Partial<PageOptions>, after?: SearchCursor) {
  const where: (SQL | undefined)[] = [spec.visible(ctx)];
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

/** The page's rows with their columns; `candidates` answers id, at and score. */
function withDetails(spec: KindSpec, ctx: SearchContext, candidates: SQL, order: SQL) {
  const details = spec.details(ctx);
  return sql`select s.id, s.at, s.score, ${details.select} from (${candidates}) s ${details.joins} order by ${order}`;
}

/** One page of one kind; `next` is the cursor of the page after, null on the last. */
export async function searchPage(
  db: Db,
  viewer: Viewer,
  text: string,
  o: PageOptions,
  now = new Date(),
): Promise<{ hits: SearchHit[]; next: string | null }> {
  const after = o.next ? decodeSearchCursor(o.kind, o.sort, o.next) : undefined;
  const ctx = contextOf(viewer, text, now);
  if (!ctx) return { hits: [], next: null };
  const spec = KINDS[o.kind];
  const take = SEARCH_LIMITS.pageSize + 1;
  const byDate = o.sort === 'date';
  const score = scoreOf(spec, ctx);
  const candidates = sql`select ${spec.id} as id, ${spec.at} as at, ${score} as score
    from ${matching(spec, ctx)} where ${conditions(spec, ctx, o, after)}
    order by ${byDate ? sql`${spec.at} desc` : sql`${score} desc`}, ${spec.id} desc
    limit ${literal(take)}`;
  const rows = await inSearchTransaction(db, {}, (tx) =>
    queryRows<ResultRow>(
      tx,
      withDetails(spec, ctx, candidates, byDate ? sql`s.at desc, s.id desc` : sql`s.score desc, s.id desc`),
    ),
  );
  const shown = rows.slice(0, SEARCH_LIMITS.pageSize);
  const last = shown.at(-1);
  const key = (r: ResultRow) => (byDate ? new Date(r.at as string | Date).getTime() : Number(r.score));
  return {
    hits: shown.map((r) => presentHit(o.kind, r)),
    next: rows.length > shown.length && last ? encodeSearchCursor(o.kind, o.sort, key(last), last.id) : null,
  };
}

/**
 * A few of each kind, best first among the first SUGGEST_CANDIDATES matches. One statement for all kinds
 * (UNION ALL): one round trip and one pooled connection per keystroke, not seven.
 */
export async function suggest(db: Db, viewer: Viewer, text: string, now = new Date()) {
  const ctx = contextOf(viewer, text, now, true);
  const kinds = Object.keys(KINDS) as SearchKind[];
  if (!ctx) return { groups: kinds.map((kind) => ({ kind, hits: [] })) };
  const parts = kinds.map((kind, i) => {
    const spec = KINDS[kind];
    const cap = spec.uncapped ? sql`` : sql`limit ${literal(SUGGEST_CANDIDATES)}`;
    const capped = sql`select ${spec.id} as id, ${spec.at} as at, ${scoreOf(spec, ctx)} as score
      from ${matching(spec, ctx)} where ${conditions(spec, ctx, {})} ${cap}`;
    const best = sql`select * from (${capped}) c order by c.score desc, c.id desc
      limit ${literal(SEARCH_LIMITS.suggestPerKind)}`;
    return sql`select ${literal(i)} as kind_index, k.* from (${withDetails(spec, ctx, best, sql`s.score desc, s.id desc`)}) k`;
  });
  const rows = await inSearchTransaction(db, { ginLimit: SUGGEST_GIN_LIMIT }, (tx) =>
    queryRows<ResultRow & { kind_index: number }>(tx, sql.join(parts, sql` union all `)),
  );
  const best = (a: ResultRow, b: ResultRow) => b.score - a.score || b.id - a.id;
  return {
    groups: kinds.map((kind, i) => ({
      kind,
      hits: rows
        .filter((r) => r.kind_index === i)
        .sort(best)
        .map((r) => presentHit(kind, r)),
    })),
  };
}
