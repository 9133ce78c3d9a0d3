// Content sync (spec §4, §8, §9): copies the latest 20 posts of the first
// available remote source into the database (source 3 of the chain), every
// 5 minutes while the server runs, on demand (`npm run sync`) and from the
// admin area. One sync at a time across every process sharing the database.
//
// Each run also copies a few older pages (a backfill, SYNC_BACKFILL_PAGES per
// run, from where the last run stopped), and starts over after the last page
// (X-WP-TotalPages): the copies mirror every published story, so a story that
// exists stays readable while its remote is down, and edits to old stories
// arrive within a pass.
import { randomUUID } from "node:crypto";
import { prisma } from "~/db.server";
import { markChanged } from "~/site/changes.server";
import { acquireLease, keepLease, releaseLease, renewLease } from "~/site/lease.server";
import type { ContentChain } from "./chain.server";
import type { RemotePost } from "./remote-post";
import {
  getLastSync,
  recordSyncResult,
  SYNC_LEASE,
  SYNC_MESSAGES,
  type SyncProgress,
  type SyncResult,
  writeProgress,
} from "./sync-status.server";
import { storeCopies, storeTerms } from "./sync-store.server";
import { fetchRemotePosts, type RemoteList, SourceFailure, type WordPressSource } from "./wordpress.server";

export const SYNC_INTERVAL_MS = 5 * 60_000;
/** Skipped when the last sync was under half the interval ago. */
export const SYNC_SKIP_WINDOW_MS = SYNC_INTERVAL_MS / 2;
export const SYNC_SIZE = 20;
/** Older pages of SYNC_SIZE copied per run: bounded, so a run ends well inside its lease. */
export const SYNC_BACKFILL_PAGES = 5;
/** The next older page the backfill copies. */
export const BACKFILL_KEY = "sync:backfill";
export const SYNC_RETRY_DELAY_MS = 1_000;
/** Longer than a sync takes (two 10 s requests and a retry, the terms, the backfill's pages, the writes). */
export const SYNC_BUDGET_MS = 2 * 60_000;
/**
 * The sync's lease, renewed every third of it while the sync runs (keepLease): after a `kill -9`
 * of the process that runs it, another process may sync again within this (docs/decisions/040).
 */
export const SYNC_LEASE_MS = 15_000;
type SyncOptions = {
  chain: Pick<ContentChain, "hasRemoteSources" | "remoteSources" | "markAvailable" | "markUnavailable" | "clearCache">;
  force?: boolean;
  /** Copy every older page, from page 2 to the last (the admin area's full backfill), renewing the lease as it goes. */
  full?: boolean;
  /** The caller already holds the lease as `holder` (startSyncInBackground). */
  leaseHeld?: boolean;
  now?: () => number;
  sleep?: (ms: number) => Promise<void>;
  /** Identifies this run's lease holder. */
  holder?: string;
  timeoutMs?: number;
};

const defaultSleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/**
 * Copies up to SYNC_BACKFILL_PAGES older pages, from the page the last run
 * stopped at; after the last page the next run starts again at page 2. A page
 * that fails ends this run's backfill (the next run retries it).
 */
async function backfill(
  source: WordPressSource,
  totalPages: number,
  deadline: number,
  now: () => number,
  timeoutMs: number | undefined,
  hooks: { full: boolean; renew: () => Promise<void>; onPage: (page: number, stored: number) => Promise<void> },
) {
  const full = hooks.full;
  const row = await prisma.keyValue.findUnique({ where: { key: BACKFILL_KEY } });
  let page = full ? 2 : Math.max(2, Number.parseInt(row?.value ?? "", 10) || 2);
  let stored = 0;
  let newPosts = 0;
  const invalid = { count: 0, problems: [] as string[] };
  for (let n = 0; full ? true : n < SYNC_BACKFILL_PAGES && now() < deadline; n++) {
    if (full) await hooks.renew();
    if (page > totalPages) {
      page = 2;
      break;
    }
    let result: RemoteList<RemotePost>;
    try {
      result = await fetchRemotePosts(source, { page, perPage: SYNC_SIZE, withContent: true }, timeoutMs);
    } catch {
      break;
    }
    if (result.posts.length === 0) {
      page = 2;
      break;
    }
    invalid.count += result.invalid;
    invalid.problems.push(...result.problems);
    const counts = await storeCopies(source, result.posts, { notify: false });
    stored += counts.stored;
    newPosts += counts.newPosts;
    await hooks.onPage(page, stored);
    page++;
  }
  const value = String(page);
  await prisma.keyValue.upsert({
    where: { key: BACKFILL_KEY },
    create: { key: BACKFILL_KEY, value },
    update: { value },
  });
  return { stored, newPosts, invalid };
}

const sourceLabel = (source: WordPressSource) => (source.name === "wpcom" ? "WordPress.com" : "WordPress");

/** The invalid items a run met, in a few words each: the first ones, and how many more. */
const INVALID_DESCRIBED = 5;
function invalidDetails(problems: string[]): string {
  const shown = problems.slice(0, INVALID_DESCRIBED).join("; ");
  const more = problems.length - INVALID_DESCRIBED;
  return `Invalid items: ${shown}${more > 0 ? `; and ${more} more` : ""}.`;
}

type Attempted = { source: WordPressSource; failures: SourceFailure[] };

/** What each source's attempts met, for the history's details. */
function failureDetails(attempts: Attempted[]): string {
  return attempts
    .map(({ source, failures }) => {
      const messages = [...new Set(failures.map((f) => f.message))];
      const tries =
        failures.length === 1 ? "Tried once" : `Tried ${failures.length} times, ${SYNC_RETRY_DELAY_MS / 1000} s apart`;
      return `${sourceLabel(source)} (${source.base}): ${messages.join(" Then: ")} ${tries}.`;
    })
    .join(" ");
}

export async function runContentSync(options: SyncOptions): Promise<SyncResult> {
  const now = options.now ?? Date.now;
  const sleep = options.sleep ?? defaultSleep;
  const holder = options.holder ?? randomUUID();
  const started = now();
  const base = {
    timestamp: new Date(started).toISOString(),
    apiAvailable: false,
    retryCount: 0,
    postsCount: 0,
    newPosts: 0,
    errorDetails: null,
    errorType: null,
  };
  const kind = options.full ? "backfill" : "sync";
  let progress: SyncProgress = {
    kind,
    running: true,
    phase: "Asking the source for the latest posts",
    done: 0,
    total: null,
    posts: 0,
    startedAt: base.timestamp,
    updatedAt: base.timestamp,
    outcome: null,
  };
  let holdsLease = Boolean(options.leaseHeld);
  const report = async (change: Partial<SyncProgress>) => {
    progress = { ...progress, ...change, updatedAt: new Date(now()).toISOString() };
    // Progress is for watching: a failed write never fails the sync.
    await writeProgress(progress).catch(() => undefined);
  };
  const done = async (result: Omit<SyncResult, "syncTime" | "timestamp"> & Partial<SyncResult>, writeLast = true) => {
    const full: SyncResult = { ...base, ...result, syncTime: Math.max(0, now() - started) };
    await recordSyncResult(full, writeLast);
    if (holdsLease) {
      await report({
        running: false,
        phase: "Finished",
        posts: full.postsCount,
        outcome: { status: full.status, type: full.type, message: full.message },
      });
    }
    return full;
  };
  const skipped = (message: string) => done({ ...base, status: "skipped", type: "info", message }, false);

  // No source configured is not a failure, nor a sync: nothing is recorded, logged or counted (issue 40).
  if (!options.chain.hasRemoteSources()) {
    return { ...base, status: "skipped", type: "info", message: SYNC_MESSAGES.noSource, syncTime: 0 };
  }

  if (!options.force) {
    const last = await getLastSync();
    if (last && started - Date.parse(last.timestamp) < SYNC_SKIP_WINDOW_MS) return skipped(SYNC_MESSAGES.recent);
  }
  if (!holdsLease) {
    if (!(await acquireLease(SYNC_LEASE, holder, SYNC_LEASE_MS, started))) return skipped(SYNC_MESSAGES.running);
    holdsLease = true;
  }
  const stopKeeping = keepLease(SYNC_LEASE, holder, SYNC_LEASE_MS);

  try {
    await report({});
    // Every sync asks the sources itself, whatever the readers' availability cache says (decision
    // 021, 2026-12-01): an admin's "Sync now" is how they check that a source has recovered, and a
    // run every interval costs the source one request. The first source that answers is copied.
    let retryCount = 0;
    let posts: RemotePost[] | null = null;
    let totalPages = 0;
    let invalid = 0;
    let problems: string[] = [];
    let source: WordPressSource | null = null;
    const attempts: Attempted[] = [];
    for (const candidate of options.chain.remoteSources()) {
      const tried: Attempted = { source: candidate, failures: [] };
      // Spec §9 "Sync size": one retry after 1 s.
      for (let attempt = 0; attempt < 2 && !posts; attempt++) {
        if (attempt > 0) {
          retryCount++;
          await report({ phase: `Retrying ${sourceLabel(candidate)} in ${SYNC_RETRY_DELAY_MS / 1000} s` });
          await sleep(SYNC_RETRY_DELAY_MS);
        }
        try {
          const latest = await fetchRemotePosts(
            candidate,
            { perPage: SYNC_SIZE, withContent: true },
            options.timeoutMs,
          );
          posts = latest.posts;
          totalPages = latest.totalPages;
          invalid = latest.invalid;
          problems = latest.problems;
        } catch (error) {
          tried.failures.push(error instanceof SourceFailure ? error : new SourceFailure("unknown", String(error)));
        }
      }
      if (posts) {
        source = candidate;
        // It answered: readers use it again at once, not after the availability cache's 5 minutes.
        options.chain.markAvailable(candidate);
        break;
      }
      options.chain.markUnavailable(candidate);
      attempts.push(tried);
    }
    if (!posts || !source) {
      const failures = attempts.flatMap((a) => a.failures);
      const last = failures.at(-1);
      // Reachable: some source answered HTTP at all (a 500, HTML, a body too large).
      const reached = failures.some((f) => f.status !== undefined);
      return await done({
        ...base,
        status: "error",
        type: "error",
        // "Unavailable" only when no connection could be made; a source that answered badly "failed".
        message:
          failures.length && !reached && failures.every((f) => f.type === "network")
            ? SYNC_MESSAGES.unavailable
            : SYNC_MESSAGES.failed,
        apiAvailable: reached,
        retryCount,
        errorType: last?.type ?? "unknown",
        errorDetails: failureDetails(attempts) || null,
      });
    }
    if (posts.length === 0) {
      return await done({
        ...base,
        status: "empty",
        type: "warning",
        message: SYNC_MESSAGES.empty,
        apiAvailable: true,
        retryCount,
      });
    }
    const pagesPlanned = options.full
      ? Math.max(1, totalPages)
      : Math.min(Math.max(1, totalPages), 1 + SYNC_BACKFILL_PAGES);
    await report({ phase: "Copying the latest posts", total: pagesPlanned });
    const first = await storeCopies(source, posts, { notify: (await prisma.syncedPost.count()) > 0 });
    await report({ phase: "Copying the categories and tags", done: 1, posts: first.stored });
    await storeTerms(source, options.timeoutMs);
    await report({ phase: "Copying older posts" });
    // Half the budget for the backfill's start: its last page (10 s at most) and the writes fit in the rest.
    const older = await backfill(source, totalPages, started + SYNC_BUDGET_MS / 2, now, options.timeoutMs, {
      full: Boolean(options.full),
      renew: () => renewLease(SYNC_LEASE, holder, SYNC_LEASE_MS, now()),
      onPage: (page, stored) =>
        report({
          phase: `Copied page ${page} of ${totalPages}`,
          done: Math.min(pagesPlanned, progress.done + 1),
          posts: first.stored + stored,
        }),
    });
    const stored = first.stored + older.stored;
    const newPosts = first.newPosts + older.newPosts;
    const invalidCount = invalid + older.invalid.count;
    const invalidProblems = [...problems, ...older.invalid.problems];
    // Every process's caches of the content follow (app/site/changes.server.ts).
    await markChanged(prisma, "content");
    const synced = `Synced ${stored} ${stored === 1 ? "post" : "posts"} from ${sourceLabel(source)} (${newPosts} new).`;
    // Spec §5 replaces an invalid item by a default post ("Untitled Post", a random id and slug).
    // That is what a reader's list from the live source shows; a copy of it would be a new junk
    // row at every run, so the sync keeps none and leaves an earlier good copy as it is. The admin
    // is told how many, and which (decision 021, 2026-12-01).
    return await done({
      ...base,
      status: "success",
      type: invalidCount > 0 ? "warning" : "info",
      message:
        invalidCount > 0
          ? `${synced} ${invalidCount} invalid ${invalidCount === 1 ? "item was" : "items were"} not copied: readers of the live source see ${invalidCount === 1 ? "it" : "them"} as "Untitled Post", and an earlier copy stays as it was.`
          : synced,
      apiAvailable: true,
      retryCount,
      postsCount: stored,
      newPosts,
      errorDetails: invalidCount > 0 ? invalidDetails(invalidProblems) : null,
    });
  } catch (error) {
    return await done({
      ...base,
      status: "error",
      type: "error",
      message: SYNC_MESSAGES.failed,
      errorType: "unknown",
      errorDetails: error instanceof Error ? error.message : String(error),
    });
  } finally {
    stopKeeping();
    await releaseLease(SYNC_LEASE, holder);
  }
}
