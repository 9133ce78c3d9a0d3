import { expect, type Page } from "@playwright/test";

/**
 * Presses Bookmark on the story page the test is on, and waits until the server has stored it.
 * With JavaScript the control shows the shelf at once (optimistically): a page.goto before the
 * answer cancels the request, and the story is not on the shelf after all (CI met this in
 * account-settings.spec, and in downloads.spec's shelf EPUB, 2026-11-30).
 */
export async function bookmarkThisStory(page: Page, name: string | RegExp = /^Bookmark /) {
  const stored = page.waitForResponse(
    (response) => response.request().method() === "POST" && new URL(response.url()).pathname.startsWith("/bookmarks"),
  );
  await page.getByRole("main").getByRole("button", { name }).click();
  await expect(page.getByRole("main").getByText("On your shelf: Bookmarked")).toBeVisible();
  await stored;
}
