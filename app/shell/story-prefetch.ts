// The story route's JavaScript before the reader taps a story (issue 45, docs/decisions/044).
//
// Once the app runs, a tap on a story's link is a client-side navigation: the story's data
// and the story route's module, which React Router imports only then, and whose own imports
// the browser meets only once it has it: two round trips after the tap, 4 s on slow-2g. The
// route's files are the same for every story (about 5 KB brotli), so they are fetched once,
// when the browser is idle after the load event and a story's link is on screen (or, from
// then on, the reader points at one, focuses it or touches it): the data then stands alone
// after the tap. Never with Save-Data, where the reader asked for fewer bytes; and nothing when
// no story is linked on screen. The data of a story is not prefetched here (LINK_PREFETCH,
// app/utils/connection.ts).
import { type Framework, type Manifest, preloadModules, untilDiscovered } from "~/utils/route-modules";

/** The story route's id and its alias's (app/routes.ts): one module for both. */
const STORY_ROUTES = ["story", "reader-story"];
const STORY_LINKS = 'a[href^="/story/"], a[href^="/reader/"]';
const INTENT_EVENTS = ["pointerover", "focusin", "touchstart"] as const;

/** The story route's module and its static imports, as the manifest names them; null until the route is discovered. */
export function storyModuleHrefs(manifest: Manifest): string[] | null {
  const route = STORY_ROUTES.map((id) => manifest.routes[id]).find(Boolean);
  return route ? [route.module, ...(route.imports ?? [])] : null;
}

/**
 * Watches the story links of this page and of the pages the reader goes on to (client-side
 * navigations replace them), and preloads the story route's files once (see the top of this
 * file). Loaded by the Shell when the browser is idle after the load event, so none of it adds to
 * a page's JavaScript; it ends itself once the files are asked for, or once a story page runs.
 */
export function watchStoryLinks() {
  const framework = window as Window & Framework;
  const watched = new WeakSet<Element>();
  const stop = () => {
    intersections.disconnect();
    mutations.disconnect();
    discovery.stop();
    for (const type of INTENT_EVENTS) document.removeEventListener(type, onIntent);
  };
  const discovery = untilDiscovered(() => {
    const manifest = framework.__reactRouterManifest;
    const hrefs = manifest && storyModuleHrefs(manifest);
    if (!hrefs) return false;
    stop();
    preloadModules(hrefs);
    return true;
  });
  const preload = discovery.run;
  function onIntent(event: Event) {
    if (event.target instanceof Element && event.target.closest(STORY_LINKS)) preload();
  }
  const intersections = new IntersectionObserver((entries) => {
    if (entries.some((e) => e.isIntersecting)) preload();
  });
  const watch = () => {
    // A story page runs the route's modules already.
    if (STORY_ROUTES.some((id) => framework.__reactRouterRouteModules?.[id])) return stop();
    for (const link of document.querySelectorAll(STORY_LINKS)) {
      if (watched.has(link)) continue;
      watched.add(link);
      intersections.observe(link);
    }
  };
  const mutations = new MutationObserver(watch);
  // The page's own part: a client-side navigation replaces it, the header and the sidebar stay.
  mutations.observe(document.querySelector("main") ?? document.body, { childList: true, subtree: true });
  for (const type of INTENT_EVENTS) document.addEventListener(type, onIntent, { passive: true });
  watch();
}
