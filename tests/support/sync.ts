// The admin's "Sync now" starts the sync in the background and redirects at
// once (docs/decisions/021): tests that need its result wait until the sync
// page no longer offers "Refresh progress" (there only while a sync runs).
import { expect, type Page } from "@playwright/test";
import type { HttpClient } from "./http-client.ts";

export async function waitForSyncToFinish(admin: HttpClient, timeoutMs = 60_000): Promise<void> {
  const until = Date.now() + timeoutMs;
  while (Date.now() < until) {
    const page = await admin.get("/admin/wordpress-sync");
    if (page.status === 200 && !page.text.includes(">Refresh progress<")) return;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error("The content sync did not finish in time.");
}

/**
 * On /admin/wordpress-sync: presses "Sync now" and follows the sync until the history's latest
 * row says it succeeded, as an admin does: with JavaScript the page follows it by itself;
 * without, the admin presses "Refresh progress" until it is done.
 */
export async function syncNowAndWait(page: Page) {
  await page.getByRole("button", { name: "Sync now" }).click();
  const latest = page.getByRole("table", { name: "The latest 10 content syncs" }).getByRole("row").nth(1);
  const refresh = page.getByRole("link", { name: "Refresh progress" });
  await expect(async () => {
    // With JavaScript the page takes the link away itself once the sync ends, maybe between these
    // two lines: a click with no time limit then waited for it until the test's own timeout.
    if (await refresh.isVisible()) await refresh.click({ timeout: 1000 });
    await expect(latest).toContainText("success", { timeout: 1000 });
  }).toPass({ timeout: 30_000 });
  return latest;
}
