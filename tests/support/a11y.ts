import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import { type Browser, type BrowserContext, expect, type Page } from "@playwright/test";
import type { AxeResults, RunOptions } from "axe-core";

const TAGS = ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa"];
const AXE_SOURCE = readFileSync(createRequire(import.meta.url).resolve("axe-core/axe.min.js"), "utf8");

type AuditOptions = { jsEnabled: boolean; browser: Browser; colorScheme?: "light" | "dark" | "no-preference" | null };

/** Zero WCAG 2.1 A/AA violations on the page as it is now. */
export async function expectAccessible(page: Page, { jsEnabled, browser, colorScheme }: AuditOptions) {
  if (jsEnabled) return audit(page, page.url());

  // axe-core runs as a script in the page, which a JavaScript-off page cannot
  // do. Audit a twin instead: the same DOM as this page has it now (open
  // <details> and all), served at the same URL in a page where no app
  // script runs (every .js request is refused) but axe can.
  const url = page.url();
  const html = await page.content();
  const openPopovers = page.locator(":popover-open");
  const popoverIds: string[] = [];
  for (let i = 0; i < (await openPopovers.count()); i++) {
    const id = await openPopovers.nth(i).getAttribute("id");
    if (id) popoverIds.push(id);
  }
  const twin = await twinOf(browser);
  twin.document = { url, html };
  await twin.context.clearCookies();
  await twin.context.addCookies((await page.context().storageState()).cookies);
  await twin.page.setViewportSize(page.viewportSize() ?? { width: 1280, height: 720 });
  await twin.page.emulateMedia({ colorScheme: colorScheme ?? "light" });
  // From a blank page, so a URL that differs only in its #fragment loads the new document too.
  await twin.page.goto("about:blank");
  await twin.page.goto(url);
  for (const id of popoverIds) await twin.page.locator(`#${id}`).evaluate((el) => (el as HTMLElement).showPopover());
  await audit(twin.page, `${url} (JavaScript off)`);
}

type Twin = { context: BrowserContext; page: Page; document: { url: string; html: string } };

/**
 * One twin page per worker's browser, kept for the worker's life: a context and a renderer
 * for each audit cost a quarter of a second (docs/decisions/026).
 */
const twins = new WeakMap<Browser, Promise<Twin>>();
function twinOf(browser: Browser) {
  let twin = twins.get(browser);
  if (!twin) {
    twin = (async () => {
      const context = await browser.newContext({ javaScriptEnabled: true });
      const page = await context.newPage();
      const current: Twin = { context, page, document: { url: "", html: "" } };
      await page.route("**/*", (route) => {
        const request = route.request();
        if (request.url() === current.document.url && request.resourceType() === "document") {
          return route.fulfill({ status: 200, contentType: "text/html; charset=utf-8", body: current.document.html });
        }
        if (request.resourceType() === "script") return route.abort();
        return route.continue();
      });
      return current;
    })();
    twins.set(browser, twin);
  }
  return twin;
}

/**
 * axe-core's own `axe.run` in the page. @axe-core/playwright's AxeBuilder finishes every run in
 * a new blank page (for cross-origin frames, which this site has none of): that page cost more
 * than the audit itself, about 0.3 s of the 0.7 s (docs/decisions/026).
 */
async function audit(page: Page, label: string) {
  if (!(await page.evaluate(() => "axe" in window))) await page.evaluate(AXE_SOURCE);
  const options: RunOptions = { runOnly: { type: "tag", values: TAGS }, resultTypes: ["violations"] };
  const results = await page.evaluate(
    (options) =>
      (window as unknown as { axe: { run: (c: Document, o: RunOptions) => Promise<AxeResults> } }).axe.run(
        document,
        options,
      ),
    options,
  );
  const summary = results.violations.map((v) => ({
    id: v.id,
    impact: v.impact,
    help: v.help,
    targets: v.nodes.slice(0, 5).map((n) => n.target.join(" ")),
  }));
  expect(summary, `axe violations on ${label}`).toEqual([]);
}
