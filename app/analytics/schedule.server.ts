// The analytics' start-up job: the roll-up and purge of daily.server.ts, now and every hour.
import { purgeOldEvents } from "./daily.server";

let timer: ReturnType<typeof setInterval> | undefined;

/** Start-up job: roll up and purge now, then every hour. */
export function startAnalyticsSchedule() {
  const run = () =>
    purgeOldEvents().catch((error) =>
      console.error("Analytics roll-up failed:", error instanceof Error ? error.message : error),
    );
  void run();
  timer ??= setInterval(run, 60 * 60_000);
  timer.unref?.();
}
