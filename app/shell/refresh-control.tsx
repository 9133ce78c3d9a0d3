import { useHydrated } from "~/utils/use-hydrated";
import { useRefreshHelper } from "./refresh";

/**
 * The manual refresh helper: a button that reloads the page's data in place,
 * and "Last updated ..." or "Never refreshed". JavaScript only: without it a
 * reload of the page is the refresh, so nothing is rendered on the server.
 */
export function RefreshControl() {
  const hydrated = useHydrated();
  const { refreshing, status, refresh } = useRefreshHelper();
  if (!hydrated) return null;
  return (
    <div className="flex flex-wrap items-center gap-3 text-sm">
      <button type="button" className="btn" onClick={refresh} disabled={refreshing} aria-busy={refreshing}>
        {refreshing ? "Refreshing..." : "Refresh"}
      </button>
      <p role="status" className="text-muted">
        {status ?? ""}
      </p>
    </div>
  );
}
