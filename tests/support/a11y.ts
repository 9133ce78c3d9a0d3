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
  // <details> and all), put into a page of the same origin where axe runs and
  // nothing of the page's own does, as for a reader without JavaScript.
  const url = page.url();
  const html = await page.content();
  const openPopovers = page.locator(":popover-open");
  const popoverIds: string[] = [];
  for (let i = 0; i < (await openPopovers.count()); i++) {
    const id = await openPopovers.nth(i).getAttribute("id");
    if (id) popoverIds.push(id);
  }
  const twin = await twinOf(browser, new URL(url).origin);
  await twin.context.clearCookies();
  await twin.context.addCookies(await page.context().cookies());
  await twin.page.setViewportSize(page.viewportSize() ?? { width: 1280, height: 720 });
  await twin.page.emulateMedia({ colorScheme: colorScheme ?? "light" });
  await twin.page.evaluate(showInTwin, { html, url, popoverIds });
  await audit(twin.page, `${url} (JavaScript off)`);
}

/**
 * In the twin: the page's DOM in place of the one before, at the page's URL. Parsed by a
 * DOMParser, its scripts never run (the twin's CSP refuses inline handlers too), as in the
 * JavaScript-off browser; its stylesheets and fonts load (from the twin's cache, mostly) before
 * the audit.
 */
async function showInTwin({ html, url, popoverIds }: { html: string; url: string; popoverIds: string[] }) {
  const parsed = new DOMParser().parseFromString(html, "text/html");
  const target = new URL(url);
  history.replaceState(null, "", target.pathname + target.search);
  document.replaceChild(document.adoptNode(parsed.documentElement), document.documentElement);
  const sheets = [...document.querySelectorAll<HTMLLinkElement>('link[rel~="stylesheet"]')].filter((l) => !l.sheet);
  await Promise.all(
    sheets.map(
      (link) =>
        new Promise((done) => {
          link.addEventListener("load", done, { once: true });
          link.addEventListener("error", done, { once: true });
        }),
    ),
  );
  await document.fonts.ready;
  for (const id of popoverIds) document.getElementById(id)?.showPopover();
  scrollTo(0, 0);
  // A fragment: the same-document navigation the page had (:target, and scrolled to it).
  if (target.hash) location.hash = target.hash;
}

type Twin = { context: BrowserContext; page: Page; origin: string };

/** The twin's own document, fulfilled by the route below: empty, and no script of its own may run. */
const TWIN_PATH = "/__accessibility-twin__";

/**
 * One twin page per worker's browser, kept for the worker's life, with axe loaded once per
 * origin: a context and a renderer for each audit cost a quarter of a second, and a document
 * for each (navigating, then loading axe again and warming it up) most of what was left
 * (docs/decisions/026).
 */
const twins = new WeakMap<Browser, Promise<Twin>>();
async function twinOf(browser: Browser, origin: string) {
  let twin = twins.get(browser);
  if (!twin) {
    twin = (async () => {
      const context = await browser.newContext({ javaScriptEnabled: true });
      await context.route(`**${TWIN_PATH}`, (route) =>
        route.fulfill({
          status: 200,
          contentType: "text/html; charset=utf-8",
          // In a <meta>, not a header: the pages kept for the HTML checker are the ones with the site's header.
          body: `<!doctype html><html lang="en"><head><meta http-equiv="Content-Security-Policy" content="script-src 'none'"><title>Twin</title></head><body></body></html>`,
        }),
      );
      return { context, page: await context.newPage(), origin: "" };
    })();
    twins.set(browser, twin);
  }
  const current = await twin;
  if (current.origin !== origin) {
    await current.page.goto(`${origin}${TWIN_PATH}`);
    current.origin = origin;
  }
  return current;
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
