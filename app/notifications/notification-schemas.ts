// The schemas of the notification centre's API and forms (notifications.ts holds
// its rules). Apart from them so the reading pages' JavaScript carries no zod: the
// browser loads this module only once it holds notifications to check
// (browser-store.ts).
import { z } from "zod";
import { FILTERS, MERGE_LIMIT, NOTIFICATION_TYPES } from "./notifications";

export const FilterSchema = z.enum(FILTERS).catch("all");

/** A browser-kept notification as the merge takes it (POST /api/notifications). */
export const BrowserNotificationSchema = z.object({
  id: z.string().min(1).max(100),
  type: z.enum(NOTIFICATION_TYPES),
  title: z.string().trim().min(1).max(200),
  message: z.string().max(1000),
  link: z.string().max(500).nullish(),
  storyId: z.string().max(100).nullish(),
  date: z.iso.datetime({ offset: true }),
  read: z.boolean(),
});
export type BrowserNotification = z.infer<typeof BrowserNotificationSchema>;

export const MergeSchema = z.object({
  notifications: z.array(BrowserNotificationSchema).max(MERGE_LIMIT, `At most ${MERGE_LIMIT} notifications at once.`),
});

/** The forms of /notifications: open one (mark it read, go to its link), mark all read, clear. */
export const NotificationActionSchema = z.discriminatedUnion("intent", [
  z.object({ intent: z.literal("open"), id: z.string().min(1).max(100), filter: z.enum(FILTERS).optional() }),
  z.object({ intent: z.literal("read-all"), filter: z.enum(FILTERS).optional() }),
  z.object({ intent: z.literal("clear"), filter: z.enum(FILTERS).optional() }),
]);
