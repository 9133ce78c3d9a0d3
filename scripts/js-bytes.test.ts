import { mkdirSync, mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { jsBytesPerRoute, routeFor } from "./js-bytes";

/** A client build with a manifest: entry (100 B + a 50 B import), root, a layout, two pages. */
function fakeBuild() {
  const dir = mkdtempSync(path.join(tmpdir(), "js-bytes-"));
  mkdirSync(path.join(dir, "assets"));
  const files: Record<string, number> = {
    "entry.js": 100,
    "react.js": 50,
    "root.js": 10,
    "site.js": 20,
    "story.js": 30,
    "shared.js": 5,
    "home.js": 7,
  };
  for (const [name, size] of Object.entries(files)) writeFileSync(path.join(dir, "assets", name), "x".repeat(size));
  const manifest = {
    entry: { module: "/assets/entry.js", imports: ["/assets/react.js"] },
    routes: {
      root: { id: "root", path: "", module: "/assets/root.js", imports: ["/assets/react.js"], hasDefaultExport: true },
      site: {
        id: "site",
        parentId: "root",
        module: "/assets/site.js",
        imports: ["/assets/shared.js"],
        hasDefaultExport: true,
      },
      story: {
        id: "story",
        parentId: "site",
        path: "story/:slug",
        module: "/assets/story.js",
        imports: ["/assets/shared.js"],
        hasDefaultExport: true,
      },
      home: { id: "home", parentId: "site", index: true, module: "/assets/home.js", hasDefaultExport: true },
      feed: { id: "feed", parentId: "root", path: "feed.xml", module: "/assets/home.js", hasDefaultExport: false },
    },
  };
  writeFileSync(path.join(dir, "assets/manifest-abc.js"), `window.__reactRouterManifest=${JSON.stringify(manifest)};`);
  return dir;
}

describe("jsBytesPerRoute", () => {
  const rows = jsBytesPerRoute(fakeBuild());

  it("counts the entry and every module of the page's chain once, for pages only", () => {
    expect(rows.map((r) => [r.path, r.files, r.bytes])).toEqual([
      // entry 100 + react 50 + root 10 + site 20 + shared 5 + story 30
      ["/story/:slug", 6, 215],
      ["/", 6, 192],
    ]);
    // Files without a brotli copy go as they are: their brotli size is their size.
    expect(rows[0]?.brotliBytes).toBe(215);
  });

  it("finds the row of a URL", () => {
    expect(routeFor(rows, "/story/last-ferry")?.path).toBe("/story/:slug");
    expect(routeFor(rows, "/")?.path).toBe("/");
    expect(routeFor(rows, "/nowhere")).toBeUndefined();
  });
});
