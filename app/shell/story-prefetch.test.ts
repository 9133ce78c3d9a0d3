// @vitest-environment happy-dom
import { afterEach, describe, expect, it } from "vitest";
import { preloadModules } from "~/utils/route-modules";
import { storyModuleHrefs } from "./story-prefetch";

const ROUTE = { module: "/assets/story-A.js", imports: ["/assets/framework-B.js", "/assets/story-article-C.js"] };

describe("the story route's files", () => {
  it("are the route's module and its imports, under the story route or its /reader alias, once discovered", () => {
    expect(storyModuleHrefs({ routes: {} })).toBeNull();
    expect(storyModuleHrefs({ routes: { story: ROUTE } })).toEqual([
      "/assets/story-A.js",
      "/assets/framework-B.js",
      "/assets/story-article-C.js",
    ]);
    expect(storyModuleHrefs({ routes: { "reader-story": { module: "/assets/story-A.js" } } })).toEqual([
      "/assets/story-A.js",
    ]);
  });
});

describe("preloadModules", () => {
  afterEach(() => {
    document.head.innerHTML = "";
  });

  it("adds a modulepreload link for each file the document does not preload yet", () => {
    document.head.innerHTML = '<link rel="modulepreload" href="/assets/framework-B.js">';
    preloadModules(storyModuleHrefs({ routes: { story: ROUTE } }) ?? []);
    preloadModules(["/assets/story-A.js"]);
    expect([...document.head.querySelectorAll('link[rel="modulepreload"]')].map((l) => l.getAttribute("href"))).toEqual(
      ["/assets/framework-B.js", "/assets/story-A.js", "/assets/story-article-C.js"],
    );
  });
});
