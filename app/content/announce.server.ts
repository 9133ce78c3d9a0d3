// A published own or community story is news once (issue 12: "when the sync
// (or the own-posts table) gets a newly published story, every signed-in reader
// who wants it gets a new-story notification"): when a moderator approves it,
// when an admin publishes an own post, or when a scheduled post's date comes.
// The sync announces remote stories itself (sync.server.ts).
import { prisma } from "~/db.server";
import { notifyNewStory } from "~/notifications/notifications.server";
import { scheduleJob } from "~/site/schedule.server";
import { publishedNow } from "./own-posts.server";

/** How often scheduled posts are checked for their publish date. */
export const ANNOUNCE_CHECK_MS = 60_000;

/**
 * Tells readers of one story, unless someone already did: the mark and the
 * notifications are one transaction, and only the caller that set the mark
 * notifies, so two processes never announce a story twice.
 */
export async function announceStory(post: { id: number; slug: string; title: string }, now = new Date()) {
  return prisma.$transaction(async (tx) => {
    const marked = await tx.post.updateMany({ where: { id: post.id, announcedAt: null }, data: { announcedAt: now } });
    if (marked.count === 0) return false;
    // Its writer is told by the moderation's own notice, not by this one.
    const row = await tx.post.findUnique({ where: { id: post.id }, select: { authorId: true } });
    await notifyNewStory({ ...post, authorId: row?.authorId ?? null }, tx);
    return true;
  });
}

/** Announces every story that is public by `now` and not announced yet (scheduled posts whose date came). */
export async function announceDueStories(now = new Date()): Promise<number> {
  const due = await prisma.post.findMany({
    where: { AND: [publishedNow(now), { announcedAt: null }] },
    select: { id: true, slug: true, title: true },
    orderBy: { id: "asc" },
    take: 100,
  });
  let told = 0;
  for (const post of due) if (await announceStory(post, now)) told++;
  return told;
}

/** Start-up job (server/startup.ts): scheduled posts are announced within a minute of their date. */
export function startAnnouncementSchedule() {
  scheduleJob({
    name: "announce",
    everyMs: ANNOUNCE_CHECK_MS,
    firstAfterMs: 0,
    single: true,
    run: () => announceDueStories(),
  });
}
