// The second page (issue 45, docs/decisions/044): a reader on the index taps a story's link.
// Before the app runs the tap is the browser's own navigation; once it runs, a client-side one.
// Either way the reader lands on the story with its title, JavaScript on and off.
import { expect, test } from "../support/test";
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
