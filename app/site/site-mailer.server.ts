import { env } from "~/env.server";
import { createMailer } from "./mail.server";

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
