// What the content sync leaves for others to read (spec §3): its history, the last-sync record
// and the progress an admin watches (from any process: all of it is in the database). The run
// itself is sync.server.ts.
import { prisma } from "~/db.server";
import { leaseHeld } from "~/site/lease.server";
import type { FailureType } from "./wordpress.server";

export const SYNC_HISTORY_SIZE = 10;
export const LAST_SYNC_KEY = "sync:last";

export const SYNC_MESSAGES = {
  failed: "Content sync failed. Using cached content.",
  empty: "No posts found during sync. Using cached content.",
  unavailable: "The blog platform API connection is unavailable. Using cached content.",
  running: "Another content sync is running. Skipped.",
  recent: "The last content sync was under 2.5 minutes ago. Skipped.",
  noSource:
    "No content source is configured (WPCOM_SITE or WP_URL), so there is nothing to sync. The site shows its own stories.",
} as const;

export type SyncStatus = "success" | "skipped" | "empty" | "error";

/** Spec §3 sync status record. */
export type SyncResult = {
  status: SyncStatus;
  type: "info" | "warning" | "error";
  message: string;
  timestamp: string;
  apiAvailable: boolean;
  retryCount: number;
  syncTime: number;
  postsCount: number;
  newPosts: number;
  errorDetails: string | null;
  errorType: FailureType | null;
};

/** Spec §3 last-sync record. */
export type LastSync = {
  timestamp: string;
  count: number;
  success: boolean;
  syncTime: number;
  apiAvailable: boolean;
  retryCount: number;
  reason: string | null;
  errorType: FailureType | null;
};

export async function getLastSync(): Promise<LastSync | null> {
  const row = await prisma.keyValue.findUnique({ where: { key: LAST_SYNC_KEY } });
  if (!row) return null;
  try {
    return JSON.parse(row.value) as LastSync;
  } catch {
    return null;
  }
}

export async function getSyncHistory() {
  return prisma.syncRecord.findMany({ orderBy: [{ recordedAt: "desc" }, { id: "desc" }], take: SYNC_HISTORY_SIZE });
}

export const SYNC_LEASE = "content-sync";
/** The running sync's progress, in the database so that every process (and the admin's event stream) sees it. */
export const PROGRESS_KEY = "sync:progress";

export type SyncProgress = {
  kind: "sync" | "backfill";
  running: boolean;
  /** What it is doing, in words. */
  phase: string;
  /** Pages copied of `total` (null until the source said how many). */
  done: number;
  total: number | null;
  posts: number;
  startedAt: string;
  updatedAt: string;
  /** Set once it ended. */
  outcome?: { status: SyncStatus; type?: SyncResult["type"]; message: string } | null;
};

export async function writeProgress(progress: SyncProgress) {
  const value = JSON.stringify(progress);
  await prisma.keyValue.upsert({
    where: { key: PROGRESS_KEY },
    create: { key: PROGRESS_KEY, value },
    update: { value },
  });
}

/**
 * The latest sync's progress. `running` only while its lease is held, so a
 * process that died mid-sync does not leave a sync "running" for ever.
 */
export async function getSyncProgress(now = Date.now()): Promise<SyncProgress | null> {
  const [row, held] = await Promise.all([
    prisma.keyValue.findUnique({ where: { key: PROGRESS_KEY } }),
    leaseHeld(SYNC_LEASE, now),
  ]);
  if (!row) return null;
  let progress: SyncProgress;
  try {
    progress = JSON.parse(row.value) as SyncProgress;
  } catch {
    return null;
  }
  return { ...progress, running: progress.running && held };
}

/** Keeps the outcome in the history (the latest SYNC_HISTORY_SIZE) and, when asked, as the last sync. */
export async function recordSyncResult(result: SyncResult, writeLast: boolean) {
  await prisma.$transaction(async (tx) => {
    await tx.syncRecord.create({
      data: {
        status: result.status,
        type: result.type,
        message: result.message,
        timestamp: new Date(result.timestamp),
        apiAvailable: result.apiAvailable,
        retryCount: result.retryCount,
        syncTime: result.syncTime,
        postsCount: result.postsCount,
        errorDetails: result.errorDetails,
        errorType: result.errorType,
      },
    });
    const keep = await tx.syncRecord.findMany({
      orderBy: [{ recordedAt: "desc" }, { id: "desc" }],
      take: SYNC_HISTORY_SIZE,
      select: { id: true },
    });
    await tx.syncRecord.deleteMany({ where: { id: { notIn: keep.map((r) => r.id) } } });
    if (writeLast) {
      const last: LastSync = {
        timestamp: result.timestamp,
        count: result.postsCount,
        success: result.status === "success",
        syncTime: result.syncTime,
        apiAvailable: result.apiAvailable,
        retryCount: result.retryCount,
        reason: result.status === "success" ? null : result.message,
        errorType: result.errorType,
      };
      const value = JSON.stringify(last);
      await tx.keyValue.upsert({
        where: { key: LAST_SYNC_KEY },
        create: { key: LAST_SYNC_KEY, value },
        update: { value },
      });
    }
  });
}
