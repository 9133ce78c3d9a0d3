// Every kind of page hydrates without a mismatch. A mismatch makes React throw
// the server's markup away and render again in the browser: what a reader typed
// before that is lost, and the pages stylesheet was fetched twice under two names
// (the client build once named pages.css after the chunk that imported it).
import type { Page } from "@playwright/test";
import { ADMIN } from "../../playwright.config";
import { signInAndOpen } from "../support/accounts";
import { expect, test } from "../support/test";

const READER_PAGES = [
  "/",
  "/stories",
  "/story/the-doll-hospital",
  // Its featured image is put in place by an inline script before hydration (docs/decisions/027).
  "/story/last-ferry-to-hollin-isle",
  "/about",
  "/contact",
  "/auth",
  "/search?q=lantern",
];
const SETTINGS_PAGES = ["/settings/quick-settings", "/settings/fonts", "/settings/accessibility", "/settings/preview"];
const ADMIN_PAGES = ["/admin/dashboard", "/admin/content-moderation", "/admin/themes", "/admin/bug-reports"];

/** Loads `path` fresh, waits until the app runs in it, and returns what the page threw meanwhile. */
async function hydrate(page: Page, path: string): Promise<string[]> {
  const errors: string[] = [];
  const onError = (error: Error) => errors.push(error.message);
  page.on("pageerror", onError);
  await page.goto(path);
  await expect(page.locator("html[data-hydrated]")).toBeAttached();
  page.off("pageerror", onError);
  return errors;
}

test("reader and settings pages hydrate without a mismatch, each stylesheet under one name", async ({ page }) => {
  const stylesheets = new Set<string>();
  page.on("request", (request) => {
    if (request.resourceType() === "stylesheet") stylesheets.add(new URL(request.url()).pathname);
  });
  for (const path of [...READER_PAGES, ...SETTINGS_PAGES]) {
    expect(await hydrate(page, path), path).toEqual([]);
  }
  // The settings pages link pages.css, every page site.css (docs/decisions/043); hydrating them must
  // not fetch a second copy of either under another name.
  const names = [...stylesheets].filter((p) => /\/assets\/.*\.css$/.test(p) && !/(shell|tooltip)/.test(p));
  expect(names.map((p) => p.replace(/^.*\/assets\/([a-z]+)-.*$/, "$1")).sort()).toEqual(["pages", "site"]);
});

test("admin pages hydrate without a mismatch", async ({ page }) => {
  await signInAndOpen(page, ADMIN, "/admin/dashboard");
  for (const path of ADMIN_PAGES) {
    expect(await hydrate(page, path), path).toEqual([]);
  }
});
