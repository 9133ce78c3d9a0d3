// The browser's analytics reports (spec §3, §7; docs/decisions/023): a page view for each
// navigation only after Accept and none after Decline, the web vitals and the
// performance report of a page load, the service worker's own fetches never counted as
// views, and the admin page's refresh through the JSON endpoints with the spec's message
// when a call fails.
import type { Page, Request } from "@playwright/test";
import { ADMIN } from "../../playwright.config";
import { signInByApi, signUp } from "../support/accounts";
import { READER_UA, viewsOf } from "../support/analytics";
import { queryE2eDb } from "../support/db";
import { bookmarkThisStory } from "../support/library";
import { expect, test } from "../support/test";

test.use({ userAgent: READER_UA });

/** The analytics reports this page sends, as they leave it. */
function reportsOf(page: Page) {
  const sent: { path: string; body: Record<string, unknown>; request: Request }[] = [];
  page.on("request", (request) => {
    const path = new URL(request.url()).pathname;
    if (request.method() === "POST" && path.startsWith("/api/analytics/"))
      sent.push({ path, body: request.postDataJSON() as Record<string, unknown>, request });
  });
  return sent;
}

async function navigate(page: Page) {
  await page.getByRole("contentinfo").getByRole("link", { name: "Privacy" }).click();
  await expect(page).toHaveURL("/privacy");
  await page.getByRole("contentinfo").getByRole("link", { name: "Contact" }).click();
  await expect(page).toHaveURL("/contact");
}

test.describe("before a choice", () => {
  test.use({ consent: false });

  test("no report leaves before Accept; then one page view per navigation", async ({ page }) => {
    const sent = reportsOf(page);
    // The banner is modal until a choice is made: the reader can still load pages.
    await page.goto("/about");
    await page.goto("/stories");
    await page.waitForLoadState("networkidle");
    expect(sent, "nothing without consent").toEqual([]);

    await page.getByRole("dialog", { name: "We use cookies" }).getByRole("button", { name: "Accept" }).click();
    await expect(page.getByRole("dialog", { name: "We use cookies" })).toBeHidden();
    // The page open when the reader accepted is reported once.
    await expect.poll(() => sent.filter((r) => r.path === "/api/analytics/pageview").length).toBe(1);
    await navigate(page);
    await page.getByRole("contentinfo").getByRole("link", { name: "Privacy" }).click();
    await expect(page).toHaveURL("/privacy");
    await expect
      .poll(() => sent.filter((r) => r.path === "/api/analytics/pageview").map((r) => r.body.path))
      .toEqual(["/stories", "/privacy", "/contact", "/privacy"]);
    const view = sent.find((r) => r.path === "/api/analytics/pageview")?.body ?? {};
    expect(Object.keys(view)).toEqual(
      expect.arrayContaining(["path", "referrer", "timestamp", "userAgent", "screenWidth", "screenHeight"]),
    );
    for (const report of sent.filter((r) => r.path === "/api/analytics/pageview")) {
      expect((await report.request.response())?.status()).toBe(202);
    }
  });

  test("the page open at Accept and the next one are reported in the reader's order while the reports' chunk loads", async ({
    page,
  }) => {
    const sent = reportsOf(page);
    // The reports' chunk is held back until both pages have asked for it.
    let asked!: () => void;
    const chunkAsked = new Promise<void>((done) => {
      asked = done;
    });
    let release!: () => void;
    const held = new Promise<void>((done) => {
      release = done;
    });
    await page.route(/\/assets\/beacons\.client-[\w-]+\.js$/, async (route) => {
      asked();
      await held;
      await route.continue();
    });
    await page.goto("/stories");
    await page.getByRole("dialog", { name: "We use cookies" }).getByRole("button", { name: "Accept" }).click();
    await chunkAsked;
    await page.getByRole("contentinfo").getByRole("link", { name: "Privacy" }).click();
    await expect(page).toHaveURL("/privacy");
    await expect(page.getByRole("heading", { level: 1 })).toContainText(/privacy/i);
    // The next page's effect asks for the chunk once the page has been drawn.
    await page.evaluate(() => new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(done))));
    release();
    await expect
      .poll(() => sent.filter((r) => r.path === "/api/analytics/pageview").map((r) => r.body.path))
      .toEqual(["/stories", "/privacy"]);
  });

  test("after Decline, no report at all", async ({ page }) => {
    const sent = reportsOf(page);
    await page.goto("/stories");
    await page.getByRole("dialog", { name: "We use cookies" }).getByRole("button", { name: "Decline" }).click();
    await expect(page.getByRole("dialog", { name: "We use cookies" })).toBeHidden();
    await navigate(page);
    await page.goto("/about");
    await page.getByRole("contentinfo").getByRole("link", { name: "Privacy" }).click();
    await expect(page).toHaveURL("/privacy");
    await page.waitForLoadState("networkidle");
    expect(sent).toEqual([]);
  });
});

test("the web vitals and the performance report of a page load arrive", async ({ page }) => {
  const sent = reportsOf(page);
  await page.goto("/story/the-doll-hospital");
  await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
  // The first reports show web-vitals is listening; then an input ends the LCP measurement.
  await expect
    .poll(() => sent.filter((r) => r.path === "/api/analytics/vitals").map((r) => r.body.metricName))
    .toEqual(expect.arrayContaining(["TTFB", "FCP"]));
  await page.getByRole("heading", { level: 1 }).click();
  await expect
    .poll(() => sent.filter((r) => r.path === "/api/analytics/vitals").map((r) => r.body.metricName))
    .toEqual(expect.arrayContaining(["TTFB", "FCP", "LCP"]));
  await expect.poll(() => sent.filter((r) => r.path === "/api/analytics/performance").length).toBe(1);
  const performance = sent.find((r) => r.path === "/api/analytics/performance")?.body as {
    metrics: Record<string, number>;
    path: string;
  };
  expect(performance.path).toBe("/story/the-doll-hospital");
  expect(Object.keys(performance.metrics).sort()).toEqual(
    ["decodedBodySize", "domContentLoaded", "encodedBodySize", "firstByte", "loadEvent", "transferSize"].sort(),
  );
  // The reader switches to another tab: the page is hidden, which reports CLS (and INP after the click).
  // Headless Chromium keeps every tab visible, so the page is told it is hidden as a browser would tell it.
  await page.evaluate(() => {
    Object.defineProperty(document, "visibilityState", { value: "hidden", configurable: true });
    document.dispatchEvent(new Event("visibilitychange"));
  });
  await expect
    .poll(() => sent.filter((r) => r.path === "/api/analytics/vitals").map((r) => r.body.metricName))
    .toEqual(expect.arrayContaining(["CLS"]));
  // What was sent is stored: each metric by its web-vitals id, on the story page's type.
  const ids = sent.filter((r) => r.path === "/api/analytics/vitals").map((r) => String(r.body.identifier));
  await expect
    .poll(async () => {
      const rows = await queryE2eDb<{ name: string; pageType: string }>(
        `SELECT "name", "pageType" FROM "WebVital" WHERE "identifier" IN (${ids.map(() => "?").join(",")})`,
        ids,
      );
      return rows
        .filter((r) => r.pageType === "story")
        .map((r) => r.name)
        .sort();
    })
    .toEqual(expect.arrayContaining(["CLS", "FCP", "LCP", "TTFB"]));
});

test("the service worker's fetches are no page views: the offline page, the library and a saved story it keeps", async ({
  page,
  clientId,
}) => {
  test.slow();
  const ferry = "/story/last-ferry-to-hollin-isle";
  await signUp(page);
  await page.goto(ferry);
  await bookmarkThisStory(page, "Bookmark Last Ferry to Hollin Isle");
  await page.goto("/bookmarks");
  await expect(page.getByRole("main").getByRole("heading", { name: "Last Ferry to Hollin Isle" })).toBeVisible();
  // The reader's first press lets the worker start: it precaches /offline and keeps the library and the story.
  await page.getByRole("main").getByRole("heading", { level: 1 }).click();
  const cached = () =>
    page.evaluate(async () => {
      const paths: string[] = [];
      for (const name of await caches.keys())
        for (const request of await (await caches.open(name)).keys()) paths.push(new URL(request.url).pathname);
      return paths;
    });
  await expect.poll(cached, { timeout: 30_000 }).toEqual(expect.arrayContaining(["/offline", "/bookmarks", ferry]));
  // Each page the reader was shown once, and nothing the worker fetched (the site records a view before it answers).
  expect((await viewsOf(clientId)).map((v) => v.path)).toEqual([ferry, "/bookmarks"]);
  // A page loaded through the worker is still the reader's navigation: counted once.
  await page.reload();
  expect(await page.evaluate(() => Boolean(navigator.serviceWorker.controller))).toBe(true);
  await expect
    .poll(async () => (await viewsOf(clientId)).map((v) => v.path))
    .toEqual([ferry, "/bookmarks", "/bookmarks"]);
});

test("the admin page refreshes through the JSON reports, and says which call failed", async ({ page, context }) => {
  await signInByApi(page, ADMIN);
  await page.goto("/admin/analytics");
  await page.getByRole("button", { name: "Refresh figures" }).click();
  await expect(page.getByRole("status").filter({ hasText: "Figures refreshed." })).toBeVisible();

  // Signed out meanwhile (another tab): the three calls get 401 and the page says so.
  await context.clearCookies();
  await page.getByRole("button", { name: "Refresh figures" }).click();
  const alert = page.getByRole("alert").filter({ hasText: "Failed to fetch" });
  await expect(alert).toContainText("Failed to fetch reading time analytics");
  await expect(alert).toContainText("Failed to fetch device analytics");
  await expect(alert).toContainText("Failed to fetch engagement metrics");
});
