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
import { notifyNewStory } from "~/notifications/notifications.server";
import { acquireLease, leaseHeld, releaseLease, renewLease } from "~/site/lease.server";
import type { ContentChain } from "./chain.server";
import { htmlToText } from "./html.server";
import { isDefaultPost, type RemotePost } from "./remote-post";
import { parseSyncedImage, SYNCED_TERMS_KEY } from "./synced-posts.server";
import {
  type FailureType,
  fetchRemoteImage,
  fetchRemotePosts,
  fetchRemoteTerms,
  type RemoteList,
  SourceFailure,
  type WordPressSource,
} from "./wordpress.server";

export const SYNC_INTERVAL_MS = 5 * 60_000;
/** Skipped when the last sync was under half the interval ago. */
export const SYNC_SKIP_WINDOW_MS = SYNC_INTERVAL_MS / 2;
export const SYNC_SIZE = 20;
/** Older pages of SYNC_SIZE copied per run: bounded, so a run ends well inside its lease. */
export const SYNC_BACKFILL_PAGES = 5;
/** The next older page the backfill copies. */
export const BACKFILL_KEY = "sync:backfill";
export const SYNC_RETRY_DELAY_MS = 1_000;
export const SYNC_HISTORY_SIZE = 10;
/** Longer than a sync can take (two 10 s requests and a retry, the terms, the backfill's pages, the writes). */
export const SYNC_LEASE_MS = 2 * 60_000;
export const LAST_SYNC_KEY = "sync:last";

export const SYNC_MESSAGES = {
  failed: "Content sync failed. Using cached content.",
  empty: "No posts found during sync. Using cached content.",
  unavailable: "The blog platform API connection is unavailable. Using cached content.",
  running: "Another content sync is running. Skipped.",
  recent: "The last content sync was under 2.5 minutes ago. Skipped.",
  noSource:
    "No content source is configured (WPCOM_SITE or WP_URL), so there is nothing to sync. The site shows its own stories.",
} as const;

export type SyncStatus = "success" | "skipped" | "empty" | "error";

/** Spec §3 sync status record. */
export type SyncResult = {
  status: SyncStatus;
  type: "info" | "warning" | "error";
  message: string;
  timestamp: string;
  apiAvailable: boolean;
  retryCount: number;
  syncTime: number;
  postsCount: number;
  newPosts: number;
  errorDetails: string | null;
  errorType: FailureType | null;
};

/** Spec §3 last-sync record. */
export type LastSync = {
  timestamp: string;
  count: number;
  success: boolean;
  syncTime: number;
  apiAvailable: boolean;
  retryCount: number;
  reason: string | null;
  errorType: FailureType | null;
};

type SyncOptions = {
  chain: Pick<ContentChain, "hasRemoteSources" | "firstAvailableRemote" | "markUnavailable" | "clearCache">;
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

export async function getLastSync(): Promise<LastSync | null> {
  const row = await prisma.keyValue.findUnique({ where: { key: LAST_SYNC_KEY } });
  if (!row) return null;
  try {
    return JSON.parse(row.value) as LastSync;
  } catch {
    return null;
  }
}

export async function getSyncHistory() {
  return prisma.syncRecord.findMany({ orderBy: [{ recordedAt: "desc" }, { id: "desc" }], take: SYNC_HISTORY_SIZE });
}

export const SYNC_LEASE = "content-sync";
/** The running sync's progress, in the database so that every process (and the admin's event stream) sees it. */
export const PROGRESS_KEY = "sync:progress";

export type SyncProgress = {
  kind: "sync" | "backfill";
  running: boolean;
  /** What it is doing, in words. */
  phase: string;
  /** Pages copied of `total` (null until the source said how many). */
  done: number;
  total: number | null;
  posts: number;
  startedAt: string;
  updatedAt: string;
  /** Set once it ended. */
  outcome?: { status: SyncStatus; message: string } | null;
};

export async function writeProgress(progress: SyncProgress) {
  const value = JSON.stringify(progress);
  await prisma.keyValue.upsert({
    where: { key: PROGRESS_KEY },
    create: { key: PROGRESS_KEY, value },
    update: { value },
  });
}

/**
 * The latest sync's progress. `running` only while its lease is held, so a
 * process that died mid-sync does not leave a sync "running" for ever.
 */
export async function getSyncProgress(now = Date.now()): Promise<SyncProgress | null> {
  const [row, held] = await Promise.all([
    prisma.keyValue.findUnique({ where: { key: PROGRESS_KEY } }),
    leaseHeld(SYNC_LEASE, now),
  ]);
  if (!row) return null;
  let progress: SyncProgress;
  try {
    progress = JSON.parse(row.value) as SyncProgress;
  } catch {
    return null;
  }
  return { ...progress, running: progress.running && held };
}

async function record(result: SyncResult, writeLast: boolean) {
  await prisma.$transaction(async (tx) => {
    await tx.syncRecord.create({
      data: {
        status: result.status,
        type: result.type,
        message: result.message,
        timestamp: new Date(result.timestamp),
        apiAvailable: result.apiAvailable,
        retryCount: result.retryCount,
        syncTime: result.syncTime,
        postsCount: result.postsCount,
        errorDetails: result.errorDetails,
        errorType: result.errorType,
      },
    });
    const keep = await tx.syncRecord.findMany({
      orderBy: [{ recordedAt: "desc" }, { id: "desc" }],
      take: SYNC_HISTORY_SIZE,
      select: { id: true },
    });
    await tx.syncRecord.deleteMany({ where: { id: { notIn: keep.map((r) => r.id) } } });
    if (writeLast) {
      const last: LastSync = {
        timestamp: result.timestamp,
        count: result.postsCount,
        success: result.status === "success",
        syncTime: result.syncTime,
        apiAvailable: result.apiAvailable,
        retryCount: result.retryCount,
        reason: result.status === "success" ? null : result.message,
        errorType: result.errorType,
      };
      const value = JSON.stringify(last);
      await tx.keyValue.upsert({
        where: { key: LAST_SYNC_KEY },
        create: { key: LAST_SYNC_KEY, value },
        update: { value },
      });
    }
  });
}

async function storeTerms(source: WordPressSource, timeoutMs?: number) {
  // Term names travel with the copies, so the synced source can show them offline.
  const [categories, tags] = await Promise.all([
    fetchRemoteTerms(source, "categories", timeoutMs).catch(() => null),
    fetchRemoteTerms(source, "tags", timeoutMs).catch(() => null),
  ]);
  if (!categories || !tags) return;
  const value = JSON.stringify({ categories, tags });
  await prisma.keyValue.upsert({
    where: { key: SYNCED_TERMS_KEY },
    create: { key: SYNCED_TERMS_KEY, value },
    update: { value },
  });
}

/**
 * The featured images of these posts, as the JSON the copies keep (issue 17:
 * synced copies show them too). A copy whose media id did not change keeps
 * what it has; each other media item is asked for once; one that fails leaves
 * the copy without an image until the next sync.
 */
async function featuredImages(source: WordPressSource, posts: RemotePost[], stored: Map<number, string | null>) {
  const fetched = new Map<number, Promise<string | null>>();
  const result = new Map<number, string | null>();
  for (const post of posts) {
    if (!(post.featured_media > 0)) continue;
    const kept = parseSyncedImage(stored.get(post.id) ?? null);
    if (kept && kept.mediaId === post.featured_media) {
      result.set(post.id, stored.get(post.id) ?? null);
      continue;
    }
    let job = fetched.get(post.featured_media);
    if (!job) {
      const mediaId = post.featured_media;
      job = (async () => {
        // Another copy (from an earlier page or run) may already hold this media item.
        const known = await prisma.syncedPost.findFirst({
          where: { source: source.name, image: { startsWith: `{"mediaId":${mediaId},` } },
          select: { image: true },
        });
        if (known?.image) return known.image;
        const image = await fetchRemoteImage(source, mediaId).catch(() => null);
        return image ? JSON.stringify({ mediaId, ...image }) : null;
      })();
      fetched.set(mediaId, job);
    }
    // One at a time: a sync must not flood the source with media requests.
    result.set(post.id, await job);
  }
  return result;
}

/**
 * Stores the copies. `notify`: a post the database has never held is a newly
 * published story, and its readers are told; off for the first sync of a site
 * (what the source already had is a backfill, not news) and for older pages.
 */
async function store(source: WordPressSource, posts: RemotePost[], { notify }: { notify: boolean }) {
  const valid = posts.filter((post) => !isDefaultPost(post));
  const rows = await prisma.syncedPost.findMany({
    where: { id: { in: valid.map((p) => p.id) } },
    select: { id: true, image: true },
  });
  const existing = new Set(rows.map((r) => r.id));
  const images = await featuredImages(source, valid, new Map(rows.map((r) => [r.id, r.image])));
  await prisma.$transaction(async (tx) => {
    for (const post of valid) {
      const fields = {
        source: source.name,
        slug: post.slug,
        title: htmlToText(post.title.rendered),
        text: htmlToText(post.content.rendered),
        date: new Date(/[zZ]|[+-]\d\d:?\d\d$/.test(post.date) ? post.date : `${post.date}Z`),
        data: JSON.stringify(post),
        image: images.get(post.id) ?? null,
        syncedAt: new Date(),
      };
      // A slug can move to another id remotely: the newest copy wins.
      await tx.syncedPost.deleteMany({ where: { slug: post.slug, NOT: { id: post.id } } });
      await tx.syncedPost.upsert({ where: { id: post.id }, create: { id: post.id, ...fields }, update: fields });
      if (notify && !existing.has(post.id)) {
        await notifyNewStory({ id: post.id, slug: post.slug, title: fields.title }, tx);
      }
    }
  });
  return { stored: valid.length, newPosts: valid.filter((p) => !existing.has(p.id)).length };
}

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
    const counts = await store(source, result.posts, { notify: false });
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
  return { stored, newPosts };
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
    await record(full, writeLast);
    if (holdsLease) {
      await report({
        running: false,
        phase: "Finished",
        posts: full.postsCount,
        outcome: { status: full.status, message: full.message },
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

  try {
    await report({});
    const source = await options.chain.firstAvailableRemote();
    if (!source) {
      return await done({
        ...base,
        status: "error",
        type: "error",
        message: SYNC_MESSAGES.unavailable,
        errorType: "network",
      });
    }
    let retryCount = 0;
    let posts: RemotePost[] | null = null;
    let totalPages = 0;
    let failure: SourceFailure | null = null;
    for (let attempt = 0; attempt < 2 && !posts; attempt++) {
      if (attempt > 0) {
        retryCount++;
        await sleep(SYNC_RETRY_DELAY_MS);
      }
      try {
        const latest = await fetchRemotePosts(source, { perPage: SYNC_SIZE, withContent: true }, options.timeoutMs);
        posts = latest.posts;
        totalPages = latest.totalPages;
      } catch (error) {
        failure = error instanceof SourceFailure ? error : new SourceFailure("unknown", String(error));
      }
    }
    if (!posts) {
      options.chain.markUnavailable(source);
      return await done({
        ...base,
        status: "error",
        type: "error",
        message: SYNC_MESSAGES.failed,
        retryCount,
        errorType: failure?.type ?? "unknown",
        errorDetails: failure?.message ?? null,
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
    const first = await store(source, posts, { notify: (await prisma.syncedPost.count()) > 0 });
    await report({ phase: "Copying the categories and tags", done: 1, posts: first.stored });
    await storeTerms(source, options.timeoutMs);
    await report({ phase: "Copying older posts" });
    // Half the lease for the backfill's start: its last page (10 s at most) and the writes fit in the rest.
    const older = await backfill(source, totalPages, started + SYNC_LEASE_MS / 2, now, options.timeoutMs, {
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
    return await done({
      ...base,
      status: "success",
      type: "info",
      message: `Synced ${stored} ${stored === 1 ? "post" : "posts"} from ${source.name === "wpcom" ? "WordPress.com" : "WordPress"} (${newPosts} new).`,
      apiAvailable: true,
      retryCount,
      postsCount: stored,
      newPosts,
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
    await releaseLease(SYNC_LEASE, holder);
  }
}
