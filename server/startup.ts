// Start-up jobs: explicit calls from the server's start (server/index.ts),
// never side effects of importing a module, so that `npm run sync`, tests and
// tools can load the app without starting them. And their end, on SIGTERM.
import { startAnalyticsSchedule } from "~/analytics/schedule.server";
import { ensureInitialAdmin } from "~/auth/auth.server";
import { startExpiredRowsSchedule } from "~/auth/expired-rows.server";
import { startAnnouncementSchedule } from "~/content/announce.server";
import { contentChain } from "~/content/content.server";
import { fillSearchText } from "~/content/search-index.server";
import { startContentSyncSchedule } from "~/content/sync-schedule.server";
import { prisma } from "~/db.server";
import { env } from "~/env.server";
import { recordMailFailure } from "~/errors/server-errors.server";
import { startEmailDigestSchedule } from "~/notifications/digest.server";
import { purgePageCache } from "~/site/cache-policy";
import { watchChanges } from "~/site/changes.server";
import { releaseHeldLeases } from "~/site/lease.server";
import { MAIL_DISABLED_WARNING } from "~/site/mail.server";
import { stopScheduledJobs } from "~/site/schedule.server";
import { siteMailer } from "~/site/site-mailer.server";
import { forgetCachedSettings } from "~/site/site-settings.server";
import { resetPaletteCache } from "~/theme/palette.server";

export function runStartupJobs() {
  if (siteMailer.delivery === "off") console.warn(MAIL_DISABLED_WARNING);
  // A mail that does not leave goes into the admins' error log too (docs/decisions/059).
  siteMailer.reportFailuresTo(recordMailFailure);
  // What another process changed reaches this one's caches (docs/decisions/040).
  watchChanges(prisma, {
    admin: () => {
      purgePageCache();
      forgetCachedSettings();
      resetPaletteCache();
    },
    content: () => {
      contentChain.clearCache();
      // A sync stored posts, so a source answered: a source this process saw down is probed again.
      contentChain.forgetAvailability();
      purgePageCache();
    },
  });
  startContentSyncSchedule();
  startEmailDigestSchedule(siteMailer);
  startAnnouncementSchedule();
  startAnalyticsSchedule();
  startExpiredRowsSchedule();
  // The search text of rows from before it existed (a no-op once every row has one).
  fillSearchText().catch((error) =>
    console.error("Could not fill the stories' search text:", error instanceof Error ? error.message : error),
  );
  ensureInitialAdmin(env.ADMIN_EMAIL, env.ADMIN_PASSWORD).catch((error) =>
    console.error("Could not create the initial administrator:", error instanceof Error ? error.message : error),
  );
}

/**
 * A clean stop (SIGTERM): no job starts again, the runs under way get up to `waitMs` to end, then
 * every lease this process holds is given back, so another process takes the job at once.
 */
export async function stopStartupJobs(waitMs: number): Promise<void> {
  await stopScheduledJobs(waitMs);
  await releaseHeldLeases();
}
