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
/** A card as loaded from the database: its content at the version it was read. */
export type LoadedCard = { id: number; version: number; content: CardContent };

/** A bounded map of card contents by post id; the oldest insertions go first when it is full. */
export class CardCache {
  private readonly entries = new Map<number, Entry>();
  /** Loads on their way, by post id: a request that misses the same card waits for it (see `contents`). */
  private readonly loading = new Map<number, Promise<LoadedCard | undefined>>();

  /**
   * The contents of the wanted cards at their versions: from the cache, from a load another request has
   * on its way, or loaded (the rest in one call of `load`, which answers the posts that still exist).
   * Why the shared loads: a page's cards are stored together, so they expire together (TTL_MS); at 1,000
   * pages a second every request of the next milliseconds missed them, and each loaded them again: a herd
   * of the same query on the pool's few connections. Now one load a card per instance. A shared load that
   * read another version than a waiting request's row (an edit between the two) is not used by that
   * request: it loads its own.
   */
  async contents(
    wanted: { id: number; version: number }[],
    load: (ids: number[]) => Promise<LoadedCard[]>,
    now = Date.now(),
  ): Promise<Map<number, CardContent>> {
    const found = new Map<number, CardContent>();
    const waits: [{ id: number; version: number }, Promise<LoadedCard | undefined>][] = [];
    const toLoad: number[] = [];
    for (const card of wanted) {
      const cached = this.get(card.id, card.version, now);
      if (cached) found.set(card.id, cached);
      else {
        const pending = this.loading.get(card.id);
        if (pending) waits.push([card, pending]);
        else toLoad.push(card.id);
      }
    }
    const stale: number[] = [];
    const keep = (loaded: LoadedCard[]) => {
      for (const card of loaded) {
        this.set(card.id, card.version, card.content);
        found.set(card.id, card.content);
      }
    };
    if (toLoad.length > 0) {
      const shared = load(toLoad);
      const byId = shared.then((loaded) => new Map(loaded.map((card) => [card.id, card])));
      for (const id of toLoad) {
        const one = byId.then((cards) => cards.get(id));
        // A failed load fails its own request; those waiting on it see nothing and load again.
        const settled = one.catch(() => undefined);
        this.loading.set(id, settled);
        void settled.then(() => {
          if (this.loading.get(id) === settled) this.loading.delete(id);
        });
      }
      keep(await shared);
    }
    for (const [card, pending] of waits) {
      const loaded = await pending;
      if (loaded && loaded.version === card.version) found.set(card.id, loaded.content);
      else stale.push(card.id);
    }
    if (stale.length > 0) keep(await load(stale));
    return found;
  }

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
