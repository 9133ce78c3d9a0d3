// Starts reading offline in the browser (docs/decisions/042): registers the
// service worker and asks it to keep the reader's saved stories, only after the
// load event and the reader's first interaction (docs/decisions/028's rule for
// what may wait), so a first visit pays nothing for it. A chunk of its own: the
// pages that save stories (a story, the library) import it once hydrated, so
// their own JavaScript carries only that import.
import { type OfflineMessage, type SavedStory, SERVICE_WORKER_URL } from "./offline";

let started: Promise<ServiceWorker | null> | null = null;

/** Sends the worker a message and waits for its answer (whether it did it). */
function ask(worker: ServiceWorker, message: OfflineMessage): Promise<boolean> {
  return new Promise((resolve) => {
    const channel = new MessageChannel();
    channel.port1.onmessage = (event) => resolve(Boolean((event.data as { ok?: boolean })?.ok));
    worker.postMessage(message, [channel.port2]);
  });
}

/**
 * Offline, a link is followed as a document load, which the worker can answer
 * from what it kept; the router's data request would fail instead.
 */
function followLinksWhileOffline(event: MouseEvent) {
  if (navigator.onLine) return;
  const link = (event.target as Element | null)?.closest?.("a[href]");
  if (link instanceof HTMLAnchorElement && link.origin === location.origin) event.stopPropagation();
}

const EVENTS = ["pointerdown", "keydown"] as const;

/**
 * Starts reading offline once the page has loaded and the reader has pressed a
 * pointer or a key (the browser's buffered first-input entry counts a press made
 * before hydration). `npm run dev` builds no worker: there the registration fails, quietly.
 */
export function startWhenReaderIsReady() {
  if (!("serviceWorker" in navigator) || started) return;
  let touched = performance.getEntriesByType("first-input").length > 0;
  const stop = () => {
    window.removeEventListener("load", start);
    for (const name of EVENTS) window.removeEventListener(name, touch, true);
  };
  function start() {
    if (!touched || document.readyState !== "complete") return;
    stop();
    void startOfflineReading();
  }
  function touch() {
    touched = true;
    start();
  }
  window.addEventListener("load", start);
  for (const name of EVENTS) window.addEventListener(name, touch, { capture: true, passive: true });
  start();
}

export function startOfflineReading(): Promise<ServiceWorker | null> {
  started ??= (async () => {
    if (!("serviceWorker" in navigator)) return null;
    document.addEventListener("click", followLinksWhileOffline, true);
    await navigator.serviceWorker.register(SERVICE_WORKER_URL, { scope: "/" });
    const worker = (await navigator.serviceWorker.ready).active;
    if (worker) void ask(worker, { type: "sync-saved" });
    return worker;
  })().catch(() => null);
  return started;
}

/** An anonymous reader keeps a story for offline reading; true once it is kept. */
export async function keepStoryOffline(story: SavedStory): Promise<boolean> {
  const worker = await startOfflineReading();
  return worker ? ask(worker, { type: "save-story", story }) : false;
}
