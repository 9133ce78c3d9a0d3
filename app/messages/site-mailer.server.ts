import { createMailer } from "~/auth/mail.server";
import { env } from "~/env.server";

/** The site's one outgoing mail transport (SMTP_URL), or the server log when none is configured. */
export const siteMailer = createMailer({ smtpUrl: env.SMTP_URL, from: env.MAIL_FROM });

/** Whether mail really leaves the server (otherwise it is only logged). */
export const mailConfigured = Boolean(env.SMTP_URL);
