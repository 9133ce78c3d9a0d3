// Renders take their turn. A page rendered for its reader (signed in, or not yet in the page
// cache) is CPU work of 10-100 ms that holds 4-8 MB of garbage and, while it is sent, a brotli
// encoder. On a core that runs one thing at a time, eight renders at once finish no sooner than
// eight in a row, but hold eight times the memory: that was the server's peak under a signed-in
// load (docs/decisions/030). So a process lets only so many renders run at once; the others wait
// in the order they came, and one that waited too long is answered 503 with a Retry-After.
//
// Never behind it: what the page cache answers (before Express) and static files (express.static,
// before this), the JSON API (small answers, and writes a reader is waiting on), images (their
// encoding has its own limit, app/images) and event streams (they stay open; a turn held by one
// would be a turn gone). Only reads wait: a POST is never refused for want of a turn, since a proxy
// does not send a refused write again.
import type { IncomingMessage, ServerResponse } from "node:http";
import { availableParallelism } from "node:os";
import { isApiPath } from "~/site/request-kind";
import { concurrencyLimit } from "~/utils/concurrency-limit.server";
import { STATUS_PAGES } from "~/utils/status-pages";

export type RenderGateOptions = {
  /** Renders at once. */
  slots?: number;
  /** How long a request may wait for its turn before it is answered 503. */
  maxWaitMs?: number;
  /** Seconds in the 503's Retry-After. */
  retryAfterSeconds?: number;
};

/**
 * Two renders per core: one running while the other waits on the database, and no more, since
 * each beyond that only adds its garbage (measured: docs/measurements/2026-11-29-cluster-rss-round-2.md).
 */
export const renderSlots = (cores = availableParallelism()) => Math.max(2, 2 * cores);

/** A reader waits no longer for a turn than the site waits for a remote source (spec: 10 s). */
export const RENDER_MAX_WAIT_MS = 10_000;

/** Whether a request waits for a turn: a page or its data, read. */
export function rendersPage(req: IncomingMessage): boolean {
  if (req.method !== "GET" && req.method !== "HEAD") return false;
  if (/text\/event-stream/i.test(req.headers.accept ?? "")) return false;
  const path = (req.url ?? "/").split(/[?#]/)[0] ?? "/";
  return !isApiPath(path) && !path.startsWith("/img/");
}

class WaitedTooLong extends Error {}

/** Express middleware: the request goes on (`next`) in its turn, and holds it until its answer is closed. */
export function renderGate(options: RenderGateOptions = {}) {
  const limit = concurrencyLimit(options.slots ?? renderSlots());
  const maxWaitMs = options.maxWaitMs ?? RENDER_MAX_WAIT_MS;
  const retryAfter = String(options.retryAfterSeconds ?? 5);
  const middleware = (req: IncomingMessage, res: ServerResponse, next: (error?: unknown) => void) => {
    if (!rendersPage(req)) {
      next();
      return;
    }
    const waited = new AbortController();
    const timer = setTimeout(() => waited.abort(new WaitedTooLong()), maxWaitMs);
    // A reader who leaves while waiting takes their place in the queue with them.
    const left = () => waited.abort(new Error("the client left"));
    res.once("close", left);
    limit(
      () =>
        new Promise<void>((done) => {
          clearTimeout(timer);
          res.off("close", left);
          if (res.destroyed) {
            done();
            return;
          }
          res.once("close", () => done());
          next();
        }),
      { signal: waited.signal },
    ).catch((error: unknown) => {
      clearTimeout(timer);
      if (!(error instanceof WaitedTooLong) || res.headersSent || res.destroyed) return;
      res.writeHead(503, {
        "Content-Type": "text/plain; charset=utf-8",
        "Cache-Control": "no-store",
        "Retry-After": retryAfter,
      });
      res.end(`${STATUS_PAGES[503].description}\n`);
    });
  };
  return Object.defineProperties(middleware, {
    running: { get: () => limit.running },
    waiting: { get: () => limit.waiting },
  }) as typeof middleware & { readonly running: number; readonly waiting: number };
}
