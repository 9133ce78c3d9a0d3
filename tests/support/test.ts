import { randomUUID } from "node:crypto";
import { type Browser, type BrowserContext, test as base, expect, type Page, type TestInfo } from "@playwright/test";
import { expectAccessible } from "./a11y";
import { keepHtmlPages } from "./html-pages";
import type { Site } from "./site-server";

export { expect } from "@playwright/test";

/** A cookie choice already made (accept), as React Router's createCookie stores it. */
export async function giveConsent(context: BrowserContext, baseURL: string) {
  const preferences = {
    essential: true,
    functional: true,
    analytics: true,
    performance: true,
    marketing: true,
    lastUpdated: new Date().toISOString(),
  };
  const value = encodeURIComponent(Buffer.from(JSON.stringify(preferences)).toString("base64"));
  await context.addCookies([{ name: "hs_consent", value, url: baseURL }]);
}

/**
 * Another person's browser, as the test's page has it (its JavaScript setting, consent given), in
 * a context of its own at a client address of its own (`headers` names it: the test servers'
 * X-Test-Client by default, or a proxy's X-Forwarded-For).
 */
export async function anotherPersonPage(
  browser: Browser,
  opts: { javaScriptEnabled: boolean; baseURL: string; headers?: Record<string, string> },
): Promise<Page> {
  const context = await browser.newContext({
    javaScriptEnabled: opts.javaScriptEnabled,
    baseURL: opts.baseURL,
    extraHTTPHeaders: opts.headers ?? { "X-Test-Client": randomUUID() },
  });
  await giveConsent(context, opts.baseURL);
  return context.newPage();
}

/**
 * Marks the browser session's first visit as made (app/shell/shell-rules.ts VISITED_KEY),
 * so the LOADING splash and the loading animations (docs/decisions/025) do not play
 * over a test that is about something else. tests/e2e/shell-animations.js-only.spec.ts
 * sets `firstVisit: true` to test them.
 */
export async function skipFirstVisit(context: BrowserContext) {
  await context.addInitScript(() => {
    try {
      sessionStorage.setItem("hs-visited", "1");
    } catch {
      // An opaque origin (about:blank) has no session storage.
    }
  });
}

/**
 * Playwright's test with `checkA11y()` (axe-core on the current page,
 * JavaScript on or off), a client address of its own (the test site trusts
 * X-Test-Client, so one test's rate limits never touch another's), and the
 * cookie choice already made unless a test sets `consent: false`, and the
 * session's first visit already made unless a test sets `firstVisit: true`.
 * Every HTML page the site sends, in any context of the test, is kept for the
 * HTML checker the run ends with (tests/support/html-pages.ts).
 */
/**
 * After a document load in a browser with JavaScript, waits until the app runs in it
 * (`<html data-hydrated>`, app/root.tsx), so a test's first click or keystroke meets the app
 * rather than racing its start: the server's HTML works without it, but a test written for
 * the JavaScript path means that path. Not for other origins (the WordPress-shaped server,
 * the OpenID provider), nor where the page waits for the reader on purpose: on 2g, slow-2g
 * and Save-Data no script runs before the first interaction (docs/decisions/028).
 */
async function waitForApp(page: Page, origin: string) {
  if (new URL(page.url()).origin !== origin) return;
  // One round trip: resolves as soon as the attribute appears (a MutationObserver, no polling).
  // An error page may not start the app (a chunk that failed to load): after 15 s the test goes
  // on and says what it expects. A navigation meanwhile ends the wait with the page it left.
  await page
    .evaluate(
      (timeout) =>
        new Promise<void>((done) => {
          const c = (navigator as { connection?: { saveData?: boolean; effectiveType?: string } }).connection;
          const root = document.documentElement;
          if ((c && (c.saveData || /2g/.test(c.effectiveType ?? ""))) || root.hasAttribute("data-hydrated")) {
            return done();
          }
          const observer = new MutationObserver(() => {
            if (!root.hasAttribute("data-hydrated")) return;
            observer.disconnect();
            done();
          });
          observer.observe(root, { attributes: true, attributeFilter: ["data-hydrated"] });
          setTimeout(() => {
            observer.disconnect();
            done();
          }, timeout);
        }),
      15_000,
    )
    .catch(() => {});
}

/** Sites a spec starts for itself, by name: see `onOwnSite`. */
type OwnSites = { get<S extends Site>(name: string, start: () => Promise<S>): Promise<S> };

/**
 * A failed test's screenshots: each page of its context, before the context closes (the config's
 * `screenshot: "off"`: Playwright's "only-on-failure" took a picture of every page at the close of
 * every context, of passing tests too, and threw it away; about a twentieth of the browser tests'
 * time, docs/decisions/026).
 */
async function screenshotPages(context: BrowserContext, testInfo: TestInfo) {
  for (const [index, page] of context.pages().entries()) {
    const path = testInfo.outputPath(`test-failed-${index + 1}.png`);
    try {
      await page.screenshot({ path, timeout: 5_000 });
      testInfo.attachments.push({ name: "screenshot", path, contentType: "image/png" });
    } catch {
      // A page that cannot be drawn any more (crashed, closing): the error context still says what it showed.
    }
  }
}

export const test = base.extend<
  {
    checkA11y: () => Promise<void>;
    clientId: string;
    consent: boolean;
    firstVisit: boolean;
    keepPages: (context: BrowserContext) => void;
  },
  { ownSites: OwnSites }
>({
  ownSites: [
    // biome-ignore lint/correctness/noEmptyPattern: Playwright fixtures take an object pattern
    async ({}, use) => {
      const started = new Map<string, Promise<Site>>();
      await use({
        get<S extends Site>(name: string, start: () => Promise<S>) {
          let site = started.get(name);
          if (!site) {
            site = start();
            started.set(name, site);
          }
          return site as Promise<S>;
        },
      });
      await Promise.all([...started.values()].map(async (site) => (await site.catch(() => undefined))?.dispose()));
    },
    { scope: "worker", timeout: 120_000 },
  ],
  consent: [true, { option: true }],
  firstVisit: [false, { option: true }],
  keepPages: [
    async ({ browser }, use, testInfo) => {
      const pending = new Set<Promise<void>>();
      const watched = new WeakSet<BrowserContext>();
      const title = `[${testInfo.project.name}] ${testInfo.titlePath.slice(1).join(" › ")}`;
      const watch = (context: BrowserContext) => {
        if (watched.has(context)) return;
        watched.add(context);
        keepHtmlPages(context, () => title, pending);
      };
      browser.on("context", watch);
      await use(watch);
      browser.off("context", watch);
      await Promise.all(pending);
    },
    { auto: true },
  ],
  // biome-ignore lint/correctness/noEmptyPattern: Playwright fixtures take an object pattern
  clientId: async ({}, use) => {
    await use(randomUUID());
  },
  extraHTTPHeaders: async ({ clientId }, use) => {
    await use({ "X-Test-Client": clientId });
  },
  context: async ({ context, consent, firstVisit, baseURL, keepPages }, use, testInfo) => {
    keepPages(context);
    if (consent) await giveConsent(context, baseURL as string);
    if (!firstVisit) await skipFirstVisit(context);
    await use(context);
    if (testInfo.status !== testInfo.expectedStatus) await screenshotPages(context, testInfo);
  },
  page: async ({ page, javaScriptEnabled, baseURL }, use) => {
    if (javaScriptEnabled !== false && baseURL) {
      const origin = new URL(baseURL).origin;
      const goto = page.goto.bind(page);
      const reload = page.reload.bind(page);
      page.goto = async (url, options) => {
        const response = await goto(url, options);
        if (options?.waitUntil !== "commit" && /text\/html/.test(response?.headers()["content-type"] ?? ""))
          await waitForApp(page, origin);
        return response;
      };
      page.reload = async (options) => {
        const response = await reload(options);
        if (/text\/html/.test(response?.headers()["content-type"] ?? "")) await waitForApp(page, origin);
        return response;
      };
    }
    await use(page);
  },
  checkA11y: async ({ page, javaScriptEnabled, browser }, use) => {
    await use(() => expectAccessible(page, { jsEnabled: javaScriptEnabled ?? true, browser }));
  },
});

/**
 * The test of a spec that needs a site of its own (a global setting it changes, a content source
 * it controls): `site`, and `baseURL` pointing at it. The site is started when the worker's first
 * test asks for it and kept for the worker's life, like a worker fixture, but it is a test fixture
 * of one worker-wide registry (`ownSites`): every spec file then has the same worker fixtures, so
 * Playwright keeps its workers from one file to the next. A worker fixture of each spec's own made
 * each of them a new worker, with a new browser, about ten times per project (docs/decisions/026).
 */
export function onOwnSite<S extends Site>(name: string, start: () => Promise<S>) {
  return test.extend<{ site: S }>({
    site: [async ({ ownSites }, use) => use(await ownSites.get(name, start)), { timeout: 90_000 }],
    baseURL: async ({ site }, use) => {
      await use(site.url);
    },
  });
}

/** The display modes every settings page must pass axe in (docs/decisions/011). */
export const DISPLAY_MODES = ["light", "dark", "high contrast"] as const;

/** Saves a display mode through the settings forms, as a reader would (light is the default). */
export async function chooseDisplayMode(page: Page, mode: (typeof DISPLAY_MODES)[number]) {
  if (mode === "dark") {
    await page.goto("/settings/quick-settings");
    await page.getByRole("radio", { name: "Dark" }).check();
    await page.getByRole("button", { name: "Save", exact: true }).click();
    await expect(page.locator("html")).toHaveAttribute("data-theme", "dark");
  }
  if (mode === "high contrast") {
    await page.goto("/settings/accessibility");
    await page.getByLabel("High contrast").check();
    await page.getByRole("button", { name: "Save reading preferences" }).click();
    await expect(page.locator("html")).toHaveAttribute("data-contrast", "high");
  }
}
