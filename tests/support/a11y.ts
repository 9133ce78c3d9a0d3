import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import { type Browser, type BrowserContext, expect, type Page } from "@playwright/test";
import type { AxeResults, RunOptions } from "axe-core";

const TAGS = ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa"];
const AXE_SOURCE = readFileSync(createRequire(import.meta.url).resolve("axe-core/axe.min.js"), "utf8");

type AuditOptions = { jsEnabled: boolean; browser: Browser };

/**
 * Zero WCAG 2.1 A/AA violations on the page as it is now, JavaScript on or off.
 *
 * axe-core runs in a twin page of the same origin (one per worker's browser, kept for its life),
 * into which the page's DOM is copied as it is now: the form values and choices the test made,
 * the open popovers and modal dialogs, at the page's viewport and media features. A
 * JavaScript-off page cannot run axe itself; a JavaScript page could, but each test's page is
 * new, so axe's 580 KB were sent, compiled and started, and its first run made cold, for every
 * audit: about half the audit's time, which the warm twin spends once (docs/decisions/026).
 * Scripts never run in the twin: what the page's scripts did is in the DOM it copies, and a
 * reader without JavaScript sees no more than that.
 */
export async function expectAccessible(page: Page, { jsEnabled, browser }: AuditOptions) {
  const snapshot = await page.evaluate(snapshotOf);
  const twin = await twinOf(browser, new URL(snapshot.url).origin);
  const cookies = await page.context().cookies();
  const cookiesKey = JSON.stringify(cookies);
  if (cookiesKey !== twin.cookies) {
    await twin.context.clearCookies();
    await twin.context.addCookies(cookies);
    twin.cookies = cookiesKey;
  }
  const viewport = page.viewportSize() ?? { width: 1280, height: 720 };
  const mediaKey = JSON.stringify({ ...snapshot.media, viewport });
  if (mediaKey !== twin.media) {
    await twin.page.setViewportSize(viewport);
    await twin.page.emulateMedia(snapshot.media);
    twin.media = mediaKey;
  }
  await twin.page.evaluate(showInTwin, snapshot);
  if (!twin.axe) {
    await twin.page.evaluate(AXE_SOURCE);
    twin.axe = true;
  }
  await audit(twin.page, `${snapshot.url}${jsEnabled ? "" : " (JavaScript off)"}`);
}

type Snapshot = {
  html: string;
  url: string;
  media: {
    colorScheme: "light" | "dark";
    reducedMotion: "reduce" | "no-preference";
    forcedColors: "active" | "none";
    contrast: "more" | "no-preference";
  };
};

/**
 * In the page: its document as it is now. Serialised HTML has the attributes only, so what lives
 * in properties (a typed value, a ticked box, a chosen option) and in the top layer (an open
 * popover, a modal dialog) is written onto the copy, marked for showInTwin.
 */
export function snapshotOf(): Snapshot {
  const STATEFUL = "input, textarea, option, dialog, [popover]";
  const copy = document.documentElement.cloneNode(true) as HTMLElement;
  const copies = copy.querySelectorAll(STATEFUL);
  document.querySelectorAll(STATEFUL).forEach((live, i) => {
    const twin = copies[i] as Element;
    if (live instanceof HTMLInputElement) {
      if (live.type === "checkbox" || live.type === "radio") twin.toggleAttribute("checked", live.checked);
      else if (live.type !== "file") twin.setAttribute("value", live.value);
    } else if (live instanceof HTMLTextAreaElement) twin.textContent = live.value;
    else if (live instanceof HTMLOptionElement) twin.toggleAttribute("selected", live.selected);
    if (live.matches(":modal")) twin.setAttribute("data-twin-modal", "");
    else if (live.matches(":popover-open")) twin.setAttribute("data-twin-popover", "");
  });
  const doctype = document.doctype ? `<!DOCTYPE ${document.doctype.name}>` : "";
  const is = (query: string) => matchMedia(query).matches;
  return {
    html: doctype + copy.outerHTML,
    url: location.href,
    media: {
      colorScheme: is("(prefers-color-scheme: dark)") ? "dark" : "light",
      reducedMotion: is("(prefers-reduced-motion: reduce)") ? "reduce" : "no-preference",
      forcedColors: is("(forced-colors: active)") ? "active" : "none",
      contrast: is("(prefers-contrast: more)") ? "more" : "no-preference",
    },
  };
}

/**
 * In the twin: the page's DOM in place of the one before, at the page's URL. Parsed by a
 * DOMParser, its scripts never run (the twin's CSP refuses inline handlers too), as in the
 * JavaScript-off browser; its stylesheets and fonts load (from the twin's cache, mostly) before
 * the audit. The page's modal dialogs and open popovers go back into the top layer, and its
 * animations are finished.
 */
async function showInTwin({ html, url }: Snapshot) {
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
  for (const dialog of document.querySelectorAll<HTMLDialogElement>("dialog[data-twin-modal]")) {
    dialog.removeAttribute("data-twin-modal");
    dialog.close();
    dialog.showModal();
  }
  for (const element of document.querySelectorAll<HTMLElement>("[data-twin-popover]")) {
    element.removeAttribute("data-twin-popover");
    element.showPopover();
  }
  // CSS animations and transitions start again in the copy (a tooltip's fade-in): the audit is of
  // where they end, as a reader sees the page once it settles, not of whichever frame axe met.
  for (const animation of document.getAnimations()) {
    try {
      animation.finish();
    } catch {
      // An endless animation has no end: it is audited where it is.
    }
  }
  scrollTo(0, 0);
  // A fragment: the same-document navigation the page had (:target, and scrolled to it).
  if (target.hash) location.hash = target.hash;
}

/**
 * The twin, with the cookies and media it was last given (as JSON), each set again only when it
 * changes, and whether its document has axe (a new origin is a new document).
 */
type Twin = { context: BrowserContext; page: Page; origin: string; cookies: string; media: string; axe: boolean };

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
      return { context, page: await context.newPage(), origin: "", cookies: "", media: "", axe: false };
    })();
    twins.set(browser, twin);
  }
  const current = await twin;
  if (current.origin !== origin) {
    await current.page.goto(`${origin}${TWIN_PATH}`);
    current.origin = origin;
    current.axe = false;
  }
  return current;
}

/**
 * axe-core's own `axe.run` in the twin. @axe-core/playwright's AxeBuilder finishes every run in
 * a new blank page (for cross-origin frames, which this site has none of): that page cost more
 * than the audit itself, about 0.3 s of the 0.7 s (docs/decisions/026).
 */
async function audit(page: Page, label: string) {
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
