// The reader's notification preferences in the database (columns on User). Code
// that notifies reads PREFERENCE_COLUMNS with the reader's row and asks wants()
// (notification-preferences.ts) through preferencesOf(): one place decides.
import { prisma } from "~/db.server";
import { DEFAULT_PREFERENCES, type DigestChoice, type NotificationPreferences } from "./notification-preferences";

/** The User columns that hold the preferences. */
export const PREFERENCE_COLUMNS = {
  notifyNewStories: true,
  notifyNewStoriesEmail: true,
  notifyReplies: true,
  notifyRepliesEmail: true,
  notifyModeration: true,
  notifyModerationEmail: true,
  notifyAnnouncements: true,
  notifyAnnouncementsEmail: true,
  notifyCursed: true,
  emailDigest: true,
} as const;

type Columns = { [K in keyof typeof PREFERENCE_COLUMNS]: K extends "emailDigest" ? string : boolean };

export function preferencesOf(row: Columns): NotificationPreferences {
  return {
    site: {
      "new-story": row.notifyNewStories,
      reply: row.notifyReplies,
      moderation: row.notifyModeration,
      announcement: row.notifyAnnouncements,
    },
    email: {
      "new-story": row.notifyNewStoriesEmail,
      reply: row.notifyRepliesEmail,
      moderation: row.notifyModerationEmail,
      announcement: row.notifyAnnouncementsEmail,
    },
    digest: (row.emailDigest === "daily" ? "daily" : "off") satisfies DigestChoice,
    cursed: row.notifyCursed,
  };
}

function columnsOf(p: NotificationPreferences): Columns {
  return {
    notifyNewStories: p.site["new-story"],
    notifyNewStoriesEmail: p.email["new-story"],
    notifyReplies: p.site.reply,
    notifyRepliesEmail: p.email.reply,
    notifyModeration: p.site.moderation,
    notifyModerationEmail: p.email.moderation,
    notifyAnnouncements: p.site.announcement,
    notifyAnnouncementsEmail: p.email.announcement,
    notifyCursed: p.cursed,
    emailDigest: p.digest,
  };
}

/** The reader's choices; the defaults for an unknown id. */
export async function getNotificationPreferences(userId: string): Promise<NotificationPreferences> {
  const row = await prisma.user.findUnique({ where: { id: userId }, select: PREFERENCE_COLUMNS });
  return row ? preferencesOf(row) : DEFAULT_PREFERENCES;
}

export async function saveNotificationPreferences(userId: string, preferences: NotificationPreferences) {
  await prisma.user.update({ where: { id: userId }, data: columnsOf(preferences) });
}
