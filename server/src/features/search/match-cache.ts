// The matches of a search, shared by everyone who searches the same text (ADR 036). What a text matches,
// how the matches rank and what a result shows are the same for every viewer; only who may open each row
// differs, and that is never cached: every answer reads it from the database for the rows it would show
// (visible-now.ts), with the change counter that tells whether the cached matches still hold. So a keystroke
// costs one prepared statement instead of seven searches with their visibility rules.
// Every write that changes what is matched or shown bumps the counter and, at commit, tells every instance
// to drop its entries (migration 0020, platform/events.ts `searchChanged`).
import type { Db } from '../../db/client';
import type { ResultRow } from './kind-spec';

export type Candidate = { id: number; at: Date | string | null; score: number };

/** A search's matches: per kind (by index), the rows best first, read without visibility. */
export type Matches = {
  /** The database's change counter when the matches were read (`search_changes`). */
  changes: string;
  lists: Candidate[][];
  /** Per kind: whether the list holds every match rather than the first ones up to its limit. */
  complete: boolean[];
  /** The columns of the results shown so far, by `kindIndex:id`: loaded once, for the rows shown. */
  details: Map<string, ResultRow>;
};

/** Texts kept per instance; the least recently used go first. */
const MAX_ENTRIES = 2_000;
/**
 * And at most this many matches in all (a results page keeps up to 500, a suggestion up to 700, a tab
 * count up to 840): about 20 MB a process at some 100 bytes a match, whatever the mix of texts.
 */
const MAX_MATCHES = 200_000;

type Entry = { matches: Promise<Matches>; size: number };

const sizeOf = (m: Matches) => m.lists.reduce((n, list) => n + list.length, 0);

export class MatchCache {
  private readonly entries = new Map<string, Entry>();
  /** The matches of the loaded entries kept. */
  private held = 0;

  /**
   * The matches of `key`: cached, on their way for another request (a text typed by many at once is read
   * once), or loaded now. A failed load is not kept.
   */
  get(key: string, load: () => Promise<Matches>): Promise<Matches> {
    const hit = this.entries.get(key);
    if (hit) {
      this.entries.delete(key);
      this.entries.set(key, hit);
      return hit.matches;
    }
    const entry: Entry = { matches: load(), size: 0 };
    this.entries.set(key, entry);
    entry.matches.then(
      (m) => {
        if (this.entries.get(key) !== entry) return;
        entry.size = sizeOf(m);
        this.held += entry.size;
        this.evict();
      },
      () => this.forget(key, entry.matches),
    );
    this.evict();
    return entry.matches;
  }

  /** Drops `matches` if they are still what is kept for `key` (a newer load may have replaced them). */
  forget(key: string, matches: Promise<Matches>): void {
    const entry = this.entries.get(key);
    if (entry?.matches !== matches) return;
    this.entries.delete(key);
    this.held -= entry.size;
  }

  /** Drops every entry, loads on their way included: they may have read what just changed. */
  clear(): void {
    this.entries.clear();
    this.held = 0;
  }

  get size(): number {
    return this.entries.size;
  }

  private evict(): void {
    for (const [key, entry] of this.entries) {
      if (this.entries.size <= MAX_ENTRIES && this.held <= MAX_MATCHES) return;
      this.forget(key, entry.matches);
    }
  }
}

/** One cache per database handle, like the card cache: tests build many apps in one process. */
const caches = new WeakMap<Db, MatchCache>();

export function matchCacheOf(db: Db): MatchCache {
  let cache = caches.get(db);
  if (!cache) {
    cache = new MatchCache();
    caches.set(db, cache);
  }
  return cache;
}
