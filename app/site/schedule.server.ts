// The site's recurring jobs (the content sync, announcements of scheduled stories, the email
// digest, the analytics roll-up), each started once per process by an explicit call from the
// server's start (server/startup.ts). A job that must run in one process only takes a lease
// (lease.server.ts) inside its run: every process schedules it, one runs it.

export type Job = {
  /** Names the job in the log, and keeps it to one timer per process. */
  name: string;
  /** How often the job runs. */
  everyMs: number;
  /** When it runs first after the start (0: at once). */
  firstAfterMs: number;
  /** One run; what it returns is logged by `report` when given. */
  run: () => Promise<unknown>;
};

// On globalThis, so that development's module reloading does not start a second timer.
const state = globalThis as { __siteJobs?: Map<string, () => void> };
state.__siteJobs ??= new Map();
const started = state.__siteJobs;

/**
 * Starts the job's timer unless it already runs in this process. A run never overlaps the one
 * before it, and its failure is logged, never thrown: the next run tries again. Returns a stop.
 */
export function scheduleJob(job: Job): () => void {
  const existing = started.get(job.name);
  if (existing) return existing;
  let running = false;
  const tick = async () => {
    if (running) return;
    running = true;
    try {
      await job.run();
    } catch (error) {
      console.error(`[${job.name}] failed:`, error instanceof Error ? error.message : error);
    } finally {
      running = false;
    }
  };
  const interval = setInterval(() => void tick(), job.everyMs);
  interval.unref();
  const first = setTimeout(() => void tick(), job.firstAfterMs);
  first.unref();
  const stop = () => {
    clearInterval(interval);
    clearTimeout(first);
    started.delete(job.name);
  };
  started.set(job.name, stop);
  return stop;
}
