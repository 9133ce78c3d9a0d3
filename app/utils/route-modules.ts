// React Router's own record of the app's routes in the browser, and preloading their files ahead of
// need: the story route's before a tap (app/shell/story-prefetch.ts), the routes the page's forms
// post to before a press (app/offline/form-targets.ts).
import type { DataRouteObject } from "react-router";

/** The files of each route, as React Router's manifest names them; lazy route discovery adds to it. */
export type Manifest = { routes: Record<string, { module: string; imports?: string[] } | undefined> };

/**
 * React Router's manifest and route modules, as its module script sets them (server/script-loading.ts
 * keeps them): lazy route discovery adds to the manifest, a navigation to the modules.
 */
export type Framework = {
  __reactRouterManifest?: Manifest;
  __reactRouterRouteModules?: Record<string, unknown>;
  __reactRouterDataRouter?: { routes: DataRouteObject[] };
};

/** React Router discovers the routes of the page's links and forms after hydration (lazy route discovery); until then, look again. */
const DISCOVERY_RETRY_MS = 1_000;
const DISCOVERY_TRIES = 30;

/**
 * Runs `attempt` (true once it found what it looks for) now and, while it has not, again every
 * second, at most 30 times: the routes a page names are discovered a moment after it runs.
 * `restart` counts afresh (a new page); `stop` ends the waiting.
 */
export function untilDiscovered(attempt: () => boolean) {
  let retry: ReturnType<typeof setTimeout> | undefined;
  let tries = 0;
  const run = () => {
    if (attempt() || retry || tries++ >= DISCOVERY_TRIES) return;
    retry = setTimeout(() => {
      retry = undefined;
      run();
    }, DISCOVERY_RETRY_MS);
  };
  return {
    run,
    restart() {
      tries = 0;
      run();
    },
    stop() {
      clearTimeout(retry);
      retry = undefined;
      tries = DISCOVERY_TRIES;
    },
  };
}

/** Adds a modulepreload link for each of `hrefs` the document does not have yet. */
export function preloadModules(hrefs: string[]) {
  const have = new Set(
    [...document.querySelectorAll<HTMLLinkElement>('link[rel="modulepreload"]')].map((l) => l.getAttribute("href")),
  );
  for (const href of hrefs) {
    if (have.has(href)) continue;
    document.head.append(Object.assign(document.createElement("link"), { rel: "modulepreload", href }));
  }
}
