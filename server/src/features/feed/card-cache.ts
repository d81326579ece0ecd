// What a feed card shows besides its counters and the viewer's like and favourite changes only when the
// post is saved, which moves its updated_at. The feed pages therefore read from the database just the ids,
// updated_at, counters and the viewer's actions, and take the rest from this cache when the version
// matches: the database skips the relation subqueries and Node the JSON of them (ADR 009). Several
// instances stay correct because the version comes from the database on every page. What can lag, by at
// most TTL_MS, is what lives outside the post: its author's name and picture, group and category names.
import type { FeedPost } from '@hearth/contract';
import type { Db } from '../../db/client';

/** A card without its counters and viewer flags: the part that only changes with the post's updated_at. */
export type CardContent = Omit<
  FeedPost,
  'likes' | 'favourites' | 'comments' | 'actions' | 'isLiked' | 'isFavourited'
>;

const MAX_ENTRIES = 5_000;
const TTL_MS = 30_000;

type Entry = { version: number; content: CardContent; storedAt: number };

/** A bounded map of card contents by post id; the oldest insertions go first when it is full. */
export class CardCache {
  private readonly entries = new Map<number, Entry>();

  get(id: number, version: number, now = Date.now()): CardContent | undefined {
    const entry = this.entries.get(id);
    if (!entry || entry.version !== version || now - entry.storedAt > TTL_MS) return undefined;
    return entry.content;
  }

  set(id: number, version: number, content: CardContent, now = Date.now()): void {
    this.entries.delete(id);
    this.entries.set(id, { version, content, storedAt: now });
    if (this.entries.size > MAX_ENTRIES) {
      const oldest = this.entries.keys().next();
      if (!oldest.done) this.entries.delete(oldest.value);
    }
  }
}

const caches = new WeakMap<Db, CardCache>();

/** The cache of one database: test apps share the process but not their posts' ids. */
export function cardCacheOf(db: Db): CardCache {
  let cache = caches.get(db);
  if (!cache) {
    cache = new CardCache();
    caches.set(db, cache);
  }
  return cache;
}
