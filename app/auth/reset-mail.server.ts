// The password-reset mail (app/auth/reset.server.ts sends it).
import { type ExpiringLink, type LinkEmail, linkEmail, SITE_NAME } from "~/site/mail.server";

export function resetPasswordEmail({ username, link, minutes }: ExpiringLink): LinkEmail {
  return linkEmail(
    `Reset your ${SITE_NAME} password`,
    username,
    [`Someone asked to reset the password of your ${SITE_NAME} account. To choose a new password, open this link:`],
    link,
    [
      `The link works once and expires in ${minutes} minutes. Asking for another one makes this one stop working: use the newest.`,
      "If you did not ask for this, you can ignore this email: your password stays the same.",
    ],
  );
}
