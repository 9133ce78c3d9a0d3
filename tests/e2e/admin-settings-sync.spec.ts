// The admin dashboard, /admin/settings (maintenance mode, registration
// closed, the audit log) and the sync page's progress. On a site of its own:
// the settings are global, and the shared suite server keeps its defaults.
import type { Page } from "@playwright/test";
import { expectAccessible } from "../support/a11y";
import { newReader, signInAndOpen } from "../support/accounts";
import { ADMIN_ENV, SITE_ADMIN, startSite } from "../support/site-server";
import { expect, giveConsent, onOwnSite } from "../support/test";
import { startWordPressServer } from "../support/wordpress-server";

// No WPCOM_SITE nor WP_URL: a site without a content source, as `npm run demo` starts it.
const test = onOwnSite("settings", () => startSite({ env: ADMIN_ENV }));
/** A site with a source configured (its scheduled sync off, so only the test writes the progress). */
const withSource = onOwnSite("sync-progress", () =>
  startSite({ env: { ...ADMIN_ENV, WP_URL: "http://127.0.0.1:9", CONTENT_SYNC: "off" } }),
);

/** A site whose source is a WordPress-shaped server of its own, whose mode a test switches. */
const withWordPress = onOwnSite("sync-wordpress", async () => {
  const wordpress = await startWordPressServer({ mode: "healthy" });
  const site = await startSite({ env: { ...ADMIN_ENV, WP_URL: wordpress.wpUrl, CONTENT_SYNC: "off" } });
  const dispose = site.dispose;
  return Object.assign(site, {
    wordpress,
    dispose: async () => {
      await dispose();
      await wordpress.close();
    },
  });
});

test.describe.configure({ mode: "serial" });

/**
 * Presses "Sync now" and follows the sync as an admin does (JavaScript follows it by itself; without,
 * the admin presses "Refresh progress") until the history holds `rows` syncs; returns the latest.
 */
async function syncNow(page: Page, rows: number) {
  await page.getByRole("button", { name: "Sync now" }).click();
  const table = page.getByRole("table", { name: "The latest 10 content syncs" });
  const refresh = page.getByRole("link", { name: "Refresh progress" });
  await expect(async () => {
    if (await refresh.isVisible()) await refresh.click({ timeout: 1000 });
    await expect(table.getByRole("row")).toHaveCount(rows + 1, { timeout: 1000 });
    await expect(refresh).toHaveCount(0, { timeout: 1000 });
  }).toPass({ timeout: 30_000 });
  return table.getByRole("row").nth(1);
}

async function asAdmin(page: Page, path: string) {
  await signInAndOpen(page, SITE_ADMIN, path);
}

/** Saves the settings form with one on/off choice changed. */
async function choose(page: Page, group: string, option: string) {
  await page.goto("/admin/settings");
  await page.getByRole("group", { name: group }).getByLabel(option).check();
  await page.getByRole("button", { name: "Save settings" }).click();
  await expect(page.getByText("Settings saved")).toBeVisible();
}

test("the dashboard's counts link to their pages, with the last sync and the health", async ({ page, checkA11y }) => {
  await asAdmin(page, "/admin/dashboard");
  await expect(page.getByRole("heading", { level: 1, name: "Dashboard" })).toBeVisible();
  const links: [RegExp, string][] = [
    [/Moderation queue/, "/admin/content-moderation"],
    [/New feedback/, "/admin/feedback?status=new"],
    // New and confirmed, as counted; not the list's default of every status.
    [/Open bug reports/, "/admin/bug-reports?status=open"],
    [/Failed syncs/, "/admin/wordpress-sync"],
    [/New users this week/, "/admin/users?sort=-joined"],
    [/Errors logged/, "/admin/bug-reports#groups-title"],
  ];
  for (const [name, href] of links) await expect(page.getByRole("link", { name })).toHaveAttribute("href", href);
  // The site admin was created at start-up: one new user this week.
  await expect(page.getByRole("link", { name: /New users this week/ })).toContainText("1");
  // Counted from the accounts there are, and labelled so: a deleted account leaves its week.
  await expect(page.getByRole("link", { name: /New users this week/ })).toContainText(
    "New users this week (accounts that still exist)",
  );
  await expect(page.getByText("Database: ok")).toBeVisible();
  await expect(page.getByText("Maintenance mode: off")).toBeVisible();
  await checkA11y();
  await page.getByRole("link", { name: /New feedback/ }).click();
  await expect(page).toHaveURL(/\/admin\/feedback\?status=new$/);
  await page.goto("/admin/dashboard");
  await page.getByRole("link", { name: /Open bug reports/ }).click();
  await expect(
    page.getByRole("navigation", { name: "Bug report status" }).getByRole("link", { name: "Open", exact: true }),
  ).toHaveAttribute("aria-current", "page");
});

test("maintenance mode: readers get the 503 page, the admin keeps working, sign-in and health stay open", async ({
  page,
  browser,
  baseURL,
  checkA11y,
}) => {
  await asAdmin(page, "/admin/settings");
  await checkA11y();
  await choose(page, "Maintenance mode", "On");
  // The audit log shows the save with its before and after.
  const audit = page.getByRole("table", { name: "Admin actions, newest first" });
  await expect(audit.getByRole("row").nth(1)).toContainText("settings.update");
  await expect(audit.getByRole("row").nth(1)).toContainText('{"maintenanceMode":true}');
  // The admin still works everywhere.
  expect((await page.goto("/stories"))?.status()).toBe(200);

  const reader = await browser.newContext({ baseURL });
  try {
    const readerPage = await reader.newPage();
    const home = await readerPage.goto("/");
    expect(home?.status()).toBe(503);
    expect(home?.headers()["retry-after"]).toBe("600");
    await expect(readerPage).toHaveTitle("503 - Service Unavailable | Horror Stories");
    expect((await readerPage.goto("/stories"))?.status()).toBe(503);
    expect((await readerPage.goto("/auth"))?.status()).toBe(200);
    const health = await reader.request.get("/api/health");
    expect(health.status()).toBe(200);
    expect(await health.json()).toMatchObject({ status: "ok", maintenance: true });
    const api = await reader.request.get("/api/posts");
    expect(api.status()).toBe(503);
  } finally {
    await reader.close();
  }
  await choose(page, "Maintenance mode", "Off");
  expect((await page.request.get("/api/health").then((r) => r.json())).maintenance).toBe(false);
});

test("a form sent as maintenance begins loses nothing: without JavaScript the 503 page keeps it for Try again, with it the form stays", async ({
  page,
  browser,
  baseURL,
  site,
  javaScriptEnabled,
}) => {
  const withJs = javaScriptEnabled !== false;
  const marker = Date.now().toString(36);
  const message = `The lamp in the hall went out at ${marker}, and something kept walking.`;
  const reader = await browser.newContext({ baseURL, javaScriptEnabled: withJs });
  try {
    await giveConsent(reader, baseURL as string);
    const readerPage = await reader.newPage();
    await readerPage.goto("/contact");
    if (withJs) await readerPage.locator("html[data-hydrated]").waitFor({ state: "attached" });
    await readerPage.getByLabel("Your name").fill("Mara Quill");
    await readerPage.getByLabel("Your email").fill(`mara-${marker}@horror.test`);
    await readerPage.getByLabel("Message", { exact: true }).fill(message);

    await asAdmin(page, "/admin/settings");
    await choose(page, "Maintenance mode", "On");
    const send = readerPage.getByRole("button", { name: "Send message" });
    await send.click();
    // Without JavaScript "Try again" sends the kept form; with it the form itself is still there.
    const again = withJs ? send : readerPage.getByRole("button", { name: "Try again" });
    if (withJs) {
      await expect(readerPage.getByRole("region", { name: "Notifications" })).toContainText(
        "What you typed is still here, so send it again",
      );
      await expect(readerPage.getByLabel("Message", { exact: true })).toHaveValue(message);
    } else {
      await expect(readerPage).toHaveTitle("503 - Service Unavailable | Horror Stories");
      await expect(readerPage.getByText("What you sent is kept on this page: Try again sends it again.")).toBeVisible();
    }
    await expectAccessible(readerPage, { jsEnabled: withJs, browser });
    expect(await site.query('SELECT id FROM "ContactMessage" WHERE message = ?', [message])).toHaveLength(0);
    if (!withJs) {
      // Still closed: the same page again, with the same form kept.
      await again.click();
      await expect(readerPage).toHaveTitle("503 - Service Unavailable | Horror Stories");
    }

    await choose(page, "Maintenance mode", "Off");
    await again.click();
    await expect(readerPage.getByRole("heading", { name: "Thank you for writing" })).toBeVisible();
    const stored = await site.query<{ name: string; email: string }>(
      'SELECT name, email FROM "ContactMessage" WHERE message = ?',
      [message],
    );
    expect(stored).toEqual([{ name: "Mara Quill", email: `mara-${marker}@horror.test` }]);
  } finally {
    await reader.close();
  }
});

test("registration closed refuses sign-up, the API included; sign-in keeps working", async ({
  page,
  browser,
  baseURL,
}) => {
  await asAdmin(page, "/admin/settings");
  await choose(page, "Registration", "Closed");
  const visitor = await browser.newContext({ baseURL });
  try {
    const visitorPage = await visitor.newPage();
    await visitorPage.goto("/auth?mode=register");
    await expect(visitorPage.getByText(/Registration is closed for now/)).toBeVisible();
    await expect(visitorPage.getByRole("button", { name: "Create account" })).toHaveCount(0);
    const { csrfToken } = await (await visitor.request.get("/api/csrf-token")).json();
    const api = await visitor.request.post("/api/auth/register", {
      data: newReader(),
      headers: { "X-CSRF-Token": csrfToken },
    });
    expect(api.status()).toBe(403);
    expect((await api.json()).message).toMatch(/Registration is closed/);
    // Sign-in keeps working.
    const login = await visitor.request.post("/api/auth/login", {
      data: { email: SITE_ADMIN.email, password: SITE_ADMIN.password },
      headers: { "X-CSRF-Token": csrfToken },
    });
    expect(login.status()).toBe(200);
  } finally {
    await visitor.close();
  }
  await choose(page, "Registration", "Open");
});

test("the settings form refuses an interval out of bounds and a bad address, keeping what was typed", async ({
  page,
  checkA11y,
}) => {
  await asAdmin(page, "/admin/settings");
  await page.getByLabel("Sync interval (minutes)").fill("2");
  await page.getByLabel("Contact address").fill("not-an-address");
  // From the keyboard: with JavaScript, leaving the address checks it and its message moves the
  // button down, so a pointer's press would land beside it (noted in the report, left alone here).
  // A pointer's press: it blurs the address, which once showed its message there, moved the button
  // down from under the pointer, and lost the click.
  await page.getByRole("button", { name: "Save settings" }).click();
  await expect(page.getByText(/whole number of minutes from 5 to 1440/).first()).toBeVisible();
  await expect(page.getByLabel("Contact address")).toHaveValue("not-an-address");
  // Focus is on the first refused field, which names its message (JavaScript off: the server's answer says so).
  const interval = page.getByLabel("Sync interval (minutes)");
  await expect(interval).toBeFocused();
  await expect(interval).toHaveAttribute("aria-invalid", "true");
  await expect(interval).toHaveAccessibleDescription(/whole number of minutes from 5 to 1440/);
  await checkA11y();
});

test("the contact address setting reaches the terms page", async ({ page }) => {
  await asAdmin(page, "/admin/settings");
  await page.getByLabel("Contact address").fill("night-desk@horror.test");
  await page.getByRole("button", { name: "Save settings" }).click();
  await expect(page.getByText("Settings saved")).toBeVisible();
  await page.goto("/legal/terms");
  await expect(page.getByRole("link", { name: "night-desk@horror.test" }).first()).toBeVisible();
});

test("without a content source the sync page says there is nothing to sync, and a sync counts nothing", async ({
  page,
  site,
  checkA11y,
}) => {
  await asAdmin(page, "/admin/wordpress-sync");
  const note = page.getByRole("note");
  await expect(note).toContainText("No content source is configured (WPCOM_SITE or WP_URL)");
  await expect(note).toContainText("there is nothing to sync");
  const syncNow = page.getByRole("button", { name: "Sync now" });
  await expect(syncNow).toBeDisabled();
  await expect(syncNow).toHaveAccessibleDescription(/No content source is configured/);
  await expect(page.getByRole("button", { name: "Back-fill the whole site" })).toBeDisabled();
  await checkA11y();

  // A POST all the same (a page from before the source was removed): answered with the same words.
  const { csrfToken } = await (await page.request.get("/api/csrf-token")).json();
  const post = await page.request.post("/admin/wordpress-sync", {
    form: { intent: "sync", csrf: csrfToken },
    maxRedirects: 0,
  });
  expect(post.status()).toBe(302);
  await page.goto("/admin/wordpress-sync");
  const toast = page.getByRole("status").filter({ hasText: "Nothing to sync" });
  await expect(toast).toContainText("No content source is configured");
  await expect(page.getByText("Sync started")).toHaveCount(0);
  await expect(page.getByText("No sync has run yet.")).toBeVisible();
  await expect(page.getByText("Nothing recorded yet.")).toBeVisible();

  // Nothing counted: no history, no last sync, no progress, no audit row, no failure on the dashboard.
  const [counts] = await site.query<{ records: number; keys: number; audits: number }>(
    `SELECT (SELECT COUNT(*) FROM "SyncRecord") AS records,
            (SELECT COUNT(*) FROM "KeyValue" WHERE "key" IN ('sync:last', 'sync:progress')) AS keys,
            (SELECT COUNT(*) FROM "AdminAudit" WHERE "action" LIKE 'sync.%') AS audits`,
  );
  expect(counts).toEqual({ records: 0, keys: 0, audits: 0 });
  await page.goto("/admin/dashboard");
  await expect(page.getByRole("link", { name: /Failed syncs/ })).toContainText("0");
  // Nor logged.
  expect(site.stdout() + site.stderr()).not.toContain("unavailable");
});

withSource(
  "the sync page shows a running sync's progress and its history",
  async ({ page, site, javaScriptEnabled, checkA11y }) => {
    // A sync running in another process: its lease and its progress row.
    const now = Date.now();
    const progress = (done: number, running = true) =>
      JSON.stringify({
        kind: "backfill",
        running,
        phase: running ? `Copied page ${done} of 4` : "Finished",
        done,
        total: 4,
        posts: done * 20,
        startedAt: new Date(now).toISOString(),
        updatedAt: new Date().toISOString(),
        outcome: running ? null : { status: "success", message: "Synced 80 posts from WordPress (80 new)." },
      });
    await site.query(`DELETE FROM "Lease" WHERE "name" = 'content-sync'`);
    await site.query(`INSERT INTO "Lease" ("name", "holder", "expiresAt") VALUES ('content-sync', 'e2e', ?)`, [
      new Date(now + 5 * 60_000).toISOString(),
    ]);
    await site.query(
      `INSERT INTO "KeyValue" ("key", "value", "updatedAt") VALUES ('sync:progress', ?, ?)
     ON CONFLICT ("key") DO UPDATE SET "value" = excluded."value"`,
      [progress(1), new Date().toISOString()],
    );
    try {
      await asAdmin(page, "/admin/wordpress-sync");
      await expect(page.getByRole("heading", { name: "Back-fill of the whole site running" })).toBeVisible();
      const bar = page.getByRole("progressbar", { name: "Progress" });
      await expect(bar).toHaveAttribute("value", "1");
      await expect(page.getByRole("button", { name: "Sync now" })).toBeDisabled();
      await checkA11y();
      // No page reloads itself (WCAG 2.2.1): without JavaScript the admin asks for the progress.
      await expect(page.locator('meta[http-equiv="refresh"]')).toHaveCount(0);
      const refresh = page.getByRole("link", { name: "Refresh progress" });
      // With JS the event stream moves the bar without a reload; without, the admin's refresh does.
      await site.query(`UPDATE "KeyValue" SET "value" = ? WHERE "key" = 'sync:progress'`, [progress(3)]);
      if (!javaScriptEnabled) await refresh.click();
      await expect(bar).toHaveAttribute("value", "3");
      await expect(page.getByTestId("sync-progress-text")).toContainText("3 of 4 pages");
      await site.query(`UPDATE "KeyValue" SET "value" = ? WHERE "key" = 'sync:progress'`, [progress(4, false)]);
      await site.query(`DELETE FROM "Lease" WHERE "name" = 'content-sync'`);
      // With JS the stream says it finished; without, the admin's next refresh shows it.
      if (!javaScriptEnabled) await refresh.click();
      await expect(page.getByRole("heading", { name: "Back-fill of the whole site finished" })).toBeVisible({
        timeout: 10_000,
      });
      await expect(page.getByTestId("sync-progress-text")).toContainText("Synced 80 posts");
      await expect(refresh).toHaveCount(0);
      await expect(page.getByRole("button", { name: "Sync now" })).toBeEnabled();
    } finally {
      await site.query(`DELETE FROM "Lease" WHERE "name" = 'content-sync'`);
    }
  },
);

withWordPress(
  "Sync now asks WordPress again after a failure, says what failed and why, and a warning names the invalid items",
  async ({ page, site, checkA11y }) => {
    test.setTimeout(90_000);
    await site.query(`DELETE FROM "SyncRecord"`);
    await asAdmin(page, "/admin/wordpress-sync");

    // A server error: reached, answered in time, so "unknown" with its status, after the one retry.
    site.wordpress.setMode("error500");
    let latest = await syncNow(page, 1);
    await expect(page.getByRole("heading", { name: "Sync failed" })).toBeVisible();
    await expect(page.getByTestId("sync-progress-text")).toHaveText("Content sync failed. Using cached content.");
    await expect(latest.getByRole("cell").nth(1)).toHaveText("error");
    await latest.getByText("Error details").click();
    const details = latest.getByRole("definition");
    await expect(details.nth(0)).toHaveText("unknown");
    await expect(details.nth(1)).toHaveText("1");
    await expect(details.nth(2)).toHaveText("yes");
    await expect(details.nth(3)).toContainText("answered HTTP 500 Internal Server Error");
    await expect(details.nth(3)).toContainText("Tried 2 times, 1 s apart.");
    await checkA11y();

    // A body past the size cap: the source answered, but not with a page of posts.
    site.wordpress.setMode("huge-body");
    latest = await syncNow(page, 2);
    await latest.getByText("Error details").click();
    await expect(latest.getByRole("definition").nth(0)).toHaveText("parse");
    await expect(latest.getByRole("definition").nth(3)).toContainText("more than the 5 MB a page of posts may weigh");

    // Healthy again: the next press asks WordPress (it was answered from the 5-minute cache, unsent).
    site.wordpress.setMode("healthy");
    const asked = site.wordpress.requests.length;
    latest = await syncNow(page, 3);
    await expect(latest).toContainText("Synced 24 posts from WordPress");
    await expect(latest.getByRole("cell").nth(1)).toHaveText("success");
    await expect(page.getByRole("heading", { name: "Sync finished" })).toBeVisible();
    expect(site.wordpress.requests.slice(asked).some((r) => r.includes("/posts?page=1&per_page=20"))).toBe(true);

    // Invalid items: copied what was valid, and said how many were not and which.
    site.wordpress.setMode("invalid-items");
    latest = await syncNow(page, 4);
    await expect(page.getByRole("heading", { name: "Sync finished with a warning" })).toBeVisible();
    await expect(latest.getByRole("cell").nth(1)).toHaveText("success, with a warning");
    await expect(page.getByText(/^Last sync .*: succeeded with a warning \(see below\), 16 posts\.$/)).toBeVisible();
    await expect(latest).toContainText("Synced 16 posts from WordPress (0 new). 8 invalid items were not copied");
    await latest.getByText("Warning details").click();
    await expect(latest).toContainText("Invalid items: id ");
    await checkA11y();
    site.wordpress.setMode("healthy");
  },
);
