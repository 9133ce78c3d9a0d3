// Stale-while-revalidate on a bounded in-memory cache (spec §9: data is fresh
// for 5 minutes and kept for 30). A stale copy is served at once while one
// background refresh fetches a new one, so a reader never waits on a slow
// remote when any copy exists.
//
// Keys come from requests (a slug, a search), so anyone can make new ones:
// the cache is bounded in entries and in bytes, and answers that found
// nothing (a story not there, an empty search) live in a second, small cache
// of their own, so a stream of misses cannot push the stories readers read
// out of the first.
import { LRUCache } from "lru-cache";

export const FRESH_MS = 5 * 60_000;
export const KEEP_MS = 30 * 60_000;

type Entry = { value: NonNullable<unknown>; fetchedAt: number; size: number };

export type SwrCacheOptions = {
  maxEntries?: number;
  maxBytes?: number;
  /** Whether a value is a miss ("not found here"), kept in the small cache. */
  isMiss?: (value: unknown) => boolean;
  maxMisses?: number;
  maxMissBytes?: number;
  now?: () => number;
};

/** Rough size of a value: its JSON text (UTF-16 code units ~ bytes of the ASCII-heavy text it holds). */
export function sizeOf(value: unknown): number {
  return Math.max(1, JSON.stringify(value)?.length ?? 1);
}

function store(max: number, maxSize: number, now: () => number) {
  return new LRUCache<string, Entry>({
    max,
    ttl: KEEP_MS,
    maxSize,
    // The key is held too: a 2 KB search string costs its bytes even when its answer is empty.
    sizeCalculation: (entry, key) => entry.size + key.length,
    perf: { now },
  });
}

export function createSwrCache({
  maxEntries = 500,
  maxBytes = 32 * 1024 * 1024,
  isMiss = () => false,
  maxMisses = 1_000,
  maxMissBytes = 512 * 1024,
  now = Date.now,
}: SwrCacheOptions = {}) {
  const hits = store(maxEntries, maxBytes, now);
  const misses = store(maxMisses, maxMissBytes, now);
  const inflight = new Map<string, Promise<unknown>>();

  function refresh<T extends NonNullable<unknown>>(key: string, load: () => Promise<T>): Promise<T> {
    const running = inflight.get(key);
    if (running) return running as Promise<T>;
    const promise = load()
      .then((value) => {
        const entry = { value, fetchedAt: now(), size: sizeOf(value) };
        // A story found after a miss (or gone after a hit) moves to the other cache.
        if (isMiss(value)) {
          hits.delete(key);
          misses.set(key, entry);
        } else {
          misses.delete(key);
          hits.set(key, entry);
        }
        return value;
      })
      .finally(() => inflight.delete(key));
    inflight.set(key, promise);
    return promise;
  }

  return {
    async get<T extends NonNullable<unknown>>(key: string, load: () => Promise<T>): Promise<T> {
      const entry = hits.get(key) ?? misses.get(key);
      if (!entry) return refresh(key, load);
      if (now() - entry.fetchedAt > FRESH_MS) {
        // Failures of a background refresh keep the stale copy; the next reader tries again.
        refresh(key, load).catch(() => {});
      }
      return entry.value as T;
    },
    /** Whether a copy of the key is held (fresh or stale), without loading or touching it. */
    has(key: string) {
      return hits.has(key) || misses.has(key);
    },
    clear() {
      hits.clear();
      misses.clear();
    },
    get size() {
      return hits.size + misses.size;
    },
    /** Entries and bytes held, of the hits and the misses, for tests and metrics. */
    stats() {
      return {
        hits: { entries: hits.size, bytes: hits.calculatedSize },
        misses: { entries: misses.size, bytes: misses.calculatedSize },
      };
    },
  };
}
