// Start-up jobs: explicit calls from the server's start (server/index.ts),
// never side effects of importing a module, so that `npm run sync`, tests and
// tools can load the app without starting them.
import { startAnalyticsSchedule } from "~/analytics/schedule.server";
import { ensureInitialAdmin } from "~/auth/auth.server";
import { startAnnouncementSchedule } from "~/content/announce.server";
import { startContentSyncSchedule } from "~/content/sync-schedule.server";
import { env } from "~/env.server";
import { startEmailDigestSchedule } from "~/notifications/digest.server";
import { MAIL_DISABLED_WARNING } from "~/site/mail.server";
import { siteMailer } from "~/site/site-mailer.server";

export function runStartupJobs() {
  if (siteMailer.delivery === "off") console.warn(MAIL_DISABLED_WARNING);
  startContentSyncSchedule();
  startEmailDigestSchedule(siteMailer);
  startAnnouncementSchedule();
  startAnalyticsSchedule();
  ensureInitialAdmin(env.ADMIN_EMAIL, env.ADMIN_PASSWORD).catch((error) =>
    console.error("Could not create the initial administrator:", error instanceof Error ? error.message : error),
  );
}
