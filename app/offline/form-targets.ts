// The modules of the routes this page's forms post to, fetched ahead of a press
// (docs/decisions/046).
//
// React Router imports a route's module when a form first posts to it, and when that import fails
// it reloads the page (its recovery from a new deploy). So a reader who had lost their signal and
// pressed Bookmark, the theme button or "I stopped here" got the page reloaded into the offline
// page, or the browser's own, and lost the story they were reading, before the root's client
// middleware (./unanswered.ts) could keep the page. Once the browser is idle after the load event,
// and on each page the reader goes on to, the files of the routes the page's post forms name are
// preloaded: most are resource routes whose module is one shared empty file; the library's is
// about 1.6 KB brotli. Never with Save-Data. Loaded by the Shell, so none of it is in a page's
// JavaScript.
import { type DataRouteObject, matchRoutes } from "react-router";
import { type Framework, type Manifest, preloadModules, untilDiscovered } from "~/utils/route-modules";

/**
 * The files of the routes that `actions` (form actions on this origin) post to and that React
 * Router has not imported yet (`loaded`); `undiscovered` when a route is not in the manifest yet.
 */
export function formTargetHrefs(
  actions: string[],
  routes: DataRouteObject[],
  manifest: Manifest,
  loaded: Record<string, unknown> = {},
): { hrefs: string[]; undiscovered: boolean } {
  const hrefs = new Set<string>();
  let undiscovered = false;
  for (const action of actions) {
    const id = matchRoutes(routes, action)?.at(-1)?.route.id;
    const route = id ? manifest.routes[id] : undefined;
    if (!id || !route) {
      undiscovered = true;
      continue;
    }
    if (loaded[id]) continue;
    for (const href of [route.module, ...(route.imports ?? [])]) hrefs.add(href);
  }
  return { hrefs: [...hrefs], undiscovered };
}

/** The paths this page's post forms send to, on this origin. */
function postFormActions(): string[] {
  const actions = new Set<string>();
  for (const form of document.querySelectorAll<HTMLFormElement>("form")) {
    if (form.method !== "post") continue;
    const url = new URL(form.action, location.href);
    if (url.origin === location.origin) actions.add(url.pathname);
  }
  return [...actions];
}

/** Preloads the form targets of this page and of each page the reader goes on to (see the top of this file). */
export function watchFormTargets() {
  const framework = window as Window & Framework;
  const discovery = untilDiscovered(() => {
    const { __reactRouterDataRouter: router, __reactRouterManifest: manifest } = framework;
    if (!router || !manifest) return false;
    const found = formTargetHrefs(postFormActions(), router.routes, manifest, framework.__reactRouterRouteModules);
    preloadModules(found.hrefs);
    return !found.undiscovered;
  });
  // The page's own part: a client-side navigation replaces it; the header's forms stay. One look per
  // burst of changes.
  let scheduled: ReturnType<typeof setTimeout> | undefined;
  new MutationObserver(() => {
    if (scheduled) return;
    scheduled = setTimeout(() => {
      scheduled = undefined;
      discovery.restart();
    }, 250);
  }).observe(document.querySelector("main") ?? document.body, { childList: true, subtree: true });
  discovery.run();
}
