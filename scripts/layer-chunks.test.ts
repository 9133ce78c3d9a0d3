import { describe, expect, it } from "vitest";
import { layersOf, type ModuleGraph } from "./layer-chunks";

const ROUTE = "?__react-router-build-client-route";

/** A build's graph in the shape React Router's client build has: each route module an entry that imports its file. */
function graph(edges: Record<string, string[]>): ModuleGraph {
  return { ids: Object.keys(edges), staticImports: (id) => edges[id] ?? [] };
}

const BUILD = graph({
  [`/app/root.tsx${ROUTE}`]: ["/app/root.tsx"],
  "/app/root.tsx": ["/node_modules/react/index.js", "/app/components/error-boundary.tsx", "/app/utils/http.ts"],
  "/app/components/error-boundary.tsx": ["/app/utils/http.ts", "/node_modules/react-router/dist/index.js"],
  "/app/utils/http.ts": [],
  [`/app/routes/layouts/site.tsx${ROUTE}`]: ["/app/routes/layouts/site.tsx"],
  "/app/routes/layouts/site.tsx": ["/app/components/navigation.tsx", "/app/utils/http.ts"],
  "/app/components/navigation.tsx": [
    "/node_modules/@radix-ui/react-popover/dist/index.mjs",
    "/app/components/navigation.tsx",
  ],
  "/node_modules/@radix-ui/react-popover/dist/index.mjs": [],
  [`/app/routes/story.tsx${ROUTE}`]: ["/app/routes/story.tsx"],
  "/app/routes/story.tsx": ["/app/components/story-article.tsx", "/app/utils/http.ts"],
  "/app/components/story-article.tsx": [],
  "/node_modules/react/index.js": [],
  "/node_modules/react-router/dist/index.js": [],
});

describe("layersOf", () => {
  const { shell, site } = layersOf(BUILD);

  it("puts what the root imports, all the way down, in the shell, but the framework", () => {
    expect([...shell].sort()).toEqual(["/app/components/error-boundary.tsx", "/app/utils/http.ts"]);
  });

  it("puts what only the site layout adds in the site layer, dependencies of node_modules too", () => {
    expect([...site].sort()).toEqual([
      "/app/components/navigation.tsx",
      "/node_modules/@radix-ui/react-popover/dist/index.mjs",
    ]);
  });

  it("leaves route modules, and what only a page imports, to the bundler", () => {
    for (const id of ["/app/routes/story.tsx", "/app/components/story-article.tsx", "/app/root.tsx"]) {
      expect(shell.has(id) || site.has(id), id).toBe(false);
    }
  });

  it("joins the form's error box, which pages of every kind import, to the site layer", () => {
    const withErrors = layersOf(
      graph({
        ...Object.fromEntries([...BUILD.ids].map((id) => [id, [...BUILD.staticImports(id)]])),
        "/app/routes/story.tsx": ["/app/components/story-article.tsx", "/app/components/form-errors.tsx"],
        "/app/components/form-errors.tsx": [],
      }),
    );
    expect(withErrors.site.has("/app/components/form-errors.tsx")).toBe(true);
    expect(withErrors.shell.has("/app/components/form-errors.tsx")).toBe(false);
  });

  it("joins the story card, its bookmark control and the story paths, which every reader page lists, to the site layer", () => {
    const card = ["/app/components/story-card.tsx", "/app/library/bookmark-control.tsx", "/app/utils/story-paths.ts"];
    const withCards = layersOf(
      graph({
        ...Object.fromEntries([...BUILD.ids].map((id) => [id, [...BUILD.staticImports(id)]])),
        "/app/routes/home.tsx": ["/app/components/story-card.tsx"],
        "/app/components/story-card.tsx": ["/app/library/bookmark-control.tsx", "/app/utils/story-paths.ts"],
        "/app/library/bookmark-control.tsx": [],
        "/app/utils/story-paths.ts": [],
      }),
    );
    for (const id of card) {
      expect(withCards.site.has(id), id).toBe(true);
      expect(withCards.shell.has(id), id).toBe(false);
    }
  });

  it("says so when the build has no root or site layout to start from", () => {
    expect(() => layersOf(graph({ "/app/other.tsx": [] }))).toThrow(/no app\/root.tsx/);
  });
});
