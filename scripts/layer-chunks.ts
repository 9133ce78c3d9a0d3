// The client build's chunks by layer ("cut what the story page loads",
// docs/decisions/028). Left to itself the bundler splits the modules that the root route and the
// site layout import into about 25 small files (49 B to 15 KB), because some page or dialog also
// imports each of them. Every page loads all of them anyway, whenever it loads the root and the
// site layout: each was a request of its own, a share of a 2 s round trip on slow-2g over
// HTTP/1.1's six connections, and a task and a request in the browser on every page load.
//
// Three chunks instead, by what imports a module, never by size:
// - `framework`: React, React DOM, the scheduler and React Router;
// - `shell`: what the root route imports, statically, all the way down;
// - `site`: what the site layout imports the same way and the shell does not have.
// Route modules stay chunks of their own, and what only a dynamic import reaches (dialogs,
// popovers, the enhancement layer) stays lazy: a page loads no byte it did not load before.
import type { Plugin } from "vite";

const FRAMEWORK = /[\\/]node_modules[\\/](react|react-dom|scheduler|react-router)[\\/]/;

/**
 * Small modules that many pages under the site layout import, joined to the site layer instead of
 * files of their own or the chunk of a heavy neighbour. Every page that uses them is under the
 * site layout (tests/http/budget.spec.ts holds the pages outside it to no site chunk).
 * - The form's error box (0.2 KB): in ./forms' chunk it brought conform and zod (34 KB brotli) to
 *   pages that only show an action's errors (/bookmarks, the reading settings); as a file of its
 *   own it was one more request on thirty pages with forms.
 * - The story card, its bookmark control and the story paths (1.6 KB brotli as three files): every
 *   reader page lists stories (home, /stories, a story's "more like this", search, an author,
 *   /reader). As three files they cost the reader pages three requests and 0.4-0.55 KB more than
 *   in the site chunk; the pages that list no story load about 0.7 KB more, and still less than
 *   before the preferences' labels left the shell (docs/decisions/028, 2026-11-29 section).
 */
const SITE_EXTRAS =
  /[\\/]app[\\/](components[\\/](form-errors|story-card|page-title)\.tsx|library[\\/]bookmark-control\.tsx|utils[\\/]story-paths\.ts)$/;

/** React Router's client build makes each route module an entry `<file>?__react-router-build-client-route`. */
const CLIENT_ROUTE = "?__react-router-build-client-route";

export type ModuleGraph = {
  ids: Iterable<string>;
  /** The modules `id` imports statically (`import ... from`), not `import()`. */
  staticImports(id: string): readonly string[];
};

/**
 * Every module reachable from `start` through static imports, but route modules (each is its own
 * chunk), the framework (its own chunk) and whatever `skip` holds.
 */
function staticallyReachable(
  graph: ModuleGraph,
  start: string,
  isRouteModule: (id: string) => boolean,
  skip: ReadonlySet<string> = new Set(),
): Set<string> {
  const found = new Set<string>();
  const visited = new Set<string>();
  const stack = [...graph.staticImports(start)];
  while (stack.length > 0) {
    const id = stack.pop() as string;
    if (visited.has(id) || skip.has(id)) continue;
    visited.add(id);
    if (!isRouteModule(id) && !FRAMEWORK.test(id)) found.add(id);
    stack.push(...graph.staticImports(id));
  }
  return found;
}

/** The shell and site layers of a build's module graph; the root and the site layout are found by their files. */
export function layersOf(graph: ModuleGraph): { shell: Set<string>; site: Set<string> } {
  const ids = [...graph.ids];
  const routeModules = new Set(
    ids.filter((id) => id.endsWith(CLIENT_ROUTE)).map((id) => id.slice(0, -CLIENT_ROUTE.length)),
  );
  const root = ids.find((id) => /[\\/]app[\\/]root\.tsx$/.test(id));
  const site = ids.find((id) => /[\\/]app[\\/]routes[\\/]layouts[\\/]site\.tsx$/.test(id));
  if (!root || !site) throw new Error("layer-chunks: the build has no app/root.tsx or app/routes/layouts/site.tsx");
  const isRouteModule = (id: string) => routeModules.has(id);
  const shellLayer = staticallyReachable(graph, root, isRouteModule);
  const siteLayer = staticallyReachable(graph, site, isRouteModule, shellLayer);
  for (const id of ids) if (SITE_EXTRAS.test(id) && !shellLayer.has(id)) siteLayer.add(id);
  return { shell: shellLayer, site: siteLayer };
}

/**
 * The plugin and the `codeSplitting` groups that go with it. The groups' tests read the layers
 * the plugin finds once the module graph is complete (`buildEnd`), before any chunk is made.
 */
export function layerChunks(): {
  plugin: Plugin;
  groups: { name: string; test: RegExp | ((id: string) => boolean); priority: number }[];
} {
  let layers = { shell: new Set<string>(), site: new Set<string>() };
  return {
    plugin: {
      name: "horror-stories:layer-chunks",
      applyToEnvironment: (environment) => environment.name === "client",
      buildEnd(error) {
        if (error) return;
        layers = layersOf({
          ids: this.getModuleIds(),
          staticImports: (id) => this.getModuleInfo(id)?.importedIds ?? [],
        });
      },
    },
    groups: [
      { name: "framework", test: FRAMEWORK, priority: 3 },
      { name: "shell", test: (id) => layers.shell.has(id), priority: 2 },
      { name: "site", test: (id) => layers.site.has(id), priority: 1 },
    ],
  };
}
