// Data fetched in the browser (spec §9 "Data freshness" and "Query retry"):
// an answer is fresh for 5 minutes (asked again it is served from memory),
// kept 30 minutes after its last reader left, and never fetched again because
// the window got the focus back. A failed fetch is retried: never on auth,
// forbidden, validation or not-found errors, up to 2 times on network or
// server errors, once otherwise. invalidateQueries() is what a refresh (pull
// to refresh, the refresh helper) calls to make everything stale.
import { useCallback, useEffect, useRef, useSyncExternalStore } from "react";
import { ApiRequestError, apiRequest } from "./api-client";

export const QUERY_DEFAULTS = {
  staleTime: 5 * 60_000,
  gcTime: 30 * 60_000,
  refetchOnWindowFocus: false,
} as const;

const NO_RETRY = new Set(["UNAUTHORIZED", "FORBIDDEN", "VALIDATION_ERROR", "NOT_FOUND"]);
const RETRY_TWICE = new Set(["NETWORK_ERROR", "SERVER_ERROR"]);

/** How many retries an error gets (spec §9). */
export function retriesFor(error: unknown): number {
  const code = error instanceof ApiRequestError ? error.code : "UNKNOWN";
  if (NO_RETRY.has(code)) return 0;
  if (RETRY_TWICE.has(code)) return 2;
  return 1;
}

/** Whether a query that has failed `failureCount` times (1 after the first) is tried again. */
export function shouldRetry(failureCount: number, error: unknown): boolean {
  return failureCount <= retriesFor(error);
}

/** The wait before retry n (1, 2, ...): 1 s, 2 s, 4 s ... at most 30 s. */
export function retryDelay(attempt: number): number {
  return Math.min(1000 * 2 ** (attempt - 1), 30_000);
}

type Entry = {
  data?: unknown;
  error?: unknown;
  updatedAt: number;
  promise: Promise<unknown> | null;
  listeners: Set<() => void>;
  gcTimer: ReturnType<typeof setTimeout> | null;
  /** A stable snapshot for useSyncExternalStore, replaced on every change. */
  snapshot: QueryState<unknown>;
};

export type QueryState<T> = {
  data: T | undefined;
  error: unknown;
  status: "pending" | "success" | "error";
  isFetching: boolean;
  updatedAt: number;
};

export type QueryOptions = {
  staleTime?: number;
  /** Test hook: the wait before a retry. */
  retryDelay?: (attempt: number) => number;
};

const entries = new Map<string, Entry>();
const EMPTY: QueryState<never> = { data: undefined, error: null, status: "pending", isFetching: false, updatedAt: 0 };

function entryFor(key: string): Entry {
  let entry = entries.get(key);
  if (!entry) {
    entry = { updatedAt: 0, promise: null, listeners: new Set(), gcTimer: null, snapshot: EMPTY };
    entries.set(key, entry);
  }
  return entry;
}

function publish(entry: Entry) {
  entry.snapshot = {
    data: entry.data,
    error: entry.error ?? null,
    status: entry.error ? "error" : entry.updatedAt > 0 ? "success" : "pending",
    isFetching: entry.promise !== null,
    updatedAt: entry.updatedAt,
  };
  for (const listener of entry.listeners) listener();
}

function scheduleGc(key: string, entry: Entry) {
  if (entry.gcTimer) clearTimeout(entry.gcTimer);
  entry.gcTimer = setTimeout(() => {
    if (entry.listeners.size === 0 && !entry.promise) entries.delete(key);
  }, QUERY_DEFAULTS.gcTime);
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

async function runWithRetry<T>(fetcher: () => Promise<T>, delay: (attempt: number) => number): Promise<T> {
  for (let failures = 0; ; ) {
    try {
      return await fetcher();
    } catch (error) {
      failures += 1;
      if (!shouldRetry(failures, error)) throw error;
      await sleep(delay(failures));
    }
  }
}

/**
 * The data under `key`: from memory while fresh, else fetched (with the
 * retry rules; one fetch at a time per key). Rejects with the last error.
 */
export function fetchQuery<T>(
  key: string,
  fetcher: () => Promise<T> = () => apiRequest<T>(key),
  options: QueryOptions = {},
): Promise<T> {
  const entry = entryFor(key);
  const staleTime = options.staleTime ?? QUERY_DEFAULTS.staleTime;
  if (entry.updatedAt > 0 && !entry.error && Date.now() - entry.updatedAt < staleTime) {
    return Promise.resolve(entry.data as T);
  }
  if (entry.promise) return entry.promise as Promise<T>;
  const promise = runWithRetry(fetcher, options.retryDelay ?? retryDelay).then(
    (data) => {
      entry.data = data;
      entry.error = undefined;
      entry.updatedAt = Date.now();
      entry.promise = null;
      publish(entry);
      scheduleGc(key, entry);
      return data;
    },
    (error: unknown) => {
      entry.error = error;
      entry.promise = null;
      publish(entry);
      scheduleGc(key, entry);
      throw error;
    },
  );
  entry.promise = promise;
  publish(entry);
  return promise;
}

/** What is kept under a key now, without fetching. */
export function getQueryData<T>(key: string): T | undefined {
  return entries.get(key)?.data as T | undefined;
}

/** Makes every kept answer (or those whose key starts with `prefix`) stale; the mounted ones fetch again. */
export function invalidateQueries(prefix = ""): void {
  for (const [key, entry] of entries) {
    if (!key.startsWith(prefix)) continue;
    entry.updatedAt = entry.updatedAt > 0 ? 1 : 0;
    for (const listener of entry.listeners) listener();
  }
  for (const refetch of refetchers) refetch(prefix);
}

/** Forgets everything (tests, sign-out). */
export function clearQueries(): void {
  for (const entry of entries.values()) if (entry.gcTimer) clearTimeout(entry.gcTimer);
  entries.clear();
}

const refetchers = new Set<(prefix: string) => void>();

/**
 * The data under `key` for a component, fetched on mount when not fresh. No
 * refetch on window focus (spec §9). `enabled: false` waits (e.g. until a
 * panel opens). `refetch()` ignores freshness.
 */
export function useApiQuery<T>(
  key: string,
  fetcher?: () => Promise<T>,
  { enabled = true, ...options }: QueryOptions & { enabled?: boolean } = {},
): QueryState<T> & { refetch: () => Promise<T | undefined> } {
  const fetcherRef = useRef(fetcher);
  fetcherRef.current = fetcher;
  const optionsRef = useRef(options);
  optionsRef.current = options;
  const subscribe = useCallback(
    (listener: () => void) => {
      const entry = entryFor(key);
      entry.listeners.add(listener);
      if (entry.gcTimer) clearTimeout(entry.gcTimer);
      return () => {
        entry.listeners.delete(listener);
        if (entry.listeners.size === 0) scheduleGc(key, entry);
      };
    },
    [key],
  );
  const state = useSyncExternalStore(
    subscribe,
    () => entryFor(key).snapshot as QueryState<T>,
    () => EMPTY as QueryState<T>,
  );
  const load = useCallback(
    (force = false) => {
      if (force) {
        const entry = entryFor(key);
        if (entry.updatedAt > 0) entry.updatedAt = 1;
      }
      return fetchQuery<T>(key, fetcherRef.current, optionsRef.current).catch(() => undefined);
    },
    [key],
  );
  useEffect(() => {
    if (!enabled) return;
    void load();
    const refetch = (prefix: string) => {
      if (key.startsWith(prefix)) void load();
    };
    refetchers.add(refetch);
    return () => {
      refetchers.delete(refetch);
    };
  }, [enabled, key, load]);
  return { ...state, refetch: () => load(true) };
}
