// "Did you mean" (issue 33): a search word that no searchable text holds, not even as the start of a word,
// is replaced by the closest word that one does (pg_trgm similarity over search_words, its GIN index).
// The words come from every searchable row, whoever may see it, so a spelling is only offered when the
// searcher finds something with it (summary.ts): it can never name what they may not open.
//
// The list is refreshed from the search vectors by a job, hourly (and at once when it is empty, a first
// start), not by the writes: a word of a post published a minute ago is found by the search at once, it is
// only not offered as a correction yet.
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { type Db, queryRows } from '../../db/client';
import { tsParam } from '../../db/params';
import { keepDayRunQueued } from '../../platform/daily-job';

/**
 * Where the words come from: the titles and texts of posts, communities and surveys, and the names of
 * colleagues (access/people.ts; not job titles, which the profile-fields setting may hide, nor the names
 * of deactivated people, whom nobody finds). Not comments and discussion messages: their typos ("teh")
 * would become corrections.
 */
const SOURCES = [
  'select search_vector from feed_posts',
  'select search_vector from communities',
  'select search_vector from surveys',
  "select ts_filter(search_vector, '{a}') from users where is_active and is_verified",
].join(' union all ');

/** The most common words kept; a typo is rarely a correction of a word written once in a long tail. */
export const WORDS_KEPT = 100_000;
/** Words shorter than this are never corrected, nor offered: two or three letters are too many others' typos. */
export const MIN_CORRECTED = 4;
/** Longer words are neither kept nor corrected: no word of a text runs that long, a pasted token does. */
const MAX_CORRECTED = 40;
/** How alike (pg_trgm similarity, 0 to 1) a word must be to replace a typed one. */
const MIN_SIMILARITY = 0.35;

/**
 * Rebuilds search_words from the search vectors: one statement adds and updates (ts_stat reads the vectors
 * only), one removes the words no longer found. Nothing else writes the table, so no transaction is held
 * across the two; a search between them sees a word that is about to go, which it only offers if it finds
 * something with it. Answers the number of words kept.
 */
export async function refreshSearchWords(db: Db, now = new Date()): Promise<number> {
  const rows = await queryRows<{ word: string }>(
    db,
    sql`insert into search_words (word, rows, seen_at)
      select word, ndoc, ${tsParam(now)} from ts_stat(${SOURCES})
      where length(word) between ${MIN_CORRECTED} and ${MAX_CORRECTED} and word ~ '^[[:alpha:]]+$'
      order by ndoc desc, word limit ${WORDS_KEPT}
      on conflict (word) do update set rows = excluded.rows, seen_at = excluded.seen_at
      returning word`,
  );
  await db.execute(sql`delete from search_words where seen_at < ${tsParam(now)}`);
  respellings.delete(db);
  return rows.length;
}

/** The words of a text as the search reads them (query-text.ts), with where each stands. */
const WORD = /[\p{L}\p{M}\p{N}]+/gu;

/**
 * The text with each unknown word replaced by the closest known one, or null when every word is known or
 * none has a close one. A word is known when a known word starts with it (the search takes words as
 * prefixes); words with digits, and short ones, are left as typed.
 */
export function respell(db: Db, text: string): Promise<string | null> {
  const kept = respellings.get(db) ?? new Map();
  respellings.set(db, kept);
  const hit = kept.get(text);
  if (hit && Date.now() - hit.at < RESPELL_KEPT_MS) return hit.value;
  const value = respellNow(db, text);
  value.catch(() => kept.delete(text));
  kept.delete(text);
  kept.set(text, { at: Date.now(), value });
  // The oldest first (a Map keeps the order of insertion).
  for (const key of kept.keys()) {
    if (kept.size <= RESPELL_TEXTS) break;
    kept.delete(key);
  }
  return value;
}

/**
 * Respellings of recent texts, per database: the same for every searcher, and the word list changes
 * hourly; a refresh on this instance clears them, another instance's within RESPELL_KEPT_MS.
 */
const respellings = new WeakMap<Db, Map<string, { at: number; value: Promise<string | null> }>>();
const RESPELL_KEPT_MS = 10 * 60_000;
const RESPELL_TEXTS = 5_000;

async function respellNow(db: Db, text: string): Promise<string | null> {
  const found = [...text.matchAll(WORD)].filter(
    (m) => m[0].length >= MIN_CORRECTED && m[0].length <= MAX_CORRECTED && !/\p{N}/u.test(m[0]),
  );
  const words = [...new Set(found.map((m) => m[0].toLowerCase()))];
  if (words.length === 0) return null;
  const rows = await queryRows<{ typed: string; best: string | null }>(
    db,
    sql`select w.typed, case when exists (select 1 from search_words k where k.word like w.plain || '%')
        then null
        else (select k.word from search_words k where k.word % w.plain and similarity(k.word, w.plain) >= ${MIN_SIMILARITY}
          order by k.word <-> w.plain, k.rows desc, k.word limit 1) end as best
      from (select typed, lower(public.hearth_unaccent(typed)) as plain
        from unnest(${`{${words.map((w) => `"${w}"`).join(',')}}`}::text[]) as typed) w`,
  );
  const better = new Map(rows.flatMap((r) => (r.best ? [[r.typed, r.best] as const] : [])));
  if (better.size === 0) return null;
  return text.replace(WORD, (word) => {
    const known = better.get(word.toLowerCase());
    return known ? inCaseOf(word, known) : word;
  });
}

/** `known` (lower case) written as `typed` was: "Johannesbrug" gives "Johannesburg", "HEARHT" "HEARTH". */
function inCaseOf(typed: string, known: string): string {
  if (typed.length > 1 && typed === typed.toUpperCase()) return known.toUpperCase();
  const first = typed.charAt(0);
  return first !== first.toLowerCase() ? known.charAt(0).toUpperCase() + known.slice(1) : known;
}

/** The hourly refresh, on its own queue, and one at start while the list is empty (a new database). */
export async function installSearchWords(app: FastifyInstance): Promise<void> {
  await app.jobs.work('searchWords', async () => {
    const kept = await refreshSearchWords(app.db);
    app.log.info({ words: kept }, 'search words refreshed');
  });
  await keepDayRunQueued(app, 'searchWords', 'search words', 'hour');
  // No id: a start that finds the list empty always fills it, even after an earlier start this hour found
  // nothing to read (a new database, data loaded since); instances starting together refresh it twice.
  const [any] = await queryRows<{ one: number }>(app.db, sql`select 1 as one from search_words limit 1`);
  if (!any) await app.jobs.send('searchWords', {});
}
