// Outgoing email over SMTP (nodemailer), configured by one URL such as
// smtp://user:pass@127.0.0.1:2525 or smtps://user:pass@smtp.example.com.
// Without a URL nothing is sent. In development and tests the message is
// written to the server log instead, so a password-reset link can be copied
// from there. In production a log is no place for a reset link (whoever reads
// the logs could take over any account): mail is off, one warning at start
// (server/startup.ts) says so, and the reset page tells readers that reset by email is not available.

import { createTransport } from "nodemailer";
import { escapeHtml } from "~/utils/html";

export type MailMessage = { to: string; subject: string; text: string; html?: string; replyTo?: string };

export type Mailer = {
  /** False when mail goes nowhere (production without SMTP_URL): what needs mail must say it is not available. */
  readonly enabled: boolean;
  send(message: MailMessage): Promise<void>;
};

export const MAIL_DISABLED_WARNING =
  "[mail] SMTP_URL is not set: no email is sent, and password reset by email is disabled. Set SMTP_URL to turn it on.";

export function createMailer(options: {
  smtpUrl?: string;
  from: string;
  /** Production: without an SMTP URL, nothing of a message is logged. */
  production?: boolean;
  log?: (line: string) => void;
}): Mailer {
  const { smtpUrl, from } = options;
  const log = options.log ?? ((line: string) => console.info(line));

  if (!smtpUrl && options.production) {
    // The server says so once at start (server/startup.ts, MAIL_DISABLED_WARNING).
    return {
      enabled: false,
      async send() {
        log("[mail] not sent: SMTP_URL is not set");
      },
    };
  }

  if (!smtpUrl) {
    return {
      enabled: true,
      async send(message) {
        log(
          `[mail] not sent (no SMTP URL) to=${message.to} subject=${JSON.stringify(message.subject)}\n${message.text}`,
        );
      },
    };
  }

  const secrets = urlSecrets(smtpUrl);
  // Created once, on first use, so that a bad URL surfaces as a send error.
  let transport: ReturnType<typeof createTransport> | undefined;

  return {
    enabled: true,
    async send(message) {
      try {
        transport ??= createTransport({
          url: smtpUrl,
          connectionTimeout: 10_000,
          greetingTimeout: 10_000,
          socketTimeout: 30_000,
        });
        await transport.sendMail({
          from,
          to: message.to,
          subject: message.subject,
          text: message.text,
          ...(message.html === undefined ? {} : { html: message.html }),
          ...(message.replyTo === undefined ? {} : { replyTo: message.replyTo }),
          textEncoding: "quoted-printable",
        });
      } catch (error) {
        // A new error without `cause`: nodemailer errors can carry the AUTH
        // command (base64 credentials) and the URL, which must not reach logs.
        const detail = error instanceof Error ? error.message : String(error);
        const safe = new Error(`Email could not be sent: ${redact(detail, secrets)}`) as Error & {
          code?: string;
          responseCode?: number;
        };
        if (error && typeof error === "object") {
          const { code, responseCode } = error as { code?: unknown; responseCode?: unknown };
          if (typeof code === "string") safe.code = code;
          if (typeof responseCode === "number") safe.responseCode = responseCode;
        }
        throw safe;
      }
    },
  };
}

/** The full URL and its password (raw, decoded and base64 forms), longest first. */
function urlSecrets(smtpUrl: string): string[] {
  const secrets = new Set<string>([smtpUrl]);
  let password = "";
  try {
    password = new URL(smtpUrl).password;
  } catch {
    // Not a parseable URL: only the whole string is redacted.
  }
  if (password) {
    secrets.add(password);
    try {
      const decoded = decodeURIComponent(password);
      secrets.add(decoded);
      secrets.add(Buffer.from(decoded).toString("base64"));
    } catch {
      // Malformed percent-encoding: the raw form is already listed.
    }
  }
  return [...secrets].sort((a, b) => b.length - a.length);
}

function redact(text: string, secrets: string[]): string {
  let result = text;
  for (const secret of secrets) result = result.split(secret).join("***");
  return result;
}

const SITE_NAME = "Horror Stories";

type LinkEmail = { subject: string; text: string; html: string };
/** A single-use link that expires in `minutes`, for `username`. */
type ExpiringLink = { username: string; link: string; minutes: number };

/** A mail built around one link: a greeting, paragraphs before and after the link, the signature. */
function linkEmail(subject: string, username: string, before: string[], link: string, after: string[]): LinkEmail {
  const paragraphs = (lines: string[]) => lines.flatMap((line) => [line, ""]);
  const text = [`Hello ${username},`, "", ...paragraphs(before), link, "", ...paragraphs(after), `— ${SITE_NAME}`].join(
    "\n",
  );
  const href = escapeHtml(link);
  const html = [
    `<p>Hello ${escapeHtml(username)},</p>`,
    ...before.map((line) => `<p>${escapeHtml(line)}</p>`),
    `<p><a href="${href}">${href}</a></p>`,
    ...after.map((line) => `<p>${escapeHtml(line)}</p>`),
    `<p>— ${SITE_NAME}</p>`,
  ].join("\n");
  return { subject, text, html };
}

export function resetPasswordEmail({ username, link, minutes }: ExpiringLink): LinkEmail {
  return linkEmail(
    `Reset your ${SITE_NAME} password`,
    username,
    [`Someone asked to reset the password of your ${SITE_NAME} account. To choose a new password, open this link:`],
    link,
    [
      `The link works once and expires in ${minutes} minutes.`,
      "If you did not ask for this, you can ignore this email: your password stays the same.",
    ],
  );
}

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

/** The daily digest of a reader's unread notifications (app/notifications/digest.server.ts). */
export function digestEmail({
  username,
  items,
  siteUrl,
}: {
  username: string;
  items: { title: string; message: string; link: string | null }[];
  siteUrl: string;
}) {
  const origin = siteUrl.replace(/\/$/, "");
  const subject = `Your ${SITE_NAME} notifications: ${items.length} unread`;
  const lines = items.flatMap((item) => [
    `* ${item.title}`,
    `  ${item.message}`,
    ...(item.link ? [`  ${origin}${item.link}`] : []),
    "",
  ]);
  const text = [
    `Hello ${username},`,
    "",
    "Here is what happened on the site in the last day:",
    "",
    ...lines,
    `All your notifications: ${origin}/notifications`,
    `Choose what we send you: ${origin}/settings/notifications`,
    "",
    `— ${SITE_NAME}`,
  ].join("\n");
  const html = [
    `<p>Hello ${escapeHtml(username)},</p>`,
    "<p>Here is what happened on the site in the last day:</p>",
    "<ul>",
    ...items.map(
      (item) =>
        `<li><strong>${escapeHtml(item.title)}</strong><br>${escapeHtml(item.message)}${
          item.link ? `<br><a href="${escapeHtml(origin + item.link)}">${escapeHtml(origin + item.link)}</a>` : ""
        }</li>`,
    ),
    "</ul>",
    `<p><a href="${escapeHtml(`${origin}/settings/notifications`)}">Choose what we send you</a></p>`,
    `<p>— ${SITE_NAME}</p>`,
  ].join("\n");
  return { subject, text, html };
}
