// The second page (issue 45): a reader on the index of an emulated slow-2g phone
// scrolls with a finger, reads for 8 s, then taps a story's link. Measured: from
// the tap to the story's title painted in the new page, JavaScript on and off,
// against a WordPress doing the same from its front page (when one is given).
//
// What is measured, the same way in every case: a probe in an isolated world of
// every document of the tab (it runs with the page's JavaScript off too, and
// shares only the DOM and sessionStorage with the page) notes the tap (the
// `touchstart` on a link: its event time and the link's text) and marks every
// `<h1>` with `elementtiming` as soon as it is in the DOM (a MutationObserver,
// which runs before the next paint). The title's paint is the Element Timing
// entry of the first `<h1>` whose text is the tapped link's: its renderTime,
// the frame's presentation time. A document navigation's new page and a client
// navigation's new route are measured alike, each time on the epoch clock
// (performance.timeOrigin + the entry's time). When no entry came (a browser
// without Element Timing), the frame after the `<h1>` was seen stands in, and
// the run says so.
import type { Browser, CDPSession, Page } from "@playwright/test";
import { settle, trackRequests } from "./lib/network.ts";
import { median, ratio } from "./lib/stats.ts";
import { EMULATED_CONNECTION_SCRIPT, EMULATION, emulate, PHONE_CONTEXT } from "./page-load.ts";

export const SECOND_PAGE_LIMITS = { wordpressRatio: 0.75, jsOnToOffRatio: 1 } as const;

/** How long the reader reads the index between the scroll and the tap (issue 45). */
export const READING_MS = 8_000;

const PROBE_KEY = "bench-second-page";

/** The probe (see the top of this file); it runs at the start of every document, in its own world. */
const PROBE = `(() => {
  const K = ${JSON.stringify(PROBE_KEY)};
  const norm = (s) => (s || "").replace(/\\s+/g, " ").trim();
  const read = () => JSON.parse(sessionStorage.getItem(K) || "{}");
  const write = (patch) => sessionStorage.setItem(K, JSON.stringify({ ...read(), ...patch }));
  const epoch = (t) => performance.timeOrigin + t;
  addEventListener("touchstart", (e) => {
    const a = e.target instanceof Element ? e.target.closest("a[href]") : null;
    if (a) write({ tapAt: epoch(e.timeStamp), title: norm(a.textContent), href: a.href });
  }, { capture: true, passive: true });
  const seen = new WeakSet();
  const mark = () => {
    for (const h of document.getElementsByTagName("h1")) {
      if (seen.has(h)) continue;
      seen.add(h);
      h.setAttribute("elementtiming", "bench-title");
      requestAnimationFrame(() => {
        const s = read();
        if (s.tapAt && !s.frameAt && norm(h.textContent) === s.title) write({ frameAt: epoch(performance.now()) });
      });
    }
  };
  new MutationObserver(mark).observe(document, { childList: true, subtree: true });
  new PerformanceObserver((list) => {
    for (const e of list.getEntries()) {
      const s = read();
      if (!s.tapAt || s.paintedAt || norm(e.element && e.element.textContent) !== s.title) continue;
      const at = epoch(e.renderTime || e.loadTime);
      if (at < s.tapAt) continue;
      write({ paintedAt: at, navigation: performance.timeOrigin > s.tapAt ? "document" : "client" });
    }
  }).observe({ type: "element", buffered: true });
})();`;

type ProbeState = {
  tapAt?: number;
  title?: string;
  href?: string;
  paintedAt?: number;
  frameAt?: number;
  navigation?: "document" | "client";
};

export type SecondPageRun = {
  /** From the tap to the title's paint (ms). */
  tapToTitleMs: number;
  /** "element timing", or "frame after insertion" when no Element Timing entry came. */
  method: "element timing" | "frame after insertion";
  /** A new document, or a client-side navigation of the app. */
  navigation: "document" | "client";
  /** What was in flight or arrived on the index before the tap: JavaScript bytes and requests. */
  jsBytesBeforeTap: number;
  /** Requests started from the tap on and their bytes (headers and bodies as transferred). */
  requestsAfterTap: number;
  bytesAfterTap: number;
  /** What the tap fetched: "Document /story/x", "Fetch /story/x.data", ... */
  fetchedAfterTap: string[];
};

export type SecondPageSide = { tapToTitleMs: number; runs: SecondPageRun[] };

export type SecondPageCase = {
  js: "on" | "off";
  product: SecondPageSide;
  wordpress: SecondPageSide | null;
  /** product ÷ WordPress (NaN without one). */
  wordpressRatio: number;
};

export type SecondPageResult = {
  runsPerCase: number;
  readingMs: number;
  /** The story tapped, by its slug. */
  story: string;
  wordpress: string | null;
  cases: SecondPageCase[];
  /** Product JS on ÷ product JS off. */
  jsOnToOffRatio: number;
  /** Product, JS on, the tap once the app runs: a client-side navigation (no target; WordPress has no such case). */
  hydrated: SecondPageSide;
};

/**
 * The same reader, but the app runs before the swipe: a tap on the page's heading starts it on a
 * slow link (docs/decisions/028), and the cookie banner, a modal once the app runs, is declined.
 */
async function startTheApp(page: Page) {
  await page.getByRole("heading", { level: 1 }).first().tap();
  await page.locator("html[data-hydrated]").waitFor({ state: "attached", timeout: 180_000 });
  const banner = page.getByRole("dialog", { name: "We use cookies" });
  if (await banner.isVisible()) {
    await banner.getByRole("button", { name: /decline/i }).tap();
    await banner.waitFor({ state: "hidden", timeout: 60_000 });
  }
}

/** The first link of `selector` with text (WordPress links the featured image to the post too). */
const titleLink = (page: Page, selector: string) => page.locator(selector).filter({ hasText: /\S/ }).first();

/** Swipes up with one finger until `link` is in the upper half of the viewport (a reader's scroll: touch events and all). */
async function scrollTo(page: Page, cdp: CDPSession, selector: string) {
  const link = titleLink(page, selector);
  const { height, width } = EMULATION.viewport;
  for (let i = 0; i < 10; i++) {
    const top = await link.evaluate((a) => a.getBoundingClientRect().top);
    if (top > 60 && top < height / 2) return;
    const distance = Math.max(-height * 0.7, Math.min(height * 0.7, top - height / 3));
    // A finger's swipe: down at three quarters of the height, up by `distance` in steps, lifted.
    const x = Math.round(width / 2);
    const from = Math.round(height * 0.75);
    await cdp.send("Input.dispatchTouchEvent", { type: "touchStart", touchPoints: [{ x, y: from }] });
    for (let step = 1; step <= 10; step++) {
      await cdp.send("Input.dispatchTouchEvent", {
        type: "touchMove",
        touchPoints: [{ x, y: Math.round(from - (distance * step) / 10) }],
      });
      await new Promise((resolve) => setTimeout(resolve, 16));
    }
    await cdp.send("Input.dispatchTouchEvent", { type: "touchEnd", touchPoints: [] });
    await new Promise((resolve) => setTimeout(resolve, 300));
  }
  throw new Error(`could not scroll ${selector} into view`);
}

/** One reader: the index cold, a scroll, 8 s of reading, a tap on the story's link, until its title is painted. */
export async function secondPageOnce(
  browser: Browser,
  options: {
    indexUrl: string;
    linkSelector: string;
    javaScriptEnabled: boolean;
    /** Before the swipe (e.g. a tap that starts the app, for the tap after hydration). */
    first?: (page: Page) => Promise<void>;
  },
): Promise<SecondPageRun> {
  const context = await browser.newContext({ ...PHONE_CONTEXT, javaScriptEnabled: options.javaScriptEnabled });
  try {
    if (options.javaScriptEnabled) await context.addInitScript(EMULATED_CONNECTION_SCRIPT);
    const page = await context.newPage();
    const cdp = await context.newCDPSession(page);
    const { requests, quietFor } = trackRequests(cdp);
    await cdp.send("Network.enable");
    await cdp.send("Network.clearBrowserCache");
    await cdp.send("Page.enable");
    await cdp.send("Page.addScriptToEvaluateOnNewDocument", { source: PROBE, worldName: "bench-second-page" });
    await emulate(cdp);

    await page.goto(options.indexUrl, { waitUntil: "load", timeout: 120_000 });
    await settle(quietFor, 1_500, 60_000);
    if (options.first) {
      await options.first(page);
      await settle(quietFor, 1_500, 120_000);
    }
    await scrollTo(page, cdp, options.linkSelector);
    await new Promise((resolve) => setTimeout(resolve, READING_MS));

    const before = new Set(requests.keys());
    const jsBytesBeforeTap = [...requests.values()]
      .filter((r) => r.type === "Script")
      .reduce((sum, r) => sum + r.headerBytes + (r.done ? r.encodedBodyBytes : r.lateEncoded), 0);
    await titleLink(page, options.linkSelector).tap({ timeout: 30_000 });

    let state: ProbeState = {};
    const deadline = Date.now() + 120_000;
    while (!state.paintedAt && Date.now() < deadline) {
      await new Promise((resolve) => setTimeout(resolve, 100));
      state = await page
        .evaluate((key) => JSON.parse(sessionStorage.getItem(key) ?? "{}") as ProbeState, PROBE_KEY)
        .catch(() => state); // the page between two documents
      // Without Element Timing the frame after the title's insertion stands in, once a second has passed.
      if (!state.paintedAt && state.frameAt && Date.now() - state.frameAt > 1_000) break;
    }
    if (!state.tapAt) throw new Error(`the tap on ${options.linkSelector} was not seen`);
    const at = state.paintedAt ?? state.frameAt;
    if (!at) throw new Error(`the title "${state.title}" was not painted after the tap on ${options.indexUrl}`);
    const after = [...requests.entries()].filter(([id]) => !before.has(id)).map(([, r]) => r);
    return {
      tapToTitleMs: at - state.tapAt,
      method: state.paintedAt ? "element timing" : "frame after insertion",
      navigation: state.navigation ?? (page.url() === options.indexUrl ? "client" : "document"),
      jsBytesBeforeTap,
      requestsAfterTap: after.length,
      bytesAfterTap: after.reduce((sum, r) => sum + r.headerBytes + (r.done ? r.encodedBodyBytes : r.lateEncoded), 0),
      fetchedAfterTap: after.map((r) => `${r.type} ${new URL(r.url).pathname}`),
    };
  } finally {
    await context.close();
  }
}

function side(runs: SecondPageRun[]): SecondPageSide {
  return { tapToTitleMs: median(runs.map((r) => r.tapToTitleMs)), runs };
}

/** The story the reader taps: the third of the index's story links (below the first screen on a phone). */
export async function storyToTap(productOrigin: string): Promise<string> {
  const html = await (await fetch(`${productOrigin}/`)).text();
  const slugs = [...new Set([...html.matchAll(/href="\/story\/([^"/?#]+)"/g)].map((m) => m[1] as string))];
  const slug = slugs[2] ?? slugs.at(-1);
  if (!slug) throw new Error("the index links no story");
  return slug;
}

export async function measureSecondPage(options: {
  browser: Browser;
  productOrigin: string;
  /** The WordPress whose front page lists the same story, or null: then JS on is set against JS off only. */
  wordpressOrigin: string | null;
  /** The story's slug: `/story/{slug}` here, `/{slug}/` on the WordPress. */
  slug: string;
  runs: number;
  log: (line: string) => void;
}): Promise<SecondPageResult> {
  const sides = [
    ["product", `${options.productOrigin}/`, `main a[href="/story/${options.slug}"]`],
    ...(options.wordpressOrigin
      ? [["wordpress", `${options.wordpressOrigin}/`, `main a[href$="/${options.slug}/"]`] as const]
      : []),
  ] as const;
  // Each side renders the story once before the runs: the first render of a story on a fresh server
  // (the content chain's fetch, its first cut of the page's CSS) took 80-470 ms more than the next
  // ones here, and it fell on the first run of the first case, always JS on (docs/decisions/044).
  // WordPress is asked alike. Plain requests without cookies: the readers' documents are the same.
  const stories = [`${options.productOrigin}/story/${options.slug}`];
  if (options.wordpressOrigin) stories.push(`${options.wordpressOrigin}/${options.slug}/`);
  for (const url of stories) await (await fetch(url)).arrayBuffer();
  const cases: SecondPageCase[] = [];
  for (const js of ["on", "off"] as const) {
    const runs: Record<string, SecondPageRun[]> = { product: [], wordpress: [] };
    // The sides alternate run by run, so drift on the machine hits them alike.
    for (let i = 0; i < options.runs; i++) {
      for (const [name, indexUrl, linkSelector] of sides) {
        const run = await secondPageOnce(options.browser, { indexUrl, linkSelector, javaScriptEnabled: js === "on" });
        runs[name]?.push(run);
        options.log(
          `  JS ${js.padEnd(3)} ${name.padEnd(9)} run ${i + 1}: tap → title ${Math.round(run.tapToTitleMs)} ms (${run.navigation} navigation, ${run.method}); JS before the tap ${run.jsBytesBeforeTap} B; after it ${run.requestsAfterTap} requests, ${run.bytesAfterTap} B: ${run.fetchedAfterTap.join(", ")}`,
        );
      }
    }
    const product = side(runs.product ?? []);
    const wordpress = options.wordpressOrigin ? side(runs.wordpress ?? []) : null;
    cases.push({
      js,
      product,
      wordpress,
      wordpressRatio: wordpress ? ratio(product.tapToTitleMs, wordpress.tapToTitleMs) : Number.NaN,
    });
  }
  const hydrated: SecondPageRun[] = [];
  for (let i = 0; i < options.runs; i++) {
    const [, indexUrl, linkSelector] = sides[0];
    const run = await secondPageOnce(options.browser, {
      indexUrl,
      linkSelector,
      javaScriptEnabled: true,
      first: startTheApp,
    });
    hydrated.push(run);
    options.log(
      `  JS on, once the app runs, product run ${i + 1}: tap → title ${Math.round(run.tapToTitleMs)} ms (${run.navigation} navigation); after it: ${run.fetchedAfterTap.join(", ")}`,
    );
  }
  const on = cases.find((c) => c.js === "on")?.product.tapToTitleMs ?? Number.NaN;
  const off = cases.find((c) => c.js === "off")?.product.tapToTitleMs ?? Number.NaN;
  return {
    runsPerCase: options.runs,
    readingMs: READING_MS,
    story: options.slug,
    wordpress: options.wordpressOrigin,
    cases,
    jsOnToOffRatio: ratio(on, off),
    hydrated: side(hydrated),
  };
}
