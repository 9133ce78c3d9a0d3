// JavaScript waits its turn (issue 17, server/script-loading.ts): on a fast
// link the page fetches its modules at once and hydrates as before. The slow
// links are in script-loading-slow-2g.js-only.spec.ts (a browser of their own).
import { expect, test } from "../support/test";
import { hydrated, STORY, scriptRequests } from "./script-loading-helpers";

test("on a fast link the modules are fetched before the load event and the page hydrates", async ({ page }) => {
  await page.addInitScript(() => {
    document.addEventListener("securitypolicyviolation", (event) => {
      document.documentElement.dataset.cspViolation = `${event.violatedDirective} ${event.sourceFile}`;
    });
  });
  const scripts = scriptRequests(page);
  let atLoad = -1;
  page.on("load", () => {
    atLoad = scripts.length;
  });
  await page.goto(STORY);
  expect(
    await page.evaluate(() => (navigator as { connection?: { effectiveType?: string } }).connection?.effectiveType),
  ).toBe("4g");
  await expect(hydrated(page)).toBeAttached();
  expect(atLoad).toBeGreaterThan(5);
  // The document itself names no module to preload: the loader adds the links.
  const html = await (await page.request.get(STORY)).text();
  expect(html).not.toMatch(/<link[^>]*modulepreload/);
  expect(await page.locator('link[rel="modulepreload"]').count()).toBeGreaterThan(5);
  // Not even zod's caught probe of eval (it runs when a module defines a schema).
  expect(await page.locator("html").getAttribute("data-csp-violation")).toBeNull();
});
