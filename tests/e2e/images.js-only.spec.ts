// The hero image on a client navigation (docs/decisions/027): React
// does not run a script it inserts, so with no hints the component reads the
// browser's connection itself when it renders a story after the first page.
import { expect, test } from "../support/test";
import { hydrated } from "./script-loading-helpers";

const STORY = "/story/last-ferry-to-hollin-isle";
const ALT = "Procedurally drawn cover: Blue hour";

test("a client navigation to a story with no hints shows the image at once on a connection that is not slow", async ({
  page,
}) => {
  await page.goto("/stories");
  await expect(hydrated(page)).toBeAttached();
  const hero = page.waitForResponse((r) => new URL(r.url()).pathname.startsWith("/img/"));
  await page.getByRole("link", { name: "Last Ferry to Hollin Isle" }).first().click();
  await expect(page).toHaveURL(STORY);
  await expect(page.getByRole("img", { name: ALT })).toBeVisible();
  await expect(page.getByRole("link", { name: /Show the full image/ })).toHaveCount(0);
  expect((await hero).status()).toBe(200);
  // It was the app's navigation, not a new document (whose inline script would have decided).
  await expect(hydrated(page)).toBeAttached();
  expect(await page.evaluate(() => performance.getEntriesByType("navigation").length)).toBe(1);
  expect(
    await page.evaluate(() => (performance.getEntriesByType("navigation")[0] as PerformanceNavigationTiming).name),
  ).toMatch(/\/stories$/);
});
