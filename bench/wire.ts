// Bytes on the wire of a page on emulated slow-2g (docs/decisions/028): every request of
// a cold load with JavaScript on and off, what arrived before the page's LCP
// (the last largestContentfulPaint::Candidate of the trace) and whether the
// LCP needed it: no JavaScript, no font, no image but the LCP's own may take
// the wire before it. The browser is told it is on slow-2g (launchBrowser), so
// the page's own slow-link rules (server/script-loading.ts) are what runs.
import type { Browser } from "@playwright/test";
import { type FirstBytes, measureFirstBytes } from "./first-bytes.ts";
import { settle, startTrace, trackRequests } from "./lib/network.ts";
import { bytesBy, median } from "./lib/stats.ts";
import { emulate, PHONE_CONTEXT } from "./page-load.ts";

export type WireRequest = {
  url: string;
  /** DevTools' resource type: Document, Script, Image, Font, Stylesheet, Fetch, ... */
  type: string;
  /** Headers and body as transferred (compressed), in bytes. */
  bytes: number;
  /** Bytes of it that arrived before the LCP. */
  bytesBeforeLcp: number;
};

export type WireRun = {
  lcpMs: number;
  lcpUrl: string;
  totalBytes: number;
  requests: WireRequest[];
  /** Requests that put bytes on the wire before the LCP and are JavaScript, fonts, other images (notNeededForLcp). */
  notNeededBeforeLcp: WireRequest[];
  /** The document asked for again with this load's request headers, brotli and gzip: the bytes before its <h1> (issue 45). */
  firstBytes: FirstBytes;
};

export type WireSummary = {
  path: string;
  runs: WireRun[];
  totalBytes: number;
  jsBytes: number;
  requests: number;
  lcpMs: number;
  /** The most any run put on the wire before the LCP that the LCP did not need (bytes), and what. */
  notNeededBytes: number;
  notNeeded: string[];
  /** The run whose document had the most compressed bytes before its <h1>. */
  firstBytes: FirstBytes;
};

/**
 * Whether a request is one of those the issue forbids before the LCP: JavaScript, a font, an
 * image other than the LCP's own, or anything a script fetched. The document, its stylesheets
 * and what the browser asks for by itself (the tab's favicon, type Other) are not.
 */
export function notNeededForLcp(request: { url: string; type: string }, lcpUrl: string): boolean {
  if (request.type === "Image") return request.url !== lcpUrl;
  return ["Script", "Font", "Fetch", "XHR", "Media", "Manifest"].includes(request.type);
}

export async function loadWire(browser: Browser, url: string, javaScriptEnabled: boolean): Promise<WireRun> {
  const context = await browser.newContext({ ...PHONE_CONTEXT, javaScriptEnabled });
  try {
    const page = await context.newPage();
    // The document's request as the browser sent it (its client hints say slow-2g), to ask for it again.
    let documentHeaders: Promise<Record<string, string>> = Promise.resolve({});
    page.on("request", (request) => {
      if (request.isNavigationRequest() && request.frame() === page.mainFrame() && request.url() === url)
        documentHeaders = request.allHeaders();
    });
    const cdp = await context.newCDPSession(page);
    const { requests, quietFor } = trackRequests(cdp);
    await cdp.send("Network.enable");
    await cdp.send("Network.clearBrowserCache");
    await emulate(cdp);
    const endTrace = await startTrace(cdp);
    await page.goto(url, { waitUntil: "load", timeout: 180_000 });
    // Until the network has been quiet for 2 s: whatever the page fetches on its own counts.
    await settle(quietFor, 2_000, 90_000);
    const trace = await endTrace();

    const navigation = trace.find(
      (e) =>
        e.name === "navigationStart" && e.args?.data?.documentLoaderURL === url && e.args.data.isOutermostMainFrame,
    );
    if (!navigation) throw new Error(`no navigationStart for ${url} in the trace`);
    const navigationId = navigation.args?.data?.navigationId;
    const lcp = trace
      .filter((e) => e.name === "largestContentfulPaint::Candidate" && e.args?.data?.navigationId === navigationId)
      .sort((a, b) => a.ts - b.ts)
      .at(-1);
    const lcpAt = lcp ? lcp.ts / 1e6 : Number.POSITIVE_INFINITY;
    // The LCP image: the image request sent when Chromium says the LCP image started loading.
    const all = [...requests.values()];
    let lcpUrl = "";
    const loadStart = lcp?.args?.data?.imageLoadStart;
    if (lcp?.args?.data?.type === "image" && typeof loadStart === "number") {
      const at = navigation.ts / 1e6 + loadStart / 1000;
      const images = all.filter((r) => r.type === "Image");
      images.sort((a, b) => Math.abs(a.sentAt - at) - Math.abs(b.sentAt - at));
      lcpUrl = images[0]?.url ?? "";
    }
    const list: WireRequest[] = all.map((r) => ({
      url: r.url,
      type: r.type,
      bytes: r.headerBytes + (r.done ? r.encodedBodyBytes : r.lateEncoded),
      bytesBeforeLcp: bytesBy(lcpAt, r),
    }));
    const replayed = Object.fromEntries(
      Object.entries(await documentHeaders).filter(
        ([name]) => !/^(:|host$|connection$|accept-encoding$|cookie$)/.test(name),
      ),
    );
    return {
      firstBytes: await measureFirstBytes(url, replayed),
      lcpMs: lcp ? (lcp.ts - navigation.ts) / 1000 : Number.NaN,
      lcpUrl,
      totalBytes: list.reduce((sum, r) => sum + r.bytes, 0),
      requests: list,
      notNeededBeforeLcp: list.filter((r) => r.bytesBeforeLcp > 0 && notNeededForLcp(r, lcpUrl)),
    };
  } finally {
    await context.close();
  }
}

export function summariseWire(path: string, runs: WireRun[]): WireSummary {
  const worst = runs.reduce(
    (a, r) => {
      const bytes = r.notNeededBeforeLcp.reduce((sum, q) => sum + q.bytesBeforeLcp, 0);
      return bytes > a.bytes ? { bytes, what: r.notNeededBeforeLcp } : a;
    },
    { bytes: 0, what: [] as WireRequest[] },
  );
  return {
    path,
    runs,
    totalBytes: median(runs.map((r) => r.totalBytes)),
    jsBytes: median(runs.map((r) => r.requests.filter((q) => q.type === "Script").reduce((s, q) => s + q.bytes, 0))),
    requests: median(runs.map((r) => r.requests.length)),
    lcpMs: median(runs.map((r) => r.lcpMs)),
    notNeededBytes: worst.bytes,
    notNeeded: worst.what.map((q) => `${q.type} ${new URL(q.url).pathname} (${q.bytesBeforeLcp} B)`),
    firstBytes: runs
      .map((r) => r.firstBytes)
      .reduce((a, b) =>
        Math.max(b.sent.br.before, b.sent.gzip.before) > Math.max(a.sent.br.before, a.sent.gzip.before) ? b : a,
      ),
  };
}

export type WireResult = {
  runsPerCase: number;
  pages: { path: string; jsOn: WireSummary; jsOff: WireSummary }[];
};

/** A busy machine sometimes loses the trace's navigationStart: such a load is measured again, twice at most. */
async function loadWireRetrying(browser: Browser, url: string, javaScriptEnabled: boolean): Promise<WireRun> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await loadWire(browser, url, javaScriptEnabled);
    } catch (error) {
      if (attempt >= 3 || !/no navigationStart/.test(String(error))) throw error;
    }
  }
}

export async function measureWire(options: {
  browser: Browser;
  origin: string;
  paths: string[];
  runs: number;
  log: (line: string) => void;
}): Promise<WireResult> {
  const pages: WireResult["pages"] = [];
  for (const p of options.paths) {
    const byCase: Record<"on" | "off", WireRun[]> = { on: [], off: [] };
    for (let i = 0; i < options.runs; i++) {
      for (const js of ["on", "off"] as const) {
        const run = await loadWireRetrying(options.browser, options.origin + p, js === "on");
        byCase[js].push(run);
        options.log(
          `  ${p} JS ${js.padEnd(3)} run ${i + 1}: ${run.totalBytes} B in ${run.requests.length} requests, LCP ${Math.round(run.lcpMs)} ms${run.notNeededBeforeLcp.length ? `; before the LCP without need: ${run.notNeededBeforeLcp.map((q) => `${q.type} ${new URL(q.url).pathname}`).join(", ")}` : ""}`,
        );
      }
    }
    pages.push({ path: p, jsOn: summariseWire(p, byCase.on), jsOff: summariseWire(p, byCase.off) });
  }
  return { runsPerCase: options.runs, pages };
}
