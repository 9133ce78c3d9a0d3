import { createMailer } from "~/auth/mail.server";
import { env } from "~/env.server";

/**
 * The site's one outgoing mail transport (SMTP_URL). Without it: the server
 * log in development and tests; in production, nothing (server/startup.ts
 * warns once at start).
 */
export const siteMailer = createMailer({
  smtpUrl: env.SMTP_URL,
  from: env.MAIL_FROM,
  production: env.NODE_ENV === "production",
});

/** Whether mail really leaves the server (otherwise it is only logged). */
export const mailConfigured = Boolean(env.SMTP_URL);
