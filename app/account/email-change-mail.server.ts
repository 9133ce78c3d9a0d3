// The mails of an email change (app/account/email-change.server.ts sends them).
import { type ExpiringLink, type LinkEmail, linkEmail, SITE_NAME } from "~/site/mail.server";

/** The link that confirms a new address: sent to the NEW address only (app/account/email-change.server.ts). */
export function confirmEmailChangeEmail({ username, link, minutes }: ExpiringLink): LinkEmail {
  return linkEmail(
    `Confirm your new ${SITE_NAME} email address`,
    username,
    [`You asked to use this address for your ${SITE_NAME} account. To confirm it, open this link:`],
    link,
    [
      `The link works once and expires in ${minutes} minutes. Until you confirm, your account keeps its old address.`,
      "If you did not ask for this, ignore this email: nothing changes.",
    ],
  );
}

/**
 * To the OLD address once a change is confirmed (app/account/email-change.server.ts): what
 * happened, and the link that undoes it, for the case where it was not the owner.
 */
export function emailChangedNoticeEmail({
  username,
  newEmail,
  link,
  days,
}: {
  username: string;
  newEmail: string;
  link: string;
  days: number;
}): LinkEmail {
  return linkEmail(
    `Your ${SITE_NAME} email address was changed`,
    username,
    [
      `The email address of your ${SITE_NAME} account was just changed to ${newEmail}. Mail for the account, and password resets, now go there.`,
      "If it was you, there is nothing to do.",
      "If you did not do this, someone else may be using your account. Open this link to put this address back and sign out every other device:",
    ],
    link,
    [`The link works once, for ${days} days. Then choose a new password: "Forgot your password?" on the sign-in page.`],
  );
}
