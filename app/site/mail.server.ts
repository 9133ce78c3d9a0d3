// Outgoing email over SMTP (nodemailer), configured by one URL such as
// smtp://user:pass@127.0.0.1:2525 or smtps://user:pass@smtp.example.com.
// Without a URL nothing is sent. In development and tests the message is
// written to the server log instead, so a password-reset link can be copied
// from there. In production a log is no place for a reset link (whoever reads
// the logs could take over any account): mail is off, one warning at start
// (server/startup.ts) says so, and the reset page tells readers that reset by email is not available.

import { createTransport } from "nodemailer";
import { escapeHtml } from "~/utils/html";

/** What a mailer's `send` throws when the message did not leave: the mail server refused it, or could not be reached. */
export class MailNotSentError extends Error {
  code?: string;
  responseCode?: number;
  constructor(message: string) {
    super(message);
    this.name = "MailNotSentError";
  }
}

export type MailMessage = {
  to: string;
  subject: string;
  text: string;
  html?: string;
  replyTo?: string;
  /** What the mail is ("password reset", "contact message", ...): names a failure in the error log. */
  kind?: string;
};

/** A mail that did not leave: what it was, and the error (the addresses taken out of its message). */
export type MailFailure = { kind: string; error: MailNotSentError };

/**
 * Where a mailer's mail goes, the one answer to "is mail configured": "smtp", it leaves the
 * server; "log", the server log (development and tests without SMTP_URL); "off", nowhere
 * (production without SMTP_URL), so what needs mail must say it is not available.
 */
export type MailDelivery = "smtp" | "log" | "off";

export type Mailer = {
  readonly delivery: MailDelivery;
  /** Sends the message; throws MailNotSentError when it did not leave, once the failure was reported. */
  send(message: MailMessage): Promise<void>;
  /**
   * Where failures are reported before `send` throws: the admins' error log, set by the server's
   * start (server/startup.ts); this layer knows nothing of it (docs/decisions/038).
   */
  reportFailuresTo(report: (failure: MailFailure) => Promise<unknown>): void;
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
  let report: ((failure: MailFailure) => Promise<unknown>) | undefined;
  const reportFailuresTo = (listener: typeof report) => {
    report = listener;
  };

  if (!smtpUrl && options.production) {
    // The server says so once at start (server/startup.ts, MAIL_DISABLED_WARNING).
    return {
      delivery: "off",
      async send() {
        log("[mail] not sent: SMTP_URL is not set");
      },
      reportFailuresTo,
    };
  }

  if (!smtpUrl) {
    return {
      delivery: "log",
      async send(message) {
        log(
          `[mail] not sent (no SMTP URL) to=${message.to} subject=${JSON.stringify(message.subject)}\n${message.text}`,
        );
      },
      reportFailuresTo,
    };
  }

  const secrets = urlSecrets(smtpUrl);
  // Created once, on first use, so that a bad URL surfaces as a send error.
  let transport: ReturnType<typeof createTransport> | undefined;

  return {
    delivery: "smtp",
    reportFailuresTo,
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
        // command (base64 credentials) and the URL, which must not reach logs;
        // and a mail server's refusal names the recipient ("550 <reader@…>: no such
        // user"), whose address is no business of a log either.
        const detail = error instanceof Error ? error.message : String(error);
        const safe = new MailNotSentError(`Email could not be sent: ${withoutAddresses(redact(detail, secrets))}`);
        if (error && typeof error === "object") {
          const { code, responseCode } = error as { code?: unknown; responseCode?: unknown };
          if (typeof code === "string") safe.code = code;
          if (typeof responseCode === "number") safe.responseCode = responseCode;
        }
        await report?.({ kind: message.kind ?? "mail", error: safe });
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

/** Every email address in a mail server's words, as `<address>`. */
export function withoutAddresses(text: string): string {
  return text.replace(/[^\s<>"'(),;:=[\]]+@[^\s<>"'(),;:=[\]]+/g, "<address>");
}

function redact(text: string, secrets: string[]): string {
  let result = text;
  for (const secret of secrets) result = result.split(secret).join("***");
  return result;
}

/** The site's name as its mail signs it. */
export const SITE_NAME = "Horror Stories";

export type LinkEmail = { subject: string; text: string; html: string };
/** A single-use link that expires in `minutes`, for `username`. */
export type ExpiringLink = { username: string; link: string; minutes: number };

/** A mail built around one link: a greeting, paragraphs before and after the link, the signature. */
export function linkEmail(
  subject: string,
  username: string,
  before: string[],
  link: string,
  after: string[],
): LinkEmail {
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
