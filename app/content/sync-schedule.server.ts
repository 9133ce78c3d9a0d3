import { randomUUID } from "node:crypto";
import { prisma } from "~/db.server";
import { env } from "~/env.server";
import { type AuditActor, recordAdminAction } from "~/site/audit.server";
import { acquireLease } from "~/site/lease.server";
import { scheduleJob } from "~/site/schedule.server";
import { syncIntervalMinutes } from "~/site/site-settings.server";
import { contentChain } from "./content.server";
import { runContentSync, SYNC_INTERVAL_MS, SYNC_LEASE_MS } from "./sync.server";
import { SYNC_LEASE, type SyncResult, writeProgress } from "./sync-status.server";

/** A sync with the site's own chain: `npm run sync`, the schedule, and the admin area. */
export function syncContent({ force = false } = {}): Promise<SyncResult> {
  return runContentSync({ chain: contentChain, force });
}

/** Whether the site has a remote source to sync from (WPCOM_SITE or WP_URL). */
export function syncSourceConfigured(): boolean {
  return contentChain.hasRemoteSources();
}

/**
 * The admin area's "Sync now" and "Back-fill the whole site": takes the lease
 * here (so the admin is told at once when a sync is already running), writes
 * the audit row and the first progress, then runs the sync in the background
 * and returns without waiting for it. "running" when another sync holds the
 * lease; "no-source" (and nothing written) when there is nothing to sync from.
 */
export async function startSyncInBackground(
  admin: AuditActor,
  { full = false } = {},
): Promise<"started" | "running" | "no-source"> {
  if (!syncSourceConfigured()) return "no-source";
  const holder = randomUUID();
  if (!(await acquireLease(SYNC_LEASE, holder, SYNC_LEASE_MS))) return "running";
  const startedAt = new Date().toISOString();
  await prisma.$transaction(async (tx) => {
    await recordAdminAction(tx, admin, {
      action: full ? "sync.backfill" : "sync.start",
      objectType: "sync",
      after: { kind: full ? "backfill" : "sync", startedAt },
    });
  });
  await writeProgress({
    kind: full ? "backfill" : "sync",
    running: true,
    phase: "Starting",
    done: 0,
    total: null,
    posts: 0,
    startedAt,
    updatedAt: startedAt,
    outcome: null,
  });
  void runContentSync({ chain: contentChain, force: true, full, holder, leaseHeld: true }).catch((error) =>
    console.error("[sync] failed", error),
  );
  return "started";
}

/** The interval the schedule waits now: the admin's setting (/admin/settings), read before every wait. */
async function currentIntervalMs(): Promise<number> {
  try {
    return (await syncIntervalMinutes()) * 60_000;
  } catch {
    return SYNC_INTERVAL_MS;
  }
}

/** How often the schedule looks whether a sync is due: a changed interval applies within this. */
const SCHEDULE_TICK_MS = 30_000;

/**
 * A sync every sync interval (5 minutes unless an admin chose another) while
 * the server runs, when a remote source is configured. The schedule looks every
 * 30 s whether the interval (read from the settings each time) has passed since
 * its last run, so a changed interval applies without a restart. Runs in every
 * process: the skip rule and the database lease keep it to one sync per
 * interval across all of them.
 */
export function startContentSyncSchedule() {
  if (env.CONTENT_SYNC === "off") return;
  if (!syncSourceConfigured()) return;
  let lastRunAt = 0;
  scheduleJob({
    name: "sync",
    everyMs: SCHEDULE_TICK_MS,
    firstAfterMs: 2_000,
    run: async () => {
      if (Date.now() - lastRunAt < (await currentIntervalMs())) return;
      lastRunAt = Date.now();
      const result = await syncContent();
      if (result.status !== "skipped") console.info(`[sync] ${result.status}: ${result.message}`);
    },
  });
}
