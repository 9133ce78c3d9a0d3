// The refresh helper (spec §3 "a refreshing flag and a last-refreshed time",
// §2 "waits 0.5 s, then shows 'Last updated ...' or 'Never refreshed'"). One
// last-refreshed time per document, shared by pull-to-refresh and the button.
import { useCallback, useEffect, useState, useSyncExternalStore } from "react";
import { useRevalidator } from "react-router";
import { REFRESH_DELAY_MS, refreshStatusText } from "./pull-rules";

let lastRefreshed: Date | null = null;
const listeners = new Set<() => void>();

export function markRefreshed(at: Date = new Date()) {
  lastRefreshed = at;
  for (const listener of listeners) listener();
}

function subscribe(listener: () => void) {
  listeners.add(listener);
  return () => {
    listeners.delete(listener);
  };
}

/**
 * `refresh()` revalidates every loader's data: the browser keeps no data cache of its own, so pull-to-refresh
 * "invalidates all cached data" (spec §2) that way. The status line appears 0.5 s after
 * the helper mounts and after each refresh, so a fast answer does not flicker.
 */
export function useRefreshHelper() {
  const revalidator = useRevalidator();
  const last = useSyncExternalStore(
    subscribe,
    () => lastRefreshed,
    () => null,
  );
  const [refreshing, setRefreshing] = useState(false);
  const [status, setStatus] = useState<string | null>(null);

  useEffect(() => {
    if (refreshing) return;
    const timer = setTimeout(() => setStatus(refreshStatusText(last)), REFRESH_DELAY_MS);
    return () => clearTimeout(timer);
  }, [refreshing, last]);

  const { revalidate } = revalidator;
  const refresh = useCallback(async () => {
    setRefreshing(true);
    setStatus(null);
    try {
      await revalidate();
      markRefreshed();
    } finally {
      setRefreshing(false);
    }
  }, [revalidate]);

  return { refreshing, lastRefreshed: last, status, refresh };
}
