// The analytics' start-up job: the roll-up and purge of daily.server.ts, now and every hour, in one
// process at a time across all of them (`single`: the lease job:analytics).
import { scheduleJob } from "~/site/schedule.server";
import { purgeOldEvents } from "./daily.server";

/** Start-up job: roll up and purge now, then every hour. */
export function startAnalyticsSchedule() {
  scheduleJob({ name: "analytics", everyMs: 60 * 60_000, firstAfterMs: 0, single: true, run: purgeOldEvents });
}
