// The service worker (issue 44, docs/decisions/042), built by
// scripts/build-service-worker.ts into build/client/sw.js. Serwist precaches
// the one shell page (/offline) and routes requests; the rest is what this site
// keeps: a signed-in reader's saved stories and library, and the stories an
// anonymous reader kept, each with its small image. Pages always come from the
// network first, so a new version of the site and a changed story arrive as
// soon as the reader is online; the kept copies answer only when it fails.
//
// Private data: the reader's pages live in a cache of their own, dropped before
// any request that signs out, signs in or deletes the account leaves, whenever
// the saved list says another reader (or nobody) is signed in now, and before
// any of them is served when the session's mark (app/offline/session-mark.server.ts)
// is not the one they were kept under: a change no request through the worker showed.
import { Serwist } from "serwist";
import { escapeHtml } from "../../utils/html";
import {
  ACCOUNT_CHANGE_PATHS,
  CACHES,
  OFFLINE_COPY_HEADER,
  OFFLINE_PATH,
  type OfflineCopy,
  type OfflineMessage,
  SAVED_LIST_PATH,
  type SavedList,
  type SavedStory,
  SESSION_MARK_COOKIE,
} from "../offline";

declare const self: ServiceWorkerGlobalScope;
/** Set by the build: changes with every build, so the shell page is fetched again. */
declare const __OFFLINE_REVISION__: string;

type Notes = {
  reader: string | null;
  /** The session's mark when the reader's pages were kept (undefined: the browser cannot tell). */
  session?: string | null;
  pages: string[];
  stories: SavedStory[];
  kept: SavedStory[];
  syncedAt: number;
};

/** A full refresh of the saved pages at most this often; new saves are fetched at once. */
const REFRESH_MS = 30 * 60_000;
const NOTES_KEY = "/__offline-notes";

const serwist = new Serwist({
  precacheEntries: [{ url: OFFLINE_PATH, revision: __OFFLINE_REVISION__ }],
  // The marker tells the site this fetch is no page a reader was shown (not counted as a view).
  precacheOptions: { cleanupOutdatedCaches: true, fetchOptions: { headers: { [OFFLINE_COPY_HEADER]: "shell" } } },
  skipWaiting: true,
  clientsClaim: true,
  disableDevLogs: true,
});

const origin = self.location.origin;
const pathOf = (url: string) => new URL(url, origin).pathname;

async function readNotes(): Promise<Notes> {
  const stored = await (await caches.open(CACHES.notes)).match(NOTES_KEY);
  const empty: Notes = { reader: null, pages: [], stories: [], kept: [], syncedAt: 0 };
  return stored ? { ...empty, ...((await stored.json()) as Partial<Notes>) } : empty;
}

async function writeNotes(notes: Notes) {
  await (await caches.open(CACHES.notes)).put(NOTES_KEY, Response.json(notes));
}

/**
 * Counts the times the reader's pages were dropped: a sync or a refresh that started before stops
 * before it puts anything (the page it fetched may already be another reader's, or nobody's).
 */
let generation = 0;

/**
 * The request that is changing who is signed in (a sign-out, a sign-in, a deletion), until its
 * answer is in: a sync waits for it, or it would ask for the saved list with the session the
 * request is ending and keep that reader's pages again right after they were dropped.
 */
let changingAccount: Promise<unknown> = Promise.resolve();

/**
 * Drops every page and note of the signed-in reader (the anonymous kept stories are nobody's);
 * resolves with the generation it began, which a later drop meanwhile has passed.
 */
async function forgetReader(): Promise<number> {
  const dropped = ++generation;
  await caches.delete(CACHES.reader);
  const notes = await readNotes();
  await writeNotes({ ...notes, reader: null, session: null, pages: [], stories: [], syncedAt: 0 });
  return dropped;
}

/**
 * The session's mark as the browser holds it now, offline too (null: nobody is signed in);
 * undefined where the Cookie Store API is missing, which leaves the saved list's check alone.
 */
async function sessionMarkNow(): Promise<string | null | undefined> {
  if (!("cookieStore" in self)) return undefined;
  return (await self.cookieStore.get(SESSION_MARK_COOKIE))?.value || null;
}

/**
 * The notes, once the reader's pages are known to be the signed-in reader's: when the session
 * changed since they were kept (by any path: a sign-in through the API, cookies cleared, an
 * expiry), they are dropped before anything is served.
 */
async function currentNotes(): Promise<Notes> {
  const notes = await readNotes();
  if (!notes.reader) return notes;
  const mark = await sessionMarkNow();
  if (mark === undefined || mark === notes.session) return notes;
  await forgetReader();
  return readNotes();
}

/**
 * Fetches pages and images into a cache, one after another so a slow link is not flooded; for the
 * reader's cache, only while no sign-out or change of reader has happened since `since`.
 */
async function keep(name: string, paths: string[], credentials: RequestCredentials, copy: OfflineCopy, since?: number) {
  const headers = { [OFFLINE_COPY_HEADER]: copy };
  const current = () => since === undefined || since === generation;
  if (!current()) return;
  // Opened once, before anything is fetched. A sign-out deletes the reader's cache by name; a page
  // that arrives after that goes into the deleted cache, which nothing reads. Opened per page, as
  // before, the open that resolved after the sign-out's delete made a new cache of the same name
  // and the signed-out reader's page was kept in it (tests/e2e/offline.js-only.spec.ts, "after
  // signing out", failed now and then).
  const cache = await caches.open(name);
  for (const path of paths) {
    try {
      if (!current()) return;
      const response = await fetch(path, { credentials, cache: "no-store", headers });
      if (response.ok && current()) await cache.put(path, response);
    } catch {
      // Offline again: the next sync tries again.
    }
  }
}

/** Brings the kept pages up to date; `refresh` names pages known to have changed (a reading position moved). */
async function syncSaved(refresh: string[] = []) {
  await changingAccount;
  const asked = generation;
  // Read before the list: if the session changes in between, the pages are noted under the older
  // mark and dropped at the next check, never kept under a mark they do not belong to.
  const session = await sessionMarkNow();
  const response = await fetch(SAVED_LIST_PATH, { credentials: "same-origin", cache: "no-store" });
  const list = response.ok ? ((await response.json()) as SavedList) : null;
  // A list asked for before the reader's pages were dropped may be the previous reader's: a later
  // sync has the current one.
  if (!list || asked !== generation) return;
  // From here on, a sign-out meanwhile (another drop) ends the sync before it writes anything: the
  // list is the signed-out reader's. Taking the generation again after the awaits below took the
  // sign-out's for this sync's own, and kept that reader's pages again right after they were
  // dropped (tests/e2e/offline.js-only.spec.ts, "after signing out", 1 run in about 1,400).
  let since = asked;
  let notes = await readNotes();
  if (list.reader !== notes.reader) {
    since = await forgetReader();
    notes = { ...(await readNotes()), reader: list.reader };
  }
  if (since !== generation) return;
  notes = { ...notes, session };
  await writeNotes(notes);
  if (!list.reader) return;
  const cache = await caches.open(CACHES.reader);
  const wanted = [...list.pages, ...list.stories.flatMap((s) => [s.url, ...(s.image ? [s.image] : [])])];
  const stale = Date.now() - notes.syncedAt > REFRESH_MS;
  const held = new Set((await cache.keys()).map((r) => pathOf(r.url)));
  for (const path of held) if (!wanted.includes(path)) await cache.delete(path);
  // The list first (the offline page shows only what is kept), then the pages: those that may have
  // changed are fetched again now and then; images are immutable.
  if (since !== generation) return;
  await writeNotes({
    ...notes,
    pages: list.pages,
    stories: list.stories,
    syncedAt: stale ? Date.now() : notes.syncedAt,
  });
  await keep(
    CACHES.reader,
    wanted.filter((p) => !held.has(p) || refresh.includes(p) || (stale && !p.startsWith("/img/"))),
    "same-origin",
    "reader",
    since,
  );
}

/**
 * One sync at a time: two that overlap could each see the other's reader in the notes, and the
 * older list (another reader's) would win.
 */
let syncing: Promise<void> = Promise.resolve();
function syncInTurn(refresh: string[] = []): Promise<void> {
  const run = syncing.then(() => syncSaved(refresh));
  syncing = run.catch(() => {});
  return run;
}

async function keepStory(story: SavedStory) {
  // Without cookies: a kept page is the one every anonymous reader gets, with nobody's data in it.
  // Nor the reader's cookie choice: the site leaves the banner out of the copy (OFFLINE_COPY_HEADER).
  await keep(CACHES.kept, [story.url, ...(story.image ? [story.image] : [])], "omit", "kept");
  if (!(await (await caches.open(CACHES.kept)).match(story.url))) throw new Error("not kept");
  const notes = await readNotes();
  await writeNotes({ ...notes, kept: [...notes.kept.filter((s) => s.url !== story.url), story] });
}

/** A kept copy of a page or image: the reader's first, then the anonymous ones. */
async function keptCopy(path: string): Promise<Response | undefined> {
  const notes = await currentNotes();
  const names = notes.reader ? [CACHES.reader, CACHES.kept] : [CACHES.kept];
  for (const name of names) {
    const hit = await (await caches.open(name)).match(path);
    if (hit) return hit;
  }
  return undefined;
}

/** A saved page the signed-in reader just opened online replaces its kept copy: a changed story stays current. */
async function refreshCopy(path: string, response: Response, since: number) {
  const notes = await currentNotes();
  // Opened before the check, as keep() does: a sign-out between the check and an open would make a
  // new cache of the name for this page.
  const cache = await caches.open(CACHES.reader);
  if (since !== generation) return;
  if (notes.reader && (notes.pages.includes(path) || notes.stories.some((s) => s.url === path))) {
    await cache.put(path, response);
  }
}

/** The shell page with the list of what is saved (the signed-in reader's, then the kept stories). */
async function offlinePage(): Promise<Response> {
  const shell = await serwist.matchPrecache(OFFLINE_PATH);
  if (!shell) return Response.error();
  const notes = await currentNotes();
  const stories = [...(notes.reader ? notes.stories : []), ...notes.kept];
  const pages = notes.reader && notes.pages.length ? [{ url: notes.pages[0] as string, title: "Your bookmarks" }] : [];
  const items: { url: string; title: string }[] = [];
  for (const item of [...pages, ...stories]) if (await keptCopy(item.url)) items.push(item);
  const html = (await shell.text()).replace(
    /<!--saved-->[\s\S]*<!--\/saved-->/,
    items.length
      ? `<ul>${items.map((s) => `<li><a href="${escapeHtml(s.url)}">${escapeHtml(s.title)}</a></li>`).join("")}</ul>`
      : "$&",
  );
  return new Response(html, { status: 503, headers: shell.headers });
}

/** Statuses that say the site cannot serve for now, not that the page is gone. */
const UNAVAILABLE = new Set([502, 503, 504]);

serwist.registerCapture(
  ({ request, sameOrigin }) => sameOrigin && request.mode === "navigate",
  async ({ request, event }) => {
    const url = new URL(request.url);
    try {
      const since = generation;
      const response = await fetch(request);
      if (response.ok && !url.search) event.waitUntil(refreshCopy(url.pathname, response.clone(), since));
      // The site answered that it cannot serve for now (its database out of reach, maintenance, a
      // proxy whose app is down): a kept copy reads on, as it would offline (docs/decisions/045).
      if (UNAVAILABLE.has(response.status)) return (await keptCopy(url.pathname)) ?? response;
      return response;
    } catch {
      // A saved page under another query (a shelf filter, ?image=full) is still that page.
      return (await keptCopy(url.pathname)) ?? offlinePage();
    }
  },
);

// Images: from the network; offline, the saved copy, or another width of the same image (the
// page's srcset may ask for a width the saved list did not name).
serwist.registerCapture(
  ({ url, sameOrigin }) => sameOrigin && url.pathname.startsWith("/img/"),
  async ({ request }) => {
    try {
      return await fetch(request);
    } catch (error) {
      const path = pathOf(request.url);
      const exact = await keptCopy(path);
      if (exact) return exact;
      const prefix = path.slice(0, path.lastIndexOf("/") + 1);
      for (const name of (await currentNotes()).reader ? [CACHES.reader, CACHES.kept] : [CACHES.kept]) {
        const cache = await caches.open(name);
        const same = (await cache.keys()).find((r) => pathOf(r.url).startsWith(prefix));
        if (same) return (await cache.match(same)) as Response;
      }
      throw error;
    }
  },
);

// Before Serwist's listener: a request that changes who is signed in waits until the reader's pages are gone.
self.addEventListener("fetch", (event) => {
  const url = new URL(event.request.url);
  if (url.origin !== origin || !ACCOUNT_CHANGE_PATHS.some((p) => p.test(url.pathname))) return;
  const signsOut = /^\/(api\/auth\/)?logout/.test(url.pathname);
  if (event.request.method === "GET" && !signsOut) return;
  const answer = forgetReader().then(() => fetch(event.request));
  changingAccount = answer.catch(() => {});
  event.respondWith(answer);
});

// A change to the library (a shelf, a removal, a reading position) is kept as soon as it is made.
const LIBRARY_CHANGES = [
  /^\/bookmarks(\.data)?$/,
  /^\/api\/bookmarks/,
  /^\/reading-position(\.data)?$/,
  /^\/api\/reading-position/,
];
self.addEventListener("fetch", (event) => {
  const url = new URL(event.request.url);
  if (url.origin !== origin || event.request.method === "GET") return;
  if (!LIBRARY_CHANGES.some((p) => p.test(url.pathname))) return;
  // A position is saved from the story's page: that page now shows another place to continue from.
  const from = event.request.referrer ? pathOf(event.request.referrer) : "";
  const changed = /position/.test(url.pathname) && /^\/(story|community-story)\//.test(from) ? [from] : [];
  event.respondWith(
    fetch(event.request).then((response) => {
      if (response.status < 400) event.waitUntil(syncInTurn(changed).catch(() => {}));
      return response;
    }),
  );
});

self.addEventListener("message", (event) => {
  const message = event.data as OfflineMessage;
  const reply = (ok: boolean) => event.ports[0]?.postMessage({ ok });
  if (message?.type === "sync-saved") {
    event.waitUntil(
      syncInTurn().then(
        () => reply(true),
        () => reply(false),
      ),
    );
  } else if (message?.type === "save-story") {
    event.waitUntil(
      keepStory(message.story).then(
        () => reply(true),
        () => reply(false),
      ),
    );
  }
});

serwist.addEventListeners();
