// Every message to a writer about their story goes through notifyWriter: the
// notification centre always, and an email when mail is configured. The
// notification-preferences branch plugs its check in HERE (one place):
//   if (await wantsNotification(userId, kind, "site")) ... / (..., "email")
import { prisma } from "~/db.server";
import { env } from "~/env.server";
import { mailConfigured, siteMailer } from "~/messages/site-mailer.server";

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
  await prisma.notification.create({
    data: {
      userId,
      type: TYPE_OF[notification.kind],
      title: notification.title,
      message: notification.message,
      link: notification.link,
    },
  });
  // Until the preferences branch adds wantsNotification: email whenever mail really leaves the server.
  if (!mailConfigured) return;
  const user = await prisma.user.findUnique({ where: { id: userId }, select: { email: true, username: true } });
  if (!user) return;
  try {
    await siteMailer.send({
      to: user.email,
      subject: `${notification.title} | Horror Stories`,
      text: [
        `Hello ${user.username},`,
        "",
        notification.message,
        "",
        new URL(notification.link, env.SITE_URL).toString(),
      ].join("\n"),
    });
  } catch (error) {
    // The notification is stored; a mail that failed is logged, never the moderator's error.
    console.error("[stories] writer mail failed:", (error as Error).message);
  }
}
