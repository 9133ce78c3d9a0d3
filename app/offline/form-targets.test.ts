import type { DataRouteObject } from "react-router";
import { describe, expect, it } from "vitest";
import { formTargetHrefs } from "./form-targets";

const routes: DataRouteObject[] = [
  {
    id: "root",
    path: "",
    children: [
      { id: "routes/theme", path: "theme" },
      { id: "routes/bookmarks", path: "bookmarks" },
      { id: "routes/contact", path: "contact" },
    ],
  },
];
const manifest = {
  routes: {
    root: { module: "/assets/root.js" },
    "routes/theme": { module: "/assets/empty.js" },
    "routes/bookmarks": { module: "/assets/bookmarks.js", imports: ["/assets/shelves.js"] },
  },
};

describe("formTargetHrefs", () => {
  it("names the module and imports of each route a form posts to, once", () => {
    expect(formTargetHrefs(["/theme", "/bookmarks", "/bookmarks"], routes, manifest)).toEqual({
      hrefs: ["/assets/empty.js", "/assets/bookmarks.js", "/assets/shelves.js"],
      undiscovered: false,
    });
  });

  it("leaves out what React Router has imported, and says when a route is not discovered yet", () => {
    const loaded = { "routes/bookmarks": {} };
    // /contact matches a route the manifest does not list yet; /nowhere matches none.
    expect(formTargetHrefs(["/bookmarks", "/contact"], routes, manifest, loaded)).toEqual({
      hrefs: [],
      undiscovered: true,
    });
    expect(formTargetHrefs(["/nowhere"], routes, manifest, loaded)).toEqual({ hrefs: [], undiscovered: true });
  });
});
