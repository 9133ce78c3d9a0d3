import { getLastSync } from "~/content/sync.server";
import { prisma } from "~/db.server";

/** Real counts for the first admin dashboard. */
export async function dashboardCounts() {
  const now = new Date();
  const [ownStories, syncedStories, users, admins, activeSessions, lastSync] = await Promise.all([
    prisma.post.count({ where: { status: "published" } }),
    prisma.syncedPost.count(),
    prisma.user.count(),
    prisma.user.count({ where: { isAdmin: true } }),
    prisma.session.count({ where: { expiresAt: { gt: now } } }),
    getLastSync(),
  ]);
  return { ownStories, syncedStories, users, admins, activeSessions, lastSync };
}
