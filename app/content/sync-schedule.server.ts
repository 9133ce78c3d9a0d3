import { env } from "~/env.server";
import { contentChain } from "./content.server";
import { runContentSync, SYNC_INTERVAL_MS, type SyncResult } from "./sync.server";

/** A sync with the site's own chain: `npm run sync`, the schedule, and the admin area. */
export function syncContent({ force = false } = {}): Promise<SyncResult> {
  return runContentSync({ chain: contentChain, force });
}

const state = globalThis as unknown as { contentSyncTimer?: ReturnType<typeof setInterval> };

/**
 * Every 5 minutes while the server runs, when a remote source is configured.
 * Runs in every process: the skip rule and the database lease keep it to one
 * sync per interval across all of them.
 */
export function startContentSyncSchedule() {
  if (state.contentSyncTimer || env.CONTENT_SYNC === "off") return;
  if (!env.WPCOM_SITE && !env.WP_URL) return;
  const run = () =>
    syncContent().then(
      (result) => {
        if (result.status !== "skipped") console.info(`[sync] ${result.status}: ${result.message}`);
      },
      (error) => console.error("[sync] failed", error),
    );
  state.contentSyncTimer = setInterval(run, SYNC_INTERVAL_MS);
  state.contentSyncTimer.unref();
  setTimeout(run, 2_000).unref();
}
