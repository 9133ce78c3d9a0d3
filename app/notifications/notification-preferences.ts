// Which notifications a signed-in reader gets (/settings/notifications): per
// kind, in the site and by email, an email digest daily or off, and the cursed
// notification (spec §4, on unless turned off). Pure: the server module reads
// and writes the columns (notification-preferences.server.ts).
import { z } from "zod";

export const NOTIFICATION_KINDS = ["new-story", "reply", "moderation", "announcement", "cursed"] as const;
export type NotificationKind = (typeof NOTIFICATION_KINDS)[number];
export const CHANNELS = ["site", "email"] as const;
export type NotificationChannel = (typeof CHANNELS)[number];
export const DIGEST_CHOICES = ["daily", "off"] as const;
export type DigestChoice = (typeof DIGEST_CHOICES)[number];

/** The kinds a reader chooses per channel (the cursed notification lives only in the site). */
export const CHOOSABLE_KINDS = ["new-story", "reply", "moderation", "announcement"] as const;
export type ChoosableKind = (typeof CHOOSABLE_KINDS)[number];

export const KIND_LABELS: Record<ChoosableKind, { name: string; text: string }> = {
  "new-story": { name: "New stories", text: "A story is published on the site." },
  // What each switch covers, all of it (community/notify.server.ts sends replies, quotes and comments
  // as "reply", a post a moderator removed as "moderation").
  reply: {
    name: "Replies, quotes and comments",
    text: "Someone replies in a thread you started, quotes your post, or comments on a story you wrote.",
  },
  moderation: {
    name: "Moderation decisions",
    text: "A story you submitted is approved or rejected, a moderator removes a post of yours, or a bug report or feedback you sent is fixed or done.",
  },
  announcement: { name: "Site announcements", text: "News about Horror Stories itself." },
};

export type NotificationPreferences = {
  site: Record<ChoosableKind, boolean>;
  email: Record<ChoosableKind, boolean>;
  digest: DigestChoice;
  cursed: boolean;
};

/** A new account's choices (the column defaults in prisma/schema/accounts.prisma). */
export const DEFAULT_PREFERENCES: NotificationPreferences = {
  site: { "new-story": true, reply: true, moderation: true, announcement: true },
  // A decision on the writer's own story is mailed at once unless turned off; the rest only by choice.
  email: { "new-story": false, reply: false, moderation: true, announcement: false },
  digest: "off",
  cursed: true,
};

/**
 * Kinds mailed the moment they happen, one mail each, when the reader ticks
 * their email box: a decision on a writer's own story is rare, personal and
 * timely ("the writer gets a notification and, if they want it, an
 * email"). Every other kind is mailed only in the daily digest.
 */
export const IMMEDIATE_EMAIL_KINDS: readonly NotificationKind[] = ["moderation"];

/**
 * The one rule: does the reader get this kind on this channel? Email goes out
 * at once for the immediate kinds, and otherwise only in the daily digest, so
 * those email choices count only with the digest on. The cursed notification
 * is a site-only notification.
 */
export function wants(preferences: NotificationPreferences, kind: NotificationKind, channel: NotificationChannel) {
  if (kind === "cursed") return channel === "site" && preferences.cursed;
  if (channel === "site") return preferences.site[kind];
  if (IMMEDIATE_EMAIL_KINDS.includes(kind)) return preferences.email[kind];
  return preferences.digest === "daily" && preferences.email[kind];
}

/** Whether the daily digest lists a notification of this kind (immediate kinds were mailed already). */
export function inDigest(preferences: NotificationPreferences, kind: NotificationKind) {
  return !IMMEDIATE_EMAIL_KINDS.includes(kind) && wants(preferences, kind, "email");
}

/** Which kind a stored notification's type belongs to; null for types no preference covers (never mailed). */
export function kindOfType(type: string): NotificationKind | null {
  return (NOTIFICATION_KINDS as readonly string[]).includes(type) ? (type as NotificationKind) : null;
}

/** A checkbox: "on" when ticked, absent when not; any other value is a tampered form. */
export const checkbox = z
  .literal("on", { error: "This form could not be read. Reload the page and try again." })
  .optional()
  .transform((v) => v === "on");

/** The form: one checkbox per kind and channel (`site-reply`, `email-reply`, ...), the digest, the cursed switch. */
export const NotificationPreferencesSchema = z.object({
  ...Object.fromEntries(CHOOSABLE_KINDS.flatMap((k) => [`site-${k}`, `email-${k}`].map((name) => [name, checkbox]))),
  digest: z.enum(DIGEST_CHOICES, { error: "Choose daily or off." }),
  cursed: checkbox,
}) as unknown as z.ZodType<Record<string, boolean> & { digest: DigestChoice; cursed: boolean }>;

export function preferencesFromForm(value: Record<string, boolean> & { digest: DigestChoice; cursed: boolean }) {
  const pick = (channel: NotificationChannel) =>
    Object.fromEntries(CHOOSABLE_KINDS.map((k) => [k, value[`${channel}-${k}`] === true])) as Record<
      ChoosableKind,
      boolean
    >;
  return {
    site: pick("site"),
    email: pick("email"),
    digest: value.digest,
    cursed: value.cursed,
  } satisfies NotificationPreferences;
}
