// Stale-while-revalidate on a bounded in-memory cache (spec §9: data is fresh
// for 5 minutes and kept for 30). A stale copy is served at once while one
// background refresh fetches a new one, so a reader never waits on a slow
// remote when any copy exists.
import { LRUCache } from "lru-cache";

export const FRESH_MS = 5 * 60_000;
export const KEEP_MS = 30 * 60_000;

type Entry = { value: NonNullable<unknown>; fetchedAt: number };

export function createSwrCache({ maxEntries = 500, maxBytes = 32 * 1024 * 1024, now = Date.now } = {}) {
  const store = new LRUCache<string, Entry>({
    max: maxEntries,
    ttl: KEEP_MS,
    // Rough size: the JSON text of the value, so a few huge stories cannot take the memory.
    maxSize: maxBytes,
    sizeCalculation: (entry) => Math.max(1, JSON.stringify(entry.value).length),
    perf: { now },
  });
  const inflight = new Map<string, Promise<unknown>>();

  function refresh<T extends NonNullable<unknown>>(key: string, load: () => Promise<T>): Promise<T> {
    const running = inflight.get(key);
    if (running) return running as Promise<T>;
    const promise = load()
      .then((value) => {
        store.set(key, { value, fetchedAt: now() });
        return value;
      })
      .finally(() => inflight.delete(key));
    inflight.set(key, promise);
    return promise;
  }

  return {
    async get<T extends NonNullable<unknown>>(key: string, load: () => Promise<T>): Promise<T> {
      const entry = store.get(key);
      if (!entry) return refresh(key, load);
      if (now() - entry.fetchedAt > FRESH_MS) {
        // Failures of a background refresh keep the stale copy; the next reader tries again.
        refresh(key, load).catch(() => {});
      }
      return entry.value as T;
    },
    clear() {
      store.clear();
    },
    get size() {
      return store.size;
    },
  };
}
