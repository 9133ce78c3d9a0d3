// Analytics with consent (docs/decisions/023), JavaScript on and off: the pages a reader
// with analytics consent reads are counted once each (by the server for the
// HTML it served, by the browser for its own navigations, never both), nothing
// is counted without consent, after Decline or with Do Not Track, nor the admin's work
// on the admin pages; the admin's analytics pages show the figures for a date range
// and pass axe.
import { ADMIN } from "../../playwright.config";
import { newReader, register, signInByApi } from "../support/accounts";
import { READER_UA, viewsOf } from "../support/analytics";
import { queryE2eDb } from "../support/db";
import { expect, giveConsent, test } from "../support/test";

test.use({ userAgent: READER_UA });

/** A story of the test content source (tests/support/wordpress-server.ts). */
const FERRY = "last-ferry-to-hollin-isle";

async function readTwoPages(page: import("@playwright/test").Page) {
  await page.goto("/stories");
  await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
  await page.getByRole("contentinfo").getByRole("link", { name: "Privacy" }).click();
  await expect(page).toHaveURL("/privacy");
}

test("with consent, each page read counts once: the server's count of the HTML, the browser's of its navigations", async ({
  page,
  clientId,
  javaScriptEnabled,
}) => {
  await readTwoPages(page);
  await expect.poll(async () => (await viewsOf(clientId)).map((v) => v.path)).toEqual(["/stories", "/privacy"]);
  const views = await viewsOf(clientId);
  if (javaScriptEnabled) {
    // The first page was counted by the server; the browser's report of it only added the screen size.
    await expect.poll(async () => (await viewsOf(clientId))[0]?.screenWidth).toBeGreaterThan(0);
    expect(views.map((v) => v.source)).toEqual(["server", "beacon"]);
  } else {
    expect(views.map((v) => v.source)).toEqual(["server", "server"]);
    expect(views.every((v) => v.screenWidth === null)).toBe(true);
  }
  // Nothing arrives later to count them again.
  await page.goto("/about");
  await expect.poll(async () => (await viewsOf(clientId)).length).toBe(3);
  expect((await viewsOf(clientId)).filter((v) => v.path === "/stories")).toHaveLength(1);
  // A page that is not there is not a page read, whoever would report it.
  const missing = await page.goto("/no-such-page");
  expect(missing?.status()).toBe(404);
  await page.goto("/contact");
  await expect
    .poll(async () => (await viewsOf(clientId)).map((v) => v.path))
    .toEqual(["/stories", "/privacy", "/about", "/contact"]);
});

test.describe("without consent", () => {
  test.use({ consent: false });

  test("nothing is counted before a choice, nor after Decline", async ({ page, clientId }) => {
    await page.goto("/stories");
    const banner = page.getByRole("dialog", { name: "We use cookies" });
    await expect(banner).toBeVisible();
    await banner.getByRole("button", { name: "Decline" }).click();
    await expect(banner).toBeHidden();
    await page.getByRole("contentinfo").getByRole("link", { name: "Privacy" }).click();
    await expect(page).toHaveURL("/privacy");
    await page.goto("/about");
    await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
    // The reports that were sent (if any) have been answered by now: a page view is one request.
    await page.reload();
    expect(await viewsOf(clientId)).toEqual([]);
  });

  test("after Accept, the pages read next are counted", async ({ page, clientId }) => {
    await page.goto("/stories");
    expect(await viewsOf(clientId)).toEqual([]);
    await page.getByRole("dialog", { name: "We use cookies" }).getByRole("button", { name: "Accept" }).click();
    await expect(page.getByRole("dialog", { name: "We use cookies" })).toBeHidden();
    await page.getByRole("contentinfo").getByRole("link", { name: "Privacy" }).click();
    await expect(page).toHaveURL("/privacy");
    // The page open when Accept was pressed counts too (without JS: the redirect back to it).
    // The beacons go when the browser is idle: on a loaded machine that can take a while.
    await expect
      .poll(async () => (await viewsOf(clientId)).map((v) => v.path), { timeout: 20_000 })
      .toEqual(["/stories", "/privacy"]);
  });
});

test.describe("Do Not Track", () => {
  test.use({ extraHTTPHeaders: { DNT: "1" } });

  test("a browser that sends Do Not Track is not counted, even with consent", async ({ page, clientId }) => {
    await page.setExtraHTTPHeaders({ "X-Test-Client": clientId, DNT: "1" });
    await readTwoPages(page);
    await page.goto("/about");
    await page.reload();
    expect(await viewsOf(clientId)).toEqual([]);
  });
});

test("a bot is not counted, whatever its cookies say", async ({ browser, baseURL }) => {
  const context = await browser.newContext({
    userAgent: "Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)",
  });
  const clientId = crypto.randomUUID();
  await context.setExtraHTTPHeaders({ "X-Test-Client": clientId });
  await giveConsent(context, baseURL as string);
  const page = await context.newPage();
  await page.goto("/stories");
  await page.goto("/about");
  expect(await viewsOf(clientId, "Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)")).toEqual(
    [],
  );
  await context.close();
});

test("the admin's analytics pages show the figures for a date range and pass axe", async ({ page, checkA11y }) => {
  // axe over pages of charts and their tables, on two shared cores.
  test.setTimeout(150_000);
  await signInByApi(page, ADMIN);
  for (const path of ["/admin/analytics", "/admin/analytics-dashboard"]) {
    await page.goto(path);
    await expect(page.getByRole("heading", { level: 1, name: "Analytics" })).toBeVisible();
    await expect(page.getByRole("heading", { name: "Page views per day" })).toBeVisible();
    await expect(page.getByRole("heading", { name: "Reading time per story", exact: true })).toBeVisible();
    await expect(page.getByRole("heading", { name: "Connection types" })).toBeVisible();
    await expect(page.getByRole("heading", { name: "Web vitals (p75 by page type)" })).toBeVisible();
    await expect(page.getByText("Views on a slow connection (2g, slow-2g or Save-Data)")).toBeVisible();
    await checkA11y();
  }

  // A range of its own: the summary names it and the daily table has one row per day.
  await page.getByLabel("From", { exact: true }).fill("2026-11-01");
  await page.getByLabel("To", { exact: true }).fill("2026-11-03");
  await page.getByRole("button", { name: "Show" }).click();
  await expect(page).toHaveURL(/from=2026-11-01&to=2026-11-03/);
  await expect(page.getByRole("heading", { name: "2026-11-01 to 2026-11-03" })).toBeVisible();
  const daily = page.getByRole("table", { name: "Page views per day: the numbers" });
  await page.locator("summary", { hasText: "Show the figures of Page views per day" }).click();
  await expect(daily.getByRole("row")).toHaveCount(3 + 2);
  // Nothing happened in those days (before the suite's server started): the page says so, and
  // names no "highest" day of 0 nor a share "of 0".
  await expect(page.getByRole("img", { name: "Page views per day" })).toHaveAccessibleDescription(
    "No views in this range yet.",
  );
  await expect(page.getByRole("img", { name: "Stories finished per day" })).toHaveAccessibleDescription(
    "No stories finished in this range yet.",
  );
  const summary = page.getByRole("region", { name: "2026-11-01 to 2026-11-03" });
  await expect(summary.getByRole("definition").filter({ hasText: "No views in this range yet." })).toHaveCount(1);
  await expect(summary.getByRole("definition").filter({ hasText: "of 0" })).toHaveCount(0);

  // A range that is not one: a clear message, what was typed kept, no figures.
  await page.getByLabel("From", { exact: true }).fill("2026-11-09");
  await page.getByRole("button", { name: "Show" }).click();
  await expect(page.getByRole("alert")).toHaveText("The start date must be on or before the end date.");
  await expect(page.getByLabel("From", { exact: true })).toHaveValue("2026-11-09");
  await expect(page.getByLabel("To", { exact: true })).toHaveValue("2026-11-03");
  await expect(page.getByRole("heading", { name: "Page views per day" })).toHaveCount(0);
  await checkA11y();

  // Days still to come have no figures: refused as clearly, on the page and by the JSON reports.
  const today = new Date().toISOString().slice(0, 10);
  const later = new Date(Date.now() + 9 * 86_400_000).toISOString().slice(0, 10);
  await page.getByLabel("From", { exact: true }).fill(today);
  await page.getByLabel("To", { exact: true }).fill(later);
  await page.getByRole("button", { name: "Show" }).click();
  await expect(page.getByRole("alert")).toHaveText(`The end date must be today (${today}, UTC) or earlier.`);
  await expect(page.getByLabel("To", { exact: true })).toHaveValue(later);
  await expect(page.getByRole("heading", { name: "Page views per day" })).toHaveCount(0);
  for (const report of ["reading-time", "devices", "engagement"]) {
    const answer = await page.request.get(`/api/analytics/${report}-test?from=${today}&to=${later}`);
    expect(answer.status()).toBe(400);
    expect(await answer.text()).toContain(`The end date must be today (${today}, UTC) or earlier.`);
  }
});

test("each chart's figures are folded: the page is about a third as tall, and they open by keyboard", async ({
  page,
  checkA11y,
}) => {
  test.setTimeout(150_000);
  await page.setViewportSize({ width: 1280, height: 800 });
  await signInByApi(page, ADMIN);
  await page.goto("/admin/analytics");
  await expect(page.getByRole("heading", { level: 1, name: "Analytics" })).toBeVisible();
  const disclosures = page.locator("details").filter({ has: page.locator("summary", { hasText: "Show the figures" }) });
  const folded = await page.evaluate(() => document.documentElement.scrollHeight);
  // The page as it was (issue 40: 10,878 px at this size), whatever figures this server holds:
  // every table open, and every chart in one column. A lower bound of it: the charts were taller.
  const before = await page.evaluate(() => {
    for (const d of document.querySelectorAll("details")) d.open = true;
    for (const grid of document.querySelectorAll<HTMLElement>("main .grid:has(details)"))
      grid.style.gridTemplateColumns = "none";
    const height = document.documentElement.scrollHeight;
    for (const d of document.querySelectorAll("details")) d.open = false;
    for (const grid of document.querySelectorAll<HTMLElement>("main .grid:has(details)"))
      grid.style.gridTemplateColumns = "";
    return height;
  });
  // The share depends on the figures this run's page views left (how many page types have web
  // vitals, how many stories were read): 0.31-0.34 with the suite's own. Under 0.4 still catches one
  // daily table left open, which adds about 1,000 px (0.43 then).
  expect(folded, `folded ${folded} px, before ${before} px`).toBeLessThan(before * 0.4);
  // One disclosure per chart: the daily ones, reading, devices and the measured web vitals.
  expect(await disclosures.count()).toBeGreaterThanOrEqual(10);
  // Closed, each is one line.
  for (const details of await disclosures.all()) expect((await details.boundingBox())?.height).toBeLessThan(40);

  // The chart keeps its name, its summary is its description, and its figures come right after it.
  const section = page.getByRole("region", { name: "Page views per day", exact: true });
  const chart = section.getByRole("img", { name: "Page views per day" });
  await expect(chart).toHaveAccessibleDescription(
    /^(Views: \d+ in all, highest \d+ \(\d{4}-\d\d-\d\d\)|No views in this range yet)\.$/,
  );
  const table = section.getByRole("table", { name: "Page views per day: the numbers" });
  await expect(table).toBeHidden();
  // By keyboard, with or without JavaScript: Enter opens the figures, Space folds them again.
  const summary = section.locator("summary");
  await expect(summary).toHaveText("Show the figures of Page views per day");
  await summary.focus();
  await page.keyboard.press("Enter");
  await expect(table).toBeVisible();
  await expect(table.getByRole("row")).toHaveCount(30 + 2);
  await checkA11y();
  await page.keyboard.press("Space");
  await expect(table).toBeHidden();
  await checkA11y();
});

test("on a phone the charts' words and numbers are readable, and the newest day has its label", async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await signInByApi(page, ADMIN);
  await page.goto("/admin/analytics");
  const chart = page.getByRole("img", { name: "Page views per day" });
  await expect(chart).toBeVisible();
  // Each text drawn at 12 px or more (it was about 8 px: 11 units of a 480-unit chart 358 px wide).
  const sizes = await page
    .locator("main svg[role=img] text")
    .evaluateAll((texts) =>
      texts.map(
        (t) => Number.parseFloat(getComputedStyle(t).fontSize) * ((t as SVGGraphicsElement).getScreenCTM()?.a ?? 0),
      ),
    );
  expect(sizes.length).toBeGreaterThan(10);
  expect(Math.min(...sizes)).toBeGreaterThanOrEqual(12);
  // The axis ends at today (UTC), which had no label.
  const today = new Date().toISOString().slice(5, 10);
  await expect(chart.locator("text", { hasText: new RegExp(`^${today}$`) })).toHaveCount(1);
});

test("the administrator's own admin pages are not reader traffic; a story they read is", async ({
  page,
  clientId,
  javaScriptEnabled,
}) => {
  await signInByApi(page, ADMIN);
  for (const path of ["/admin", "/admin/analytics", "/admin/feedback"]) {
    // With JavaScript the page reports itself too: its report is answered before the next page.
    const report = javaScriptEnabled
      ? page.waitForResponse((r) => new URL(r.url()).pathname === "/api/analytics/pageview")
      : null;
    await page.goto(path);
    await expect(page.getByRole("heading", { level: 1 }).first()).toBeVisible();
    if (report) expect((await report).status()).toBe(202);
  }
  expect(await viewsOf(clientId)).toEqual([]);
  await page.goto(`/story/${FERRY}`);
  await expect.poll(async () => (await viewsOf(clientId)).map((v) => v.path)).toEqual([`/story/${FERRY}`]);
});

test("a prefetch is not a view; the page read after it is", async ({ page, clientId }) => {
  // The browser's own request context: this test's cookies (consent), address and user agent.
  const prefetch = await page.request.get("/stories", { headers: { "Sec-Purpose": "prefetch" } });
  expect(prefetch.status()).toBe(200);
  const purpose = await page.request.get("/stories", { headers: { Purpose: "prefetch" } });
  expect(purpose.status()).toBe(200);
  await page.goto("/about");
  await expect.poll(async () => (await viewsOf(clientId)).map((v) => v.path)).toEqual(["/about"]);
});

test("a reader who turns analytics off in /settings/privacy is no longer counted", async ({ page, clientId }) => {
  await register(page, newReader());
  await page.goto("/settings/privacy");
  await page.getByLabel("Analytics", { exact: true }).uncheck();
  await page.getByLabel("Performance", { exact: true }).uncheck();
  await page.getByRole("button", { name: "Save privacy choices" }).click();
  await expect(page.getByRole("status").filter({ hasText: "Privacy choices saved" }).first()).toBeVisible();
  await expect(page.getByLabel("Analytics", { exact: true })).not.toBeChecked();
  const before = (await viewsOf(clientId)).length;
  expect(before, "the pages read before the choice were counted").toBeGreaterThan(0);
  await page.goto("/stories");
  await page.getByRole("contentinfo").getByRole("link", { name: "Privacy" }).click();
  await expect(page).toHaveURL("/privacy");
  await page.reload();
  expect(await viewsOf(clientId)).toHaveLength(before);
});

test("a reader's finished story reaches the admin's reading time per story", async ({
  page,
  clientId,
  browser,
  baseURL,
}) => {
  test.setTimeout(90_000);
  await register(page, newReader());
  await page.goto(`/story/${FERRY}`);
  await page.getByRole("button", { name: "I finished this story" }).click();
  await expect(page.getByRole("status").filter({ hasText: "Finished" }).first()).toBeVisible();
  await expect.poll(async () => (await viewsOf(clientId)).some((v) => v.path === `/story/${FERRY}`)).toBe(true);
  const events = await queryE2eDb<{ storySlug: string; finished: number }>(
    'SELECT "storySlug", "finished" FROM "ReadingEvent" WHERE "storySlug" = ? ORDER BY "createdAt" DESC LIMIT 1',
    [FERRY],
  );
  expect(events[0]).toMatchObject({ storySlug: FERRY, finished: 1 });

  const adminContext = await browser.newContext();
  await giveConsent(adminContext, baseURL as string);
  const admin = await adminContext.newPage();
  await signInByApi(admin, ADMIN);
  const today = new Date().toISOString().slice(0, 10);
  const report = await admin.request.get(`/api/analytics/reading-time-test?from=${today}&to=${today}`);
  expect(report.status()).toBe(200);
  const story = ((await report.json()) as { stories: { slug: string; finished: number }[] }).stories.find(
    (s) => s.slug === FERRY,
  );
  expect(story?.finished).toBeGreaterThan(0);
  await adminContext.close();
});
