// The story route's modules before the tap (issue 45, docs/decisions/044, app/shell/story-prefetch.ts):
// fetched once the browser is idle and a story's link is on screen, so a tap costs only the story's
// data; never with Save-Data, where neither the modules nor a story's data are prefetched, whatever
// the reader points at (app/utils/connection.ts, LINK_PREFETCH).
import type { Page } from "@playwright/test";
import { expect, test } from "../support/test";
import { hydrated } from "./script-loading-helpers";

const TITLE = "Last Ferry to Hollin Isle";
const OTHER = "Bread & Salt";

/** The story route's module and its article (Vite's names end in an 8-character hash), not story-card's or story-paths'. */
const STORY_MODULE = /^\/assets\/story(-article)?-[\w-]{8}\.js$/;

/** Every request for the story route's files or a story's data. */
function storyRequests(page: Page): string[] {
  const seen: string[] = [];
  page.on("request", (request) => {
    const path = new URL(request.url()).pathname;
    if (STORY_MODULE.test(path) || /^\/story\/.*\.data$/.test(path)) seen.push(path);
  });
  return seen;
}

/** Resolves once the page's idle callbacks and timers set so far have run (the prefetch's and React Router's). */
const pageTimersRun = (page: Page) =>
  page.evaluate(
    () =>
      new Promise<void>((resolve) =>
        requestIdleCallback(() => setTimeout(() => requestAnimationFrame(() => resolve()), 150), { timeout: 5_000 }),
      ),
  );

test("a story's link on screen: the story route's modules are fetched while idle, and the tap needs only the data", async ({
  page,
}) => {
  const requests = storyRequests(page);
  await page.goto("/");
  await expect(hydrated(page)).toBeAttached();
  // The route's module as React Router's manifest names it, once its links are discovered.
  const module = await page.waitForFunction(
    () =>
      (window as Window & { __reactRouterManifest?: { routes: Record<string, { module: string } | undefined> } })
        .__reactRouterManifest?.routes.story?.module,
  );
  await expect(page.locator(`link[rel="modulepreload"][href="${await module.jsonValue()}"]`)).toBeAttached();
  await expect.poll(() => requests.filter((p) => p.endsWith(".js")).length).toBe(2);
  const before = requests.length;
  await page.getByRole("main").getByRole("link", { name: TITLE, exact: true }).first().click();
  await expect(page.getByRole("heading", { level: 1, name: TITLE })).toBeVisible();
  // The navigation fetched the story's data and no module of its route.
  expect(requests.slice(before).filter((p) => p.endsWith(".js"))).toEqual([]);
});

test.describe("with Save-Data", () => {
  test.use({ extraHTTPHeaders: { "Save-Data": "on" } });

  test("nothing is prefetched: not the story route's modules, not a story's data on pointing, focusing or touching", async ({
    page,
  }) => {
    await page.addInitScript(() => {
      const connection = Object.assign(new EventTarget(), { effectiveType: "4g", saveData: true });
      Object.defineProperty(Navigator.prototype, "connection", { get: () => connection, configurable: true });
    });
    // The watcher itself is not even fetched.
    const watcher: string[] = [];
    page.on("request", (request) => {
      if (/\/assets\/story-prefetch-/.test(request.url())) watcher.push(request.url());
    });
    await page.goto("/");
    // With Save-Data the app waits for an interaction (docs/decisions/028).
    await page.getByRole("heading", { level: 1 }).click();
    await expect(hydrated(page)).toBeAttached();
    // A first story and back: React Router now knows the story route (it skips its eager
    // discovery with Save-Data), so an intent prefetch would have something to fetch.
    await page.getByRole("main").getByRole("link", { name: TITLE, exact: true }).first().click();
    await expect(page.getByRole("heading", { level: 1, name: TITLE })).toBeVisible();
    await page.goBack();
    await expect(page.getByRole("heading", { level: 2, name: "Latest stories" })).toBeVisible();
    const requests = storyRequests(page);
    const link = page.getByRole("main").getByRole("link", { name: OTHER, exact: true }).first();
    await link.hover();
    await link.focus();
    await link.dispatchEvent("touchstart");
    await pageTimersRun(page);
    await pageTimersRun(page);
    await expect(page.locator('link[rel="prefetch"]')).toHaveCount(0);
    const preloaded = await page
      .locator('link[rel="modulepreload"]')
      .evaluateAll((links) => links.map((l) => new URL((l as HTMLLinkElement).href).pathname));
    expect(preloaded.filter((p) => STORY_MODULE.test(p))).toEqual([]);
    expect(requests).toEqual([]);
    expect(watcher).toEqual([]);
  });
});
