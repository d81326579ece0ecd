// The matches of a search, shared by everyone who searches the same text (ADR 035). What a text matches,
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

/** Texts kept per instance; the least recently used go first. A large entry holds a few thousand rows. */
const MAX_ENTRIES = 2_000;

export class MatchCache {
  private readonly entries = new Map<string, Promise<Matches>>();

  /**
   * The matches of `key`: cached, on their way for another request (a text typed by many at once is read
   * once), or loaded now. A failed load is not kept.
   */
  get(key: string, load: () => Promise<Matches>): Promise<Matches> {
    const hit = this.entries.get(key);
    if (hit) {
      this.entries.delete(key);
      this.entries.set(key, hit);
      return hit;
    }
    const loading = load();
    this.entries.set(key, loading);
    loading.catch(() => this.forget(key, loading));
    if (this.entries.size > MAX_ENTRIES) {
      const oldest = this.entries.keys().next().value;
      if (oldest !== undefined) this.entries.delete(oldest);
    }
    return loading;
  }

  /** Drops `entry` if it is still the one kept for `key` (a newer load may have replaced it). */
  forget(key: string, entry: Promise<Matches>): void {
    if (this.entries.get(key) === entry) this.entries.delete(key);
  }

  /** Drops every entry, loads on their way included: they may have read what just changed. */
  clear(): void {
    this.entries.clear();
  }

  get size(): number {
    return this.entries.size;
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
