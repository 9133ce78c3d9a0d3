// Every message to a writer about their story goes through notifyWriter, a
// "moderation" notice for notifyReader: the notification centre and an email
// at once, each as the writer chose at /settings/notifications.
import { notifyReader } from "~/notifications/notify.server";

/** What happened to the story (the preference kind the settings issue may offer). */
export type WriterNotificationKind = "story-approved" | "story-changes" | "story-rejected" | "revision-approved";

export type WriterNotification = {
  kind: WriterNotificationKind;
  title: string;
  message: string;
  /** A same-site path: the story, or its edit page. */
  link: string;
};

const TYPE_OF: Record<WriterNotificationKind, "success" | "warning" | "error"> = {
  "story-approved": "success",
  "revision-approved": "success",
  "story-changes": "warning",
  "story-rejected": "error",
};

export async function notifyWriter(userId: string, notification: WriterNotification): Promise<void> {
  await notifyReader(userId, {
    kind: "moderation",
    type: TYPE_OF[notification.kind],
    title: notification.title,
    message: notification.message,
    link: notification.link,
  });
}
