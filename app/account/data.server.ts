// Download my data and delete my account (/settings/privacy). The export holds
// everything the site keeps about the reader, never a password hash or a token
// hash; the deletion removes the account, its sessions and personal data, and
// keeps the reader's submissions anonymised or removes them, as chosen.
import { AuthError } from "~/auth/auth.server";
import { verifyPassword } from "~/auth/password.server";
import { TITLE_DELETED_NOTICE, TITLE_WITHDRAWN_NOTICE } from "~/community/text";
import { prisma } from "~/db.server";
import { refreshCommunityRecords } from "~/library/story-records.server";
import { PREFERENCE_COLUMNS } from "~/notifications/notification-preferences.server";
import { takeDownStories } from "~/stories/take-down.server";
import { ANONYMOUS_AUTHOR, type SubmissionChoice } from "./account";
import { deviceName } from "./sessions.server";

export const EXPORT_FORMAT = "horror-stories-account-export/1";

/** Everything stored about the reader, as plain JSON values. */
export async function exportAccountData(userId: string, now = new Date()) {
  const [user, sessions, bookmarks, positions, notifications, feedback, bugReports, contact, claims, errors, posts] =
    await Promise.all([
      prisma.user.findUniqueOrThrow({
        where: { id: userId },
        select: {
          id: true,
          email: true,
          username: true,
          displayName: true,
          bio: true,
          avatar: true,
          isAdmin: true,
          createdAt: true,
          updatedAt: true,
          ...PREFERENCE_COLUMNS,
          digestSentAt: true,
          notificationsOpenedAt: true,
          consent: true,
          password: { select: { userId: true } },
          emailChanges: { select: { newEmail: true, createdAt: true, expiresAt: true, usedAt: true } },
          // The undo links mailed to an old address (docs/decisions/032): both addresses are the reader's data.
          emailRestores: {
            select: { oldEmail: true, newEmail: true, createdAt: true, expiresAt: true, usedAt: true },
          },
        },
      }),
      prisma.session.findMany({
        where: { userId },
        orderBy: { createdAt: "asc" },
        select: { createdAt: true, expiresAt: true, lastUsedAt: true, remember: true, userAgent: true },
      }),
      prisma.bookmark.findMany({
        where: { userId },
        orderBy: { createdAt: "asc" },
        select: { storySlug: true, shelf: true, createdAt: true, updatedAt: true, story: { select: { title: true } } },
      }),
      prisma.readingPosition.findMany({
        where: { userId },
        orderBy: { updatedAt: "asc" },
        select: { storySlug: true, paragraph: true, percent: true, finishedAt: true, updatedAt: true },
      }),
      prisma.notification.findMany({
        where: { userId },
        orderBy: { date: "asc" },
        select: { type: true, title: true, message: true, link: true, storyId: true, date: true, read: true },
      }),
      prisma.feedback.findMany({ where: { userId }, orderBy: { createdAt: "asc" }, omit: { userId: true } }),
      prisma.bugReport.findMany({ where: { userId }, orderBy: { createdAt: "asc" }, omit: { userId: true } }),
      prisma.contactMessage.findMany({ where: { userId }, orderBy: { createdAt: "asc" }, omit: { userId: true } }),
      prisma.copyrightClaim.findMany({ where: { userId }, orderBy: { createdAt: "asc" }, omit: { userId: true } }),
      prisma.errorLog.findMany({ where: { userId }, orderBy: { receivedAt: "asc" }, omit: { userId: true } }),
      prisma.post.findMany({
        where: { authorId: userId },
        orderBy: { createdAt: "asc" },
        select: {
          id: true,
          slug: true,
          title: true,
          content: true,
          excerpt: true,
          status: true,
          authorName: true,
          createdAt: true,
          updatedAt: true,
          category: { select: { slug: true, name: true } },
          tags: { select: { slug: true, name: true } },
        },
      }),
    ]);
  const [connections, readingPreferences, revisions, threads, discussionPosts, reports] = await Promise.all([
    prisma.connectedAccount.findMany({
      where: { userId },
      orderBy: { createdAt: "asc" },
      select: { provider: true, email: true, createdAt: true, lastUsedAt: true },
    }),
    prisma.readingPreferences.findUnique({ where: { userId }, select: { values: true, updatedAt: true } }),
    prisma.postRevision.findMany({
      where: { authorId: userId },
      orderBy: { createdAt: "asc" },
      select: {
        postId: true,
        title: true,
        summary: true,
        markdown: true,
        warnings: true,
        mature: true,
        status: true,
        moderationNote: true,
        submittedAt: true,
        createdAt: true,
        updatedAt: true,
      },
    }),
    prisma.discussionThread.findMany({
      where: { authorId: userId },
      orderBy: { createdAt: "asc" },
      select: { id: true, title: true, createdAt: true },
    }),
    prisma.discussionPost.findMany({
      where: { authorId: userId },
      orderBy: { createdAt: "asc" },
      select: { id: true, threadId: true, storyId: true, body: true, quoteOfId: true, status: true, createdAt: true },
    }),
    prisma.discussionReport.findMany({
      where: { reporterId: userId },
      orderBy: { createdAt: "asc" },
      select: { postId: true, reason: true, details: true, status: true, createdAt: true, resolvedAt: true },
    }),
  ]);
  const { password, emailChanges, emailRestores, consent, ...profile } = user;
  return {
    format: EXPORT_FORMAT,
    exportedAt: now.toISOString(),
    profile: { ...profile, hasPassword: password !== null, cookieConsent: parseJson(consent) },
    pendingEmailChanges: emailChanges,
    emailChangeUndoLinks: emailRestores,
    library: {
      bookmarks: bookmarks.map(({ story, ...b }) => ({ ...b, title: story.title })),
      readingPositions: positions,
    },
    notifications,
    feedback,
    bugReports,
    contactMessages: contact,
    copyrightClaims: claims,
    errorReports: errors,
    submissions: posts,
    submissionRevisions: revisions,
    community: { threads, posts: discussionPosts, reports },
    readingPreferences: readingPreferences
      ? { values: parseJson(readingPreferences.values), updatedAt: readingPreferences.updatedAt }
      : null,
    connectedAccounts: connections,
    sessions: sessions.map((s) => ({ ...s, device: deviceName(s.userAgent) })),
  };
}

function parseJson(value: string | null): unknown {
  if (!value) return null;
  try {
    return JSON.parse(value);
  } catch {
    return null;
  }
}

export const WRONG_CONFIRMATION = {
  password: "That is not your password. Nothing was deleted.",
  username: "That is not your username. Nothing was deleted.",
} as const;

/**
 * The account confirms the deletion with its password; an account without one
 * (made through a sign-in provider) with its username.
 */
export async function checkDeletionConfirmation(userId: string, confirmation: string) {
  const user = await prisma.user.findUniqueOrThrow({
    where: { id: userId },
    select: { username: true, password: { select: { hash: true } } },
  });
  if (user.password) {
    if (!(await verifyPassword(confirmation, user.password.hash)))
      throw new AuthError(WRONG_CONFIRMATION.password, "password");
  } else if (confirmation.trim() !== user.username) {
    throw new AuthError(WRONG_CONFIRMATION.username, "username");
  }
}

/** What the deletion form's choice is about: the reader's published stories and community posts still up. */
export async function deletionCounts(userId: string) {
  const [stories, communityPosts] = await Promise.all([
    prisma.post.count({ where: { authorId: userId, status: "published" } }),
    prisma.discussionPost.count({ where: { authorId: userId, status: { in: ["visible", "hidden"] } } }),
  ]);
  return { stories, communityPosts };
}

export type DeletionResult = {
  username: string;
  submissions: SubmissionChoice;
  /** The stories that stay, credited to "Anonymous" (anonymise), or all that were removed (remove). */
  submissionCount: number;
  /** Stories nobody had published (drafts, in review, refused): deleted either way. */
  unpublishedCount: number;
  /** The community posts and story comments that were still up (kept, credited to "A former reader", or withdrawn). */
  communityCount: number;
};

/**
 * Deletes the account in one transaction. The rows that cascade with the user
 * (password, sessions, library, positions, notifications, avatar, pending
 * email changes and reset links) go with it; rows that only name the reader
 * (feedback, bug reports, contact messages, error reports) are deleted too.
 * Copyright claims stay, without the account (a legal notice the site must be
 * able to show), and submissions (stories and community posts) are anonymised
 * or removed. Connected accounts, reading preferences, revisions and reports
 * cascade with the user.
 */
export async function deleteAccount(
  userId: string,
  submissions: SubmissionChoice,
  /** Runs first in the same transaction (an admin's deletion: the last-admin rule and the audit row); may throw to undo. */
  first?: (tx: Parameters<Parameters<typeof prisma.$transaction>[0]>[0]) => Promise<void>,
): Promise<DeletionResult> {
  return prisma.$transaction(async (tx) => {
    if (first) await first(tx);
    const user = await tx.user.findUniqueOrThrow({ where: { id: userId }, select: { username: true, email: true } });
    // Anonymised, a published story stays readable with its comments; a story
    // nobody published (a draft, one in review or refused) would be an orphan
    // nobody could edit or moderate, so it goes either way.
    // Both go as a writer's own "Delete this story" takes one (takeDownStories: comments,
    // notifications pointing at them; readers' shelves say it was taken down).
    const unpublished = (await takeDownStories(tx, { authorId: userId, status: { not: "published" } })).count;
    const kept = await tx.post.findMany({ where: { authorId: userId }, select: { slug: true } });
    const published =
      submissions === "remove"
        ? (await takeDownStories(tx, { authorId: userId })).count
        : (
            await tx.post.updateMany({
              where: { authorId: userId },
              data: { authorId: null, authorName: ANONYMOUS_AUTHOR },
            })
          ).count;
    // Readers' shelves show "Anonymous" now, not the name of an account that is gone.
    if (submissions !== "remove")
      await refreshCommunityRecords(
        kept.map((post) => post.slug),
        tx,
      );
    const submissionCount = submissions === "remove" ? unpublished + published : published;
    // Community posts and comments follow the same choice (both said on the form, decision 057):
    // kept ones stay, credited to "A former reader" (their author becomes nobody when the account
    // goes); removed ones become tombstones that keep the thread's shape and its quotes
    // (docs/decisions/015): "deleted by its author" when the reader deletes the account, "deleted
    // by a moderator" when an administrator does (`first`).
    const up = { authorId: userId, status: { in: ["visible", "hidden"] } };
    const communityCount = await tx.discussionPost.count({ where: up });
    if (submissions === "remove") {
      await tx.discussionPost.updateMany({
        where: { authorId: userId },
        data: { body: "", status: first ? "deleted" : "withdrawn" },
      });
      // A thread's title is the reader's text as much as its opening post: it goes with it. The
      // thread stays, for the others' replies in it.
      await tx.discussionThread.updateMany({
        where: { authorId: userId },
        data: { title: first ? TITLE_DELETED_NOTICE : TITLE_WITHDRAWN_NOTICE },
      });
    }
    await tx.feedback.deleteMany({ where: { userId } });
    await tx.bugReport.deleteMany({ where: { userId } });
    await tx.contactMessage.deleteMany({ where: { userId } });
    await tx.errorLog.deleteMany({ where: { userId } });
    await tx.copyrightClaim.updateMany({ where: { userId }, data: { userId: null } });
    // The sign-in failure counter is keyed by the address.
    await tx.rateLimit.deleteMany({ where: { key: `login-account:${user.email}` } });
    await tx.user.delete({ where: { id: userId } });
    return { username: user.username, submissions, submissionCount, unpublishedCount: unpublished, communityCount };
  });
}
