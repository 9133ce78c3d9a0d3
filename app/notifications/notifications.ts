// The notification centre's rules (spec §2 Notification centre, §3 Notification,
// §4 Notification states, §9 Notifications), shared by the server (signed-in
// readers, stored in the database) and the browser (anonymous readers, kept in
// local storage). Pure functions only: timestamps are passed in.
import { safeRedirectPath } from "~/utils/redirect";
// Types only: the schemas stay out of the reading pages' JavaScript (notification-schemas.ts).
import type { BrowserNotification } from "./notification-schemas";

/** Spec §9 Notifications. */
export const NOTIFICATIONS = {
  /** The panel counts as ignored once it was last opened longer ago than this. */
  ignoredThresholdMs: 30_000,
  /** How long the glitch-text overlay plays. */
  overlayMs: 2_000,
  /** GET /api/posts?limit=1 on start and every 300 s (spec §7 Content). */
  pollIntervalMs: 300_000,
  /** The badge shows "99+" above this. */
  badgeCap: 99,
  /** The panel's list is a scroll area this high. */
  panelHeightPx: 300,
} as const;

export const NOTIFICATION_TYPES = ["new-story", "cursed", "success", "error", "warning", "other"] as const;
export type NotificationType = (typeof NOTIFICATION_TYPES)[number];

/** Spec §3 Notification. `date` is an ISO string on the wire and in local storage. */
export type AppNotification = {
  id: string;
  type: NotificationType;
  title: string;
  message: string;
  link?: string | null;
  storyId?: string | null;
  date: string;
  read: boolean;
};

export const FILTERS = ["all", "unread", "read"] as const;
export type NotificationFilter = (typeof FILTERS)[number];
export const FILTER_LABELS: Record<NotificationFilter, string> = { all: "All", unread: "Unread", read: "Read" };

export type NotificationCounts = { all: number; unread: number; read: number };

/** The badge text: the unread count, "99+" above 99, nothing at zero. */
export function badgeLabel(unread: number): string | null {
  if (!Number.isFinite(unread) || unread <= 0) return null;
  return unread > NOTIFICATIONS.badgeCap ? `${NOTIFICATIONS.badgeCap}+` : String(Math.floor(unread));
}

export function bellLabel(unread: number): string {
  if (unread <= 0) return "Notifications";
  return `Notifications, ${badgeLabel(unread)} unread`;
}

export function countsOf(items: Pick<AppNotification, "read">[]): NotificationCounts {
  const unread = items.filter((n) => !n.read).length;
  return { all: items.length, unread, read: items.length - unread };
}

export function applyFilter<T extends Pick<AppNotification, "read">>(items: T[], filter: NotificationFilter): T[] {
  if (filter === "unread") return items.filter((n) => !n.read);
  if (filter === "read") return items.filter((n) => n.read);
  return items;
}

/** The cursed notification of the ignored-notification rule (spec §4). It never toasts. */
export const CURSED_NOTIFICATION = {
  type: "cursed",
  title: "Why are you ignoring me?",
  message: "You have not checked your notifications in a while. Something is waiting for you in the dark.",
  link: "/notifications",
} as const satisfies Pick<AppNotification, "type" | "title" | "message" | "link">;

export type IgnoredRuleInput = {
  now: number;
  unread: number;
  /** When the panel (or /notifications) was last opened; null if never. */
  panelLastOpenedAt: number | null;
  /** Since when the reader has had something to read: the oldest unread notification, used when the panel was never opened. */
  oldestUnreadAt: number | null;
  /** A cursed notification was added and the unread count has not reached zero since. */
  cursed: boolean;
};

export type IgnoredRuleResult = { addCursed: boolean; cursed: boolean };

/**
 * The ignored-notification rule, exactly as spec §4 gives it: with unread
 * notifications, a panel last opened more than 30 s ago and no cursed
 * notification, one cursed notification is added. The flag resets when the
 * unread count reaches zero. A panel that was never opened counts from the
 * oldest unread notification, so a reader is not cursed the moment one arrives.
 */
export function evaluateIgnoredRule(input: IgnoredRuleInput): IgnoredRuleResult {
  if (input.unread <= 0) return { addCursed: false, cursed: false };
  if (input.cursed) return { addCursed: false, cursed: true };
  const since = input.panelLastOpenedAt ?? input.oldestUnreadAt;
  const ignored = since !== null && input.now - since > NOTIFICATIONS.ignoredThresholdMs;
  return { addCursed: ignored, cursed: ignored };
}

/** The notification of a newly published story (spec §4, §8 new story toast). */
export function newStoryNotification(story: { id: number | string; slug: string; title: string }) {
  return {
    type: "new-story" as const,
    title: "New Story Published",
    message: `"${story.title}" is now available to read!`,
    link: `/reader/${story.slug}`,
    storyId: String(story.id),
  };
}

/** The key that keeps one copy of the same notification for a reader. */
export function dedupeKeyOf(notification: Pick<AppNotification, "id" | "type" | "link">): string | null {
  if (notification.type === "cursed") return null;
  if (notification.type === "new-story" && notification.link) return `new-story:${notification.link}`;
  return `browser:${notification.id}`;
}

/** A link a notification may carry: a same-site path, else none. */
export function safeNotificationLink(link: unknown): string | null {
  if (typeof link !== "string" || link === "") return null;
  const safe = safeRedirectPath(link, "");
  return safe === "" ? null : safe;
}

/** At most this many browser notifications are merged at once. */
export const MERGE_LIMIT = 200;

export type MergeRow = Omit<AppNotification, "id" | "date"> & { date: Date; dedupeKey: string };

/**
 * The browser notifications an account takes on sign-in: the ones the account
 * does not hold yet (by dedupe key), each once. Cursed notifications stay
 * behind: the account runs the ignored-notification rule itself. Links that
 * would leave the site are dropped.
 */
export function mergeBrowserNotifications(existingKeys: Iterable<string>, incoming: BrowserNotification[]): MergeRow[] {
  const seen = new Set(existingKeys);
  const rows: MergeRow[] = [];
  for (const item of incoming) {
    if (item.type === "cursed") continue;
    const link = safeNotificationLink(item.link);
    const key = dedupeKeyOf({ id: item.id, type: item.type, link });
    if (!key || seen.has(key)) continue;
    seen.add(key);
    rows.push({
      type: item.type,
      title: item.title,
      message: item.message,
      link,
      storyId: item.storyId ?? null,
      date: new Date(item.date),
      read: item.read,
      dedupeKey: key,
    });
  }
  return rows;
}
