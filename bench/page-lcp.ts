// The page's Largest Contentful Paint (docs/decisions/027, 028), whatever its element
// (the LAST largestContentfulPaint::Candidate of the trace), on a story page
// with a featured image, the home page and /stories; JavaScript on and off;
// cold loads on the same emulated slow-2g phone as part 1. Each page is set
// against the same HTML and images served as static files (always), and
// against the same page of a real WordPress when one is given.
import type { Browser } from "@playwright/test";
import { median, ratio } from "./lib/stats.ts";
import { type LoadRun, launchBrowser, loadOnce } from "./page-load.ts";

/** Issue 17's limits for every page; the story page has issue 45's tighter ones (0.35x WordPress, 1.1x its static copy). */
export const LCP_LIMITS = { staticRatio: 1.3, wordpressRatio: 0.5 } as const;
export const STORY_LCP_LIMITS = { staticRatio: 1.1, wordpressRatio: 0.35 } as const;

/** The limits a page's LCP is held to. */
export const lcpLimits = (page: { name: string }) => (page.name === "story" ? STORY_LCP_LIMITS : LCP_LIMITS);

export type LcpPage = {
  name: string;
  path: string;
  /** The same content on the WordPress: its permalink, or its posts index for our lists. */
  wordpressPath: string;
};

export type LcpSide = {
  pageLcpMs: number;
  fcpMs: number;
  totalBytes: number;
  requests: number;
  elements: string[];
  runs: Pick<LoadRun, "pageLcpMs" | "pageLcpElement" | "fcpMs" | "totalBytes" | "requests">[];
};

export type LcpCase = {
  page: LcpPage;
  js: "on" | "off";
  product: LcpSide;
  static: LcpSide;
  wordpress: LcpSide | null;
  staticRatio: number;
  wordpressRatio: number;
};

export type PageLcpResult = {
  runsPerCase: number;
  wordpress: string | null;
  /** The content source the product read for these pages. */
  source: string;
  cases: LcpCase[];
  /** The story page with Save-Data: on (how the slow-connection choice of docs/decisions/027 was measured). */
  saveData?: { product: LcpSide };
};

/** One load, tried again once when the trace came back without its navigation (it happens on a loaded machine). */
async function loadWithRetry(...args: Parameters<typeof loadOnce>): Promise<LoadRun> {
  try {
    return await loadOnce(...args);
  } catch (error) {
    if (!String(error).includes("no navigationStart")) throw error;
    return loadOnce(...args);
  }
}

function side(runs: LoadRun[]): LcpSide {
  return {
    pageLcpMs: median(runs.map((r) => r.pageLcpMs)),
    fcpMs: median(runs.map((r) => r.fcpMs)),
    totalBytes: median(runs.map((r) => r.totalBytes)),
    requests: median(runs.map((r) => r.requests)),
    elements: [...new Set(runs.map((r) => r.pageLcpElement))],
    runs: runs.map(({ pageLcpMs, pageLcpElement, fcpMs, totalBytes, requests }) => ({
      pageLcpMs,
      pageLcpElement,
      fcpMs,
      totalBytes,
      requests,
    })),
  };
}

export async function measurePageLcp(options: {
  productOrigin: string;
  staticOrigin: string;
  /** Also load the story page with Save-Data: on. */
  saveData?: boolean;
  wordpressOrigin: string | null;
  source: string;
  pages: LcpPage[];
  runs: number;
  log: (line: string) => void;
}): Promise<PageLcpResult> {
  const browser: Browser = await launchBrowser();
  try {
    const cases: LcpCase[] = [];
    const sides = [
      ["product", options.productOrigin],
      ["static", options.staticOrigin],
      ...(options.wordpressOrigin ? [["wordpress", options.wordpressOrigin] as const] : []),
    ] as const;
    for (const page of options.pages) {
      for (const js of ["on", "off"] as const) {
        const runs: Record<string, LoadRun[]> = { product: [], static: [], wordpress: [] };
        // The sides alternate run by run, so drift on the machine hits them alike.
        for (let i = 0; i < options.runs; i++) {
          for (const [name, origin] of sides) {
            const path = name === "wordpress" ? page.wordpressPath : page.path;
            const run = await loadWithRetry(browser, origin + path, js === "on");
            runs[name]?.push(run);
            options.log(
              `  ${page.name} JS ${js.padEnd(3)} ${name.padEnd(9)} run ${i + 1}: page LCP ${Math.round(run.pageLcpMs)} ms (${run.pageLcpElement}), FCP ${Math.round(run.fcpMs)} ms, ${run.totalBytes} B in ${run.requests} requests`,
            );
          }
        }
        const product = side(runs.product ?? []);
        const copy = side(runs.static ?? []);
        const wordpress = options.wordpressOrigin ? side(runs.wordpress ?? []) : null;
        cases.push({
          page,
          js,
          product,
          static: copy,
          wordpress,
          staticRatio: ratio(product.pageLcpMs, copy.pageLcpMs),
          wordpressRatio: wordpress ? ratio(product.pageLcpMs, wordpress.pageLcpMs) : Number.NaN,
        });
      }
    }
    let saveData: PageLcpResult["saveData"];
    const story = options.pages[0];
    if (story && options.saveData) {
      // The same story page as a phone with Save-Data (Chrome's Lite mode) asks for it: the
      // server holds the hero image back behind "Show image" (docs/decisions/027).
      const runs: LoadRun[] = [];
      for (let i = 0; i < options.runs; i++) {
        const run = await loadWithRetry(browser, options.productOrigin + story.path, false, { "Save-Data": "on" });
        runs.push(run);
        options.log(
          `  ${story.name} Save-Data JS off product   run ${i + 1}: page LCP ${Math.round(run.pageLcpMs)} ms (${run.pageLcpElement}), ${run.totalBytes} B in ${run.requests} requests`,
        );
      }
      saveData = { product: side(runs) };
    }
    return {
      runsPerCase: options.runs,
      wordpress: options.wordpressOrigin,
      source: options.source,
      cases,
      ...(saveData ? { saveData } : {}),
    };
  } finally {
    await browser.close();
  }
}
