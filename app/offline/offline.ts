// Reading without a signal (issue 44, docs/decisions/042): what the pages, the
// server and the service worker (./worker/sw.ts) agree on. No imports: the
// worker is built on its own.

/** The service worker's script, at the root so that it controls every page. */
export const SERVICE_WORKER_URL = "/sw.js";
/** The page a navigation gets offline when it is not saved: it lists what is. */
export const OFFLINE_PATH = "/offline";
/** JSON: the signed-in reader's saved stories and who they are (an opaque key), for the worker to keep. */
export const SAVED_LIST_PATH = "/offline/saved";

/** A saved story as the worker keeps it, and as /offline/saved lists it. */
export type SavedStory = { url: string; title: string; image: string | null };

export type SavedList = {
  /** An opaque key of the signed-in reader (never their id), null when anonymous. */
  reader: string | null;
  /** Pages kept besides the stories (the library itself). */
  pages: string[];
  stories: SavedStory[];
};

/** Messages a page sends the worker. */
export type OfflineMessage =
  /** Bring the signed-in reader's saved stories up to date (and drop another reader's). */
  | { type: "sync-saved" }
  /** An anonymous reader keeps this story. */
  | { type: "save-story"; story: SavedStory };

/**
 * Requests that end or change who is signed in (sign-out, sign-in, sign-up,
 * account deletion): the worker drops the reader's pages before they go out.
 */
export const ACCOUNT_CHANGE_PATHS = [
  /^\/logout(\.data)?$/,
  /^\/auth(\.data)?$/,
  /^\/auth\/oidc\//,
  /^\/api\/auth\//,
  /^\/settings\/privacy(\.data)?$/,
];

/**
 * A one-way mark of the session cookie that scripts may read: the worker's "who is signed in"
 * (./session-mark.server.ts). Named here, not in COOKIE_NAMES, which every page's JavaScript carries.
 */
export const SESSION_MARK_COOKIE = "hs_session_mark";

/**
 * Sent by the worker with every page it fetches to keep, never by a page: nobody is shown that
 * fetch, so it is never a page view (docs/decisions/023). Its value says which copy it is:
 * - `kept`: a story an anonymous reader keeps. The copy is fetched without cookies, so the site
 *   cannot know the reader's cookie choice: it leaves the consent banner out, since a copy read
 *   without a signal could not send the answer anyway (docs/decisions/042).
 * - `reader`: the signed-in reader's library and saved stories, and their refresh.
 * - `shell`: the offline page the worker precaches.
 */
export const OFFLINE_COPY_HEADER = "X-Offline-Copy";
export type OfflineCopy = "kept" | "reader" | "shell";

/** Whether a request is the worker's fetch of a story to keep (OFFLINE_COPY_HEADER). */
export const isOfflineCopy = (request: Request) => request.headers.get(OFFLINE_COPY_HEADER) === "kept";

export const CACHES = {
  /** The signed-in reader's pages: their library and saved stories. */
  reader: "hs-offline-reader",
  /** Stories an anonymous reader kept: public pages, fetched without cookies. */
  kept: "hs-offline-kept",
  /** Images of saved stories and images pages showed (immutable URLs). */
  images: "hs-offline-images",
  /** The worker's own notes: whose pages the reader cache holds, and the saved list. */
  notes: "hs-offline-notes",
} as const;

/**
 * The small copy of a story's image kept offline: the 320-px WebP of the
 * page's srcset (about 10 KB), else its smallest. The worker answers any width
 * of the same image with it when offline.
 */
export function smallImage(sources: { type: string; srcSet: string }[]): string | null {
  const candidates = (sources.find((s) => s.type === "image/webp") ?? sources[0])?.srcSet.split(", ") ?? [];
  const urls = candidates.map((c) => c.split(" ")[0] as string);
  return urls.find((u) => u.endsWith("/320.webp")) ?? urls[0] ?? null;
}
