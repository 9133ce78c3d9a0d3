// The one way the site tells a signed-in reader something that concerns them
// (a decision on their story, a reply, a removed post): the reader's choices of
// /settings/notifications decide (wants() in preferences.ts), the row carries
// its preference kind so the daily digest can mail it, and a kind mailed at once
// (IMMEDIATE_EMAIL_KINDS) leaves as its own mail. New-story notifications go out
// in bulk through notifyNewStory and the cursed one through the bell's rule.
import { prisma } from "~/db.server";
import { env } from "~/env.server";
import { SITE_NAME } from "~/site/mail.server";
import { siteMailer } from "~/site/site-mailer.server";
import { type ChoosableKind, IMMEDIATE_EMAIL_KINDS, wants } from "./notification-preferences";
import { PREFERENCE_COLUMNS, preferencesOf } from "./notification-preferences.server";
import type { NotificationType } from "./notifications";

export type ReaderNotice = {
  /** The preference it falls under. */
  kind: ChoosableKind;
  /** The spec's notification type (§3): how the centre shows it. */
  type: NotificationType;
  title: string;
  message: string;
  /** A same-site path. */
  link: string | null;
};

type Db = Pick<typeof prisma, "notification" | "user">;

/**
 * Notifies one reader as they chose. Works inside a transaction (`db`); the
 * mail, if any, is sent after and never fails the caller: the notification is
 * the record, a mail that failed is logged.
 */
export async function notifyReader(
  userId: string,
  notice: ReaderNotice,
  db: Db = prisma,
): Promise<{ site: boolean; email: boolean }> {
  const reader = await db.user.findUnique({
    where: { id: userId },
    select: { ...PREFERENCE_COLUMNS, email: true, username: true },
  });
  if (!reader) return { site: false, email: false };
  const preferences = preferencesOf(reader);
  const site = wants(preferences, notice.kind, "site");
  if (site) {
    await db.notification.create({
      data: {
        userId,
        kind: notice.kind,
        type: notice.type,
        title: notice.title,
        message: notice.message,
        link: notice.link,
      },
    });
  }
  const email =
    siteMailer.delivery === "smtp" &&
    IMMEDIATE_EMAIL_KINDS.includes(notice.kind) &&
    wants(preferences, notice.kind, "email");
  if (email) {
    const text = [`Hello ${reader.username},`, "", notice.message];
    if (notice.link) text.push("", new URL(notice.link, env.SITE_URL).toString());
    // Signed as the site's other mails are (linkEmail, the digest).
    text.push("", `— ${SITE_NAME}`, "", `You chose this email at ${new URL("/settings/notifications", env.SITE_URL)}.`);
    void siteMailer
      .send({
        kind: "notification",
        to: reader.email,
        subject: `${notice.title} | ${SITE_NAME}`,
        text: text.join("\n"),
      })
      .catch((error: Error) => console.error("[notifications] mail failed:", error.message));
  }
  return { site, email };
}
