// The second page (issue 45, docs/decisions/044): a reader on the index taps a story's link.
// Before the app runs the tap is the browser's own navigation; once it runs, a client-side one.
// Either way the reader lands on the story with its title, JavaScript on and off.

import { computedStyles } from "../support/computed-styles";
import { anotherPersonPage, expect, skipFirstVisit, test } from "../support/test";
import { holdModules, hydrated } from "./script-loading-helpers";

test.use({ hasTouch: true });

const TITLE = "Last Ferry to Hollin Isle";
const storyLink = (page: import("@playwright/test").Page) =>
  page.getByRole("main").getByRole("link", { name: TITLE, exact: true }).first();

test("before the app runs, a tap on a story's link on the index opens the story", async ({ page }) => {
  // With JavaScript on, the app's modules are held: the page is the server's, as on a phone that paints first.
  const release = await holdModules(page);
  await page.goto("/", { waitUntil: "commit" });
  await storyLink(page).tap();
  await expect(page).toHaveURL(/\/story\/last-ferry-to-hollin-isle$/);
  await expect(page.getByRole("heading", { level: 1, name: TITLE })).toBeVisible();
  await expect(hydrated(page)).toHaveCount(0);
  release();
});

test("once the app runs, a tap on a story's link on the index opens the story", async ({ page, javaScriptEnabled }) => {
  await page.goto("/");
  if (javaScriptEnabled) {
    await expect(hydrated(page)).toBeAttached();
    // Marks this document: a client-side navigation keeps it, a document navigation does not.
    await page.evaluate(() => {
      (window as Window & { indexDocument?: boolean }).indexDocument = true;
    });
  }
  await storyLink(page).tap();
  await expect(page).toHaveURL(/\/story\/last-ferry-to-hollin-isle$/);
  await expect(page.getByRole("heading", { level: 1, name: TITLE })).toBeVisible();
  if (javaScriptEnabled)
    expect(await page.evaluate(() => (window as Window & { indexDocument?: boolean }).indexDocument)).toBe(true);
});

// The second page links the stylesheet the first one left in the HTTP cache instead of inlining
// its rules again (server/site-css-cookie.ts, docs/decisions/044), and looks the same.
test("a page after the first links site.css from the cache in its head, and looks as the first visit did", async ({
  page,
  browser,
  baseURL,
  javaScriptEnabled,
  checkA11y,
}) => {
  const STORY = "/story/last-ferry-to-hollin-isle";
  const settle = async (p: import("@playwright/test").Page) => {
    await p.waitForLoadState("load");
    if (javaScriptEnabled) await expect(hydrated(p)).toBeAttached();
    await p.waitForLoadState("networkidle");
  };
  // The reference: the story on a first visit (its rules inlined, site.css after <main>).
  const firstVisit = await anotherPersonPage(browser, { javaScriptEnabled, baseURL: baseURL as string });
  await skipFirstVisit(firstVisit.context());
  await firstVisit.setViewportSize(page.viewportSize() ?? { width: 1280, height: 720 });
  const firstHtml = await (await firstVisit.goto(STORY))?.text();
  expect(firstHtml).not.toMatch(/<\/style><link rel="stylesheet" href="\/assets\/site-[\w-]+\.css" data-precedence/);
  await settle(firstVisit);
  const expected = await computedStyles(firstVisit);
  await firstVisit.context().close();

  // The reader reads the index, then opens the story.
  await page.goto("/");
  await page.waitForLoadState("load");
  await expect.poll(async () => (await page.context().cookies()).find((c) => c.name === "hs_css")?.httpOnly).toBe(true);
  // What the browser says of each request for site.css from here on: from its cache, or not.
  const cdp = await page.context().newCDPSession(page);
  await cdp.send("Network.enable");
  const fromCache = new Set<string>();
  const fromNetwork: string[] = [];
  cdp.on("Network.requestServedFromCache", (e) => fromCache.add(e.requestId));
  cdp.on("Network.responseReceived", (e) => {
    if (/\/assets\/site-/.test(e.response.url) && !e.response.fromDiskCache && !fromCache.has(e.requestId))
      fromNetwork.push(e.response.url);
  });
  // A document load, as the tap before the app runs is (with JavaScript on and a fast link the tap
  // is a client navigation, which asks for no document).
  const html = (await (await page.goto(STORY))?.text()) ?? "";
  expect(html).toMatch(/<\/style><link rel="stylesheet" href="\/assets\/site-[\w-]+\.css" data-precedence="critical">/);
  expect(html).toMatch(/@layer utilities\{\}/);
  await expect(page.getByRole("heading", { level: 1, name: TITLE })).toBeVisible();
  await settle(page);
  expect(await computedStyles(page)).toEqual(expected);
  expect(fromNetwork, "site.css came from the browser's cache").toEqual([]);
  await checkA11y();
});
