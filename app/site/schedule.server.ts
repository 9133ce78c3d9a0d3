// The site's recurring jobs (the content sync, announcements of scheduled stories, the email
// digest, the analytics roll-up), each started once per process by an explicit call from the
// server's start (server/startup.ts). Every process schedules every job; a job that must run in
// one process at a time says `single`, and each run then takes a lease (lease.server.ts) first:
// one process runs it, the others skip that turn (docs/decisions/040).
//
// Work a request starts and does not wait for (a mail sent after the answer, `runAfterAnswer`)
// is one of these runs too: logged the same way, and waited for by a clean shutdown.
import { outsideRequestScope } from "~/database-outage.server";
import { withLease } from "./lease.server";

export type Job = {
  /** Names the job in the log, and keeps it to one timer per process. */
  name: string;
  /** How often the job runs. */
  everyMs: number;
  /** When it runs first after the start (0: at once). */
  firstAfterMs: number;
  /** One run; what it returns is logged by `report` when given. */
  run: () => Promise<unknown>;
  /**
   * One runner across every process on the database: the run holds the lease `job:<name>`
   * (renewed while it runs, so it lapses within `leaseMs` of a crash). Off for a job that is
   * safe to run everywhere or takes its own lease (the sync, the digest).
   */
  single?: boolean;
};

/** The lease of a `single` job: short, renewed while the run lasts. */
export const JOB_LEASE_MS = 15_000;

// On globalThis, so that development's module reloading does not start a second timer.
const state = globalThis as { __siteJobs?: Map<string, () => void>; __siteRuns?: Set<Promise<void>> };
state.__siteJobs ??= new Map();
state.__siteRuns ??= new Set();
const started = state.__siteJobs;
/** Runs under way, so a clean shutdown can wait for them. */
const runs = state.__siteRuns;

/** One run of `work`: its failure logged, never thrown, and the run kept in `runs` until it ends. */
async function track(name: string, work: () => Promise<unknown>): Promise<void> {
  const run = (async () => {
    try {
      await work();
    } catch (error) {
      console.error(`[${name}] failed:`, error instanceof Error ? error.message : error);
    }
  })();
  runs.add(run);
  try {
    await run;
  } finally {
    runs.delete(run);
  }
}

/**
 * Work a request starts and does not wait for, such as a mail sent after the answer: it runs at
 * once, outside the request's scope (a database out of reach is its own error, not a 503 nobody
 * reads, docs/decisions/045), its failure is logged as a job's, and a clean shutdown waits for it
 * as for a job's run.
 */
export function runAfterAnswer(name: string, work: () => Promise<unknown>): void {
  void outsideRequestScope(() => track(name, work));
}

/**
 * Starts the job's timer unless it already runs in this process. A run never overlaps the one
 * before it, and its failure is logged, never thrown: the next run tries again. Returns a stop.
 */
export function scheduleJob(job: Job): () => void {
  const existing = started.get(job.name);
  if (existing) return existing;
  let running = false;
  const once = job.single ? () => withLease(`job:${job.name}`, JOB_LEASE_MS, job.run) : job.run;
  const tick = async () => {
    if (running) return;
    running = true;
    try {
      await track(job.name, once);
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

/**
 * A clean shutdown: no job starts again in this process, and the runs under way (a job's, or work
 * after an answer) are waited for up to `waitMs` (their leases are then given back by the caller,
 * releaseHeldLeases).
 */
export async function stopScheduledJobs(waitMs: number): Promise<void> {
  for (const stop of [...started.values()]) stop();
  if (!runs.size) return;
  let timer: NodeJS.Timeout | undefined;
  await Promise.race([
    Promise.allSettled([...runs]),
    new Promise((resolve) => {
      timer = setTimeout(resolve, waitMs);
    }),
  ]);
  clearTimeout(timer);
}
