import { getLastSync, getSyncProgress } from "~/content/sync-status.server";
import { prisma } from "~/db.server";
import { isMaintenanceMode } from "~/site/site-settings.server";
import { checkDatabase } from "~/utils/health.server";
import { OPEN, storedValuesFor } from "./feedback-review";

const DAY_MS = 24 * 60 * 60_000;

/** What needs an admin's attention, each count with the page that deals with it. */
export async function dashboardCounts(now = new Date()) {
  const dayAgo = new Date(now.getTime() - DAY_MS);
  const weekAgo = new Date(now.getTime() - 7 * DAY_MS);
  const [
    storiesInReview,
    openReports,
    newFeedback,
    openBugs,
    failedSyncs,
    newUsers,
    errors,
    lastSync,
    progress,
    database,
    maintenance,
  ] = await Promise.all([
    prisma.post.count({ where: { status: "review" } }),
    prisma.discussionReport.count({ where: { status: "open" } }),
    prisma.feedback.count({ where: { status: "new" } }),
    prisma.bugReport.count({ where: { status: { in: storedValuesFor("bug", OPEN) } } }),
    prisma.syncRecord.count({ where: { status: "error", timestamp: { gte: dayAgo } } }),
    prisma.user.count({ where: { createdAt: { gte: weekAgo } } }),
    prisma.errorLog.count({ where: { receivedAt: { gte: dayAgo } } }),
    getLastSync(),
    getSyncProgress(now.getTime()),
    // The same check as /api/health.
    checkDatabase(),
    isMaintenanceMode(now.getTime()),
  ]);
  const attention = [
    { label: "Moderation queue", count: storiesInReview + openReports, href: "/admin/content-moderation" },
    { label: "New feedback", count: newFeedback, href: "/admin/feedback?status=new" },
    { label: "Open bug reports", count: openBugs, href: `/admin/bug-reports?status=${OPEN}` },
    { label: "Failed syncs (24\u00a0h)", count: failedSyncs, href: "/admin/wordpress-sync" },
    // Accounts made this week that still exist: a deleted one leaves no trace to count.
    { label: "New users this week (accounts that still exist)", count: newUsers, href: "/admin/users?sort=-joined" },
    { label: "Errors logged (24\u00a0h)", count: errors, href: "/admin/bug-reports#groups-title" },
  ];
  return {
    attention,
    lastSync,
    syncRunning: Boolean(progress?.running),
    health: { database, maintenance },
  };
}
