// Signed-in readers' notifications, kept in the database. Every query names the
// reader: a reader can never read or change another reader's notifications.
import { randomBytes } from "node:crypto";
import { prisma } from "~/db.server";
import { Prisma } from "~/generated/prisma/client";
import { onPostgres } from "~/site/sql.server";
import type { BrowserNotification } from "./notification-schemas";
import {
  type AppNotification,
  CURSED_NOTIFICATION,
  evaluateIgnoredRule,
  mergeBrowserNotifications,
  type NotificationCounts,
  type NotificationFilter,
  newStoryNotification,
} from "./notifications";

/** The JSON API's rate limit per reader: generous for a panel, tight for a script. */
export const NOTIFICATION_API_LIMIT = { limit: 120, windowMs: 60_000 };

/** The notifications a list shows at once: the panel and the API the newest, /notifications a page (docs/decisions/061). */
export const LIST_LIMIT = 100;

type Row = {
  id: string;
  type: string;
  title: string;
  message: string;
  link: string | null;
  storyId: string | null;
  date: Date;
  read: boolean;
};

const SELECT = {
  id: true,
  type: true,
  title: true,
  message: true,
  link: true,
  storyId: true,
  date: true,
  read: true,
} as const;

const toApp = (row: Row): AppNotification => ({
  ...row,
  type: row.type as AppNotification["type"],
  date: row.date.toISOString(),
});

export async function countNotifications(userId: string): Promise<NotificationCounts> {
  const groups = await prisma.notification.groupBy({ by: ["read"], where: { userId }, _count: { _all: true } });
  const read = groups.find((g) => g.read)?._count._all ?? 0;
  const unread = groups.find((g) => !g.read)?._count._all ?? 0;
  return { all: read + unread, read, unread };
}

/** Page `page` (LIST_LIMIT a page) of the reader's notifications under `filter`, newest first. */
export async function listNotifications(userId: string, filter: NotificationFilter, page = 1) {
  const where: Prisma.NotificationWhereInput = { userId };
  if (filter !== "all") where.read = filter === "read";
  const [rows, counts] = await Promise.all([
    prisma.notification.findMany({
      where,
      orderBy: [{ date: "desc" }, { id: "desc" }],
      skip: (page - 1) * LIST_LIMIT,
      take: LIST_LIMIT,
      select: SELECT,
    }),
    countNotifications(userId),
  ]);
  return { notifications: rows.map(toApp), counts, filter };
}

/** Marks one of the reader's notifications read; null when the reader has no such notification. */
export async function markRead(userId: string, id: string): Promise<AppNotification | null> {
  const { count } = await prisma.notification.updateMany({ where: { id, userId }, data: { read: true } });
  if (count === 0) return null;
  const row = await prisma.notification.findFirst({ where: { id, userId }, select: SELECT });
  return row ? toApp(row) : null;
}

export async function markAllRead(userId: string): Promise<number> {
  const { count } = await prisma.notification.updateMany({ where: { userId, read: false }, data: { read: true } });
  return count;
}

export async function clearNotifications(userId: string): Promise<number> {
  const { count } = await prisma.notification.deleteMany({ where: { userId } });
  return count;
}

/** Browser notifications of a reader who just signed in, merged into the account without duplicates. */
export async function mergeIntoAccount(userId: string, incoming: BrowserNotification[]): Promise<number> {
  if (incoming.length === 0) return 0;
  const existing = await prisma.notification.findMany({
    where: { userId, dedupeKey: { not: null } },
    select: { dedupeKey: true },
  });
  const rows = mergeBrowserNotifications(
    existing.map((r) => r.dedupeKey as string),
    incoming,
  );
  if (rows.length === 0) return 0;
  // One statement per row, each ignoring a duplicate: a merge racing another (two tabs)
  // keeps one copy through the unique key instead of failing.
  const inserted = await prisma.$transaction(
    rows.map(
      (row) => prisma.$executeRaw`
        INSERT INTO "Notification" ("id", "userId", "type", "title", "message", "link", "storyId", "date", "read", "dedupeKey")
        VALUES (${newId()}, ${userId}, ${row.type}, ${row.title}, ${row.message}, ${row.link ?? null}, ${row.storyId ?? null}, ${row.date}, ${row.read}, ${row.dedupeKey})
        ON CONFLICT ("userId", "dedupeKey") DO NOTHING`,
    ),
  );
  return inserted.reduce((sum, n) => sum + n, 0);
}

/**
 * The bell's state for a signed-in reader, evaluated on every page render: the
 * unread count after the ignored-notification rule has run (spec §4), so the
 * rule holds without JavaScript too. `now` is injected for tests.
 */
export async function bellState(
  userId: string,
  now = Date.now(),
  /** The page is /notifications, whose loader marks the cursed notification read (openPanel) while
      this count is taken: it is not counted, so the bell agrees with the page's "Unread". */
  opening = false,
) {
  const user = await prisma.user.findUnique({
    where: { id: userId },
    select: { notificationsOpenedAt: true, cursedNotificationAt: true, notifyNewStories: true, notifyCursed: true },
  });
  if (!user) return { unread: 0, wantsNewStories: false };
  const counts = await countNotifications(userId);
  const oldestUnread =
    counts.unread > 0 && !user.notificationsOpenedAt
      ? await prisma.notification.findFirst({
          where: { userId, read: false },
          orderBy: { date: "asc" },
          select: { date: true },
        })
      : null;
  const rule = evaluateIgnoredRule({
    now,
    unread: counts.unread,
    panelLastOpenedAt: user.notificationsOpenedAt?.getTime() ?? null,
    oldestUnreadAt: oldestUnread?.date.getTime() ?? null,
    cursed: user.cursedNotificationAt !== null,
  });
  let unread = counts.unread;
  // A reader who turned the cursed notification off (/settings/notifications) never gets one.
  if (rule.addCursed && user.notifyCursed) {
    // Only the request that sets the flag adds the notification (two renders at once add one),
    // and in the same transaction: whoever sees the flag set also sees the notification.
    const added = await prisma.$transaction(async (tx) => {
      const claimed = await tx.user.updateMany({
        where: { id: userId, cursedNotificationAt: null },
        data: { cursedNotificationAt: new Date(now) },
      });
      if (claimed.count !== 1) return false;
      await tx.notification.create({ data: { userId, ...CURSED_NOTIFICATION, date: new Date(now) } });
      return true;
    });
    if (added) unread += 1;
  } else if (!rule.addCursed && !rule.cursed && user.cursedNotificationAt) {
    await prisma.user.update({ where: { id: userId }, data: { cursedNotificationAt: null } });
  }
  if (opening) {
    unread = await prisma.notification.count({
      where: { userId, read: false, NOT: { type: CURSED_NOTIFICATION.type } },
    });
  }
  return { unread, wantsNewStories: user.notifyNewStories };
}

/**
 * The reader opened the panel or /notifications: remember when (the rule's
 * clock restarts), and mark an unread cursed notification read. True when
 * there was one: the glitch overlay plays (spec §4).
 */
export async function openPanel(userId: string, now = Date.now()): Promise<{ cursed: boolean }> {
  const [, cursed] = await prisma.$transaction([
    prisma.user.update({ where: { id: userId }, data: { notificationsOpenedAt: new Date(now) } }),
    prisma.notification.updateMany({
      where: { userId, type: CURSED_NOTIFICATION.type, read: false },
      data: { read: true },
    }),
  ]);
  return { cursed: cursed.count > 0 };
}

const newId = () => `n${randomBytes(12).toString("hex")}`;

type Tx = Pick<typeof prisma, "$executeRaw">;

/**
 * A new-story notification for every reader who wants them (the preference
 * the settings issue exposes), in one INSERT ... SELECT per story, never one
 * query per reader. A reader who already has it (dedupe key) is skipped, and
 * so is the story's writer (`authorId`): they were told "Your story is
 * published" already, and news of their own story is no news (issue 40).
 */
export async function notifyNewStory(
  story: { id: number | string; slug: string; title: string; authorId?: string | null },
  db: Tx = prisma,
) {
  const n = newStoryNotification(story);
  const dedupeKey = `new-story:${n.link}`;
  const now = new Date();
  // Null-safe inequality: with no author (a synced or demo story) every reader is told.
  const author = story.authorId ?? null;
  // A random id per row, as newId() makes them: SQLite's randomblob, PostgreSQL's built-in
  // gen_random_uuid (122 random bits; pgcrypto's gen_random_bytes would need an extension).
  const id = onPostgres
    ? Prisma.sql`'n' || replace(gen_random_uuid()::text, '-', '')`
    : Prisma.sql`'n' || lower(hex(randomblob(12)))`;
  const notAuthor = onPostgres ? Prisma.sql`"id" IS DISTINCT FROM ${author}` : Prisma.sql`"id" IS NOT ${author}`;
  return db.$executeRaw`
    INSERT INTO "Notification" ("id", "userId", "type", "title", "message", "link", "storyId", "date", "read", "dedupeKey")
    SELECT ${id}, "id", ${n.type}, ${n.title}, ${n.message}, ${n.link}, ${n.storyId}, ${now}, false, ${dedupeKey}
    FROM "User" WHERE "notifyNewStories" = true AND ${notAuthor}
    ON CONFLICT ("userId", "dedupeKey") DO NOTHING`;
}
