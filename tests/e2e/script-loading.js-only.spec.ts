// JavaScript waits its turn (docs/decisions/028, server/script-loading.ts): on a fast
// link the page fetches its modules once it has painted, and hydrates as before. The slow
// links are in script-loading-slow-2g.js-only.spec.ts (a browser of their own).
import { expect, test } from "../support/test";
import { hydrated, STORY, scriptRequests } from "./script-loading-helpers";

test("on a fast link the modules are fetched once the page has painted, and the page hydrates", async ({ page }) => {
  await page.addInitScript(() => {
    document.addEventListener("securitypolicyviolation", (event) => {
      document.documentElement.dataset.cspViolation = `${event.violatedDirective} ${event.sourceFile}`;
    });
  });
  const scripts = scriptRequests(page);
  await page.goto(STORY);
  expect(
    await page.evaluate(() => (navigator as { connection?: { effectiveType?: string } }).connection?.effectiveType),
  ).toBe("4g");
  await expect(hydrated(page)).toBeAttached();
  expect(scripts.length).toBeGreaterThan(5);
  // No module was on the wire before the first contentful paint.
  const timing = await page.evaluate(() => ({
    fcp: performance.getEntriesByName("first-contentful-paint")[0]?.startTime ?? Number.NaN,
    modules: performance
      .getEntriesByType("resource")
      .filter((entry) => /\/assets\/.*\.js$/.test(new URL(entry.name).pathname))
      .map((entry) => entry.startTime),
  }));
  expect(timing.modules.length).toBeGreaterThan(5);
  expect(Math.min(...timing.modules)).toBeGreaterThan(timing.fcp);
  // The document itself names no module to preload: the loader adds the links.
  const html = await (await page.request.get(STORY)).text();
  expect(html).not.toMatch(/<link[^>]*modulepreload/);
  expect(await page.locator('link[rel="modulepreload"]').count()).toBeGreaterThan(5);
  // Not even zod's caught probe of eval (it runs when a module defines a schema).
  expect(await page.locator("html").getAttribute("data-csp-violation")).toBeNull();
});
