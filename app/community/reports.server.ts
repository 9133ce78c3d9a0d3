// Reports of discussion posts and story comments, and what administrators do
// with them: hide (shows "removed by a moderator"), delete (a tombstone that
// keeps the thread's shape) or dismiss. Every admin action writes one
// DiscussionModeration row in the same transaction as the change, and the
// author of a removed post is told through notifyCommunity(). The moderation
// page of /admin/content-moderation renders <ReportsSection> with
// listOpenReports(). See docs/decisions/015.

import { isUniqueViolation, prisma } from "~/db.server";
import { recordAdminAction } from "~/site/audit.server";
import { permalink } from "./discussion.server";
import { notifyCommunity } from "./notify.server";
import { type ModerationIntent, REPORT_REASONS, type ReportReason } from "./schemas";
import { excerptOf } from "./text";

export class ReportError extends Error {
  constructor(
    message: string,
    readonly status: 400 | 404 | 409,
  ) {
    super(message);
  }
}

const openKey = (postId: number, reporterId: string) => `${postId}:${reporterId}`;

/** Who may report what: a visible post by someone else, once while the report is open. */
export async function reportPost(
  reporter: { id: string },
  input: { postId: number; reason: ReportReason; details?: string | undefined },
): Promise<{ id: string }> {
  const post = await prisma.discussionPost.findUnique({
    where: { id: input.postId },
    select: { id: true, status: true, authorId: true },
  });
  if (!post) throw new ReportError("There is no post with that number.", 404);
  if (post.status === "withdrawn") throw new ReportError("Its author has deleted this post.", 409);
  if (post.status !== "visible") throw new ReportError("A moderator has already removed this post.", 409);
  if (post.authorId === reporter.id) throw new ReportError("You cannot report your own post.", 400);
  try {
    return await prisma.discussionReport.create({
      data: {
        postId: post.id,
        reporterId: reporter.id,
        reason: input.reason,
        details: input.details || null,
        openKey: openKey(post.id, reporter.id),
      },
      select: { id: true },
    });
  } catch (error) {
    // The unique open key: this reader's earlier report of it is still open.
    if (isUniqueViolation(error))
      throw new ReportError("You have already reported this post. A moderator will look at it.", 409);
    throw error;
  }
}

export type ReportGroup = {
  postId: number;
  author: string | null;
  excerpt: string;
  where: string;
  href: string;
  firstReportedAt: string;
  reports: { id: string; reason: string; details: string | null; reporter: string; createdAt: string }[];
};

/** Open reports, one group per reported item, the most reported first, then the oldest. */
export async function listOpenReports(): Promise<ReportGroup[]> {
  const reports = await prisma.discussionReport.findMany({
    where: { status: "open" },
    orderBy: { createdAt: "asc" },
    take: 5000,
    select: {
      id: true,
      postId: true,
      reason: true,
      details: true,
      createdAt: true,
      reporter: { select: { username: true } },
      post: {
        select: {
          body: true,
          threadId: true,
          storyId: true,
          author: { select: { username: true } },
          thread: { select: { title: true } },
          story: { select: { title: true } },
        },
      },
    },
  });
  const groups = new Map<number, ReportGroup>();
  for (const r of reports) {
    let group = groups.get(r.postId);
    if (!group) {
      group = {
        postId: r.postId,
        author: r.post.author?.username ?? null,
        excerpt: excerptOf(r.post.body, 400),
        where: r.post.thread
          ? `Thread "${r.post.thread.title}"`
          : r.post.story
            ? `Comments on "${r.post.story.title}"`
            : "Community",
        href: (await permalink(r.postId)) ?? "/community",
        firstReportedAt: r.createdAt.toISOString(),
        reports: [],
      };
      groups.set(r.postId, group);
    }
    group.reports.push({
      id: r.id,
      reason: REPORT_REASONS[r.reason as ReportReason] ?? r.reason,
      details: r.details,
      reporter: r.reporter.username,
      createdAt: r.createdAt.toISOString(),
    });
  }
  return [...groups.values()].sort(
    (a, b) => b.reports.length - a.reports.length || a.firstReportedAt.localeCompare(b.firstReportedAt),
  );
}

export async function countOpenReports(): Promise<number> {
  return prisma.discussionReport.count({ where: { status: "open" } });
}

const DONE: Record<ModerationIntent, string> = {
  hide: "The post is hidden: it shows as removed by a moderator.",
  delete: "The post is deleted.",
  dismiss: "The reports are dismissed; the post stays.",
};

/**
 * An administrator's decision on a reported item. Hide and delete close its
 * open reports as actioned and notify the author; dismiss closes them as
 * dismissed. The audit row is written in the same transaction.
 */
export async function moderatePost(
  admin: { id: string; username: string },
  postId: number,
  intent: ModerationIntent,
): Promise<{ message: string }> {
  const post = await prisma.discussionPost.findUnique({
    where: { id: postId },
    select: {
      id: true,
      status: true,
      authorId: true,
      threadId: true,
      storyId: true,
      thread: { select: { title: true } },
      story: { select: { title: true } },
    },
  });
  if (!post) throw new ReportError("There is no post with that number.", 404);
  const place = post.thread
    ? { kind: "thread" as const, title: post.thread.title }
    : post.story
      ? { kind: "story" as const, title: post.story.title }
      : null;
  // Its author deleted it (a tombstone already): only dismissing its reports is left.
  if (post.status === "withdrawn" && intent !== "dismiss")
    throw new ReportError("Its author has already deleted this post.", 409);
  const link = intent === "dismiss" ? null : await permalink(post.id);
  await prisma.$transaction(async (tx) => {
    const closed = await tx.discussionReport.updateMany({
      where: { postId, status: "open" },
      data: { status: intent === "dismiss" ? "dismissed" : "actioned", openKey: null, resolvedAt: new Date() },
    });
    if (intent === "hide") await tx.discussionPost.update({ where: { id: postId }, data: { status: "hidden" } });
    // A tombstone: the row (and the thread's shape, and quotes of it) stays; the text goes.
    if (intent === "delete")
      await tx.discussionPost.update({ where: { id: postId }, data: { status: "deleted", body: "" } });
    await tx.discussionModeration.create({
      data: { postId, action: intent, adminId: admin.id, adminName: admin.username, reports: closed.count },
    });
    // The admin audit log too (docs/decisions/016): one place that lists every admin action.
    await recordAdminAction(tx, admin, {
      action: `discussion.${intent}`,
      objectType: "discussion-post",
      objectId: postId,
      before: { status: post.status },
      after: {
        status: intent === "dismiss" ? post.status : intent === "hide" ? "hidden" : "deleted",
        reports: closed.count,
      },
    });
    // The author hears once per removal (hiding a hidden post again tells nobody anything new).
    if (intent !== "dismiss" && post.status !== (intent === "hide" ? "hidden" : "deleted"))
      await notifyCommunity(post.authorId, { kind: "removed", action: intent, place, link }, admin.id, tx);
  });
  return { message: DONE[intent] };
}

/** The latest admin actions, newest first (who, when, what). */
export async function recentModeration(limit = 20) {
  const rows = await prisma.discussionModeration.findMany({ orderBy: { createdAt: "desc" }, take: limit });
  return rows.map((r) => ({ ...r, createdAt: r.createdAt.toISOString() }));
}
