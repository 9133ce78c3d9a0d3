// Part 1: a story page on an emulated slow-2g phone, cold cache, JavaScript on
// and off, against the same HTML served by the bare reference server.
// Timings come from the DevTools protocol's trace (navigationStart → paint),
// which includes the emulated latency; Navigation Timing does not.
import { gzipSync } from "node:zlib";
import { type Browser, type CDPSession, chromium } from "@playwright/test";
import { CHROMIUM_ARGS, FULL_CHROMIUM_EXECUTABLE } from "../tests/support/chromium.ts";
import { type NetRequest, settle, startTrace, type TraceEvent, trackRequests } from "./lib/network.ts";
import { bytesBy, median } from "./lib/stats.ts";

export const EMULATION = {
  /** Chrome's throttle: added once per request, before the response headers. */
  latencyMs: 2_000,
  downloadBytesPerSecond: 6_250,
  uploadBytesPerSecond: 6_250,
  /**
   * The RTT navigator.connection reports. Chrome calls an RTT of 2,010 ms or more
   * slow-2g and 2,000 ms "2g", so the page is told 2,010 ms while the network
   * itself is throttled at 2,000 ms.
   */
  navigatorRttMs: 2_010,
  cpuSlowdown: 6,
  viewport: { width: 412, height: 823 },
  deviceScaleFactor: 1.75,
  userAgent:
    "Mozilla/5.0 (Linux; Android 11; moto g power (2022)) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/156.0.0.0 Mobile Safari/537.36",
} as const;

/** The emulated phone as a browser context: screen, touch, user agent (every slow-2g part loads in one). */
export const PHONE_CONTEXT = {
  viewport: EMULATION.viewport,
  deviceScaleFactor: EMULATION.deviceScaleFactor,
  isMobile: true,
  hasTouch: true,
  userAgent: EMULATION.userAgent,
} as const;

/** Where the story text is on the page (app/routes/story.tsx). */
const STORY_TEXT_CLASS = "prose-story";

/**
 * Chromium no longer derives navigator.connection from the DevTools throttling (it said
 * "4g" under it), so its network quality estimator is told: pages see slow-2g, and their
 * slow-link rules (server/script-loading.ts) are what the bench measures.
 */
export const SLOW_2G_ARGS = ["--force-effective-connection-type=Slow-2G"];

export function launchBrowser(): Promise<Browser> {
  return chromium.launch({ executablePath: FULL_CHROMIUM_EXECUTABLE, args: [...CHROMIUM_ARGS, ...SLOW_2G_ARGS] });
}

export type LoadRun = {
  fcpMs: number;
  /** The largest text paint, when it is the story text (NaN when the largest text is something else). */
  storyLcpMs: number;
  largestTextElement: string;
  storyTextIsLargestText: boolean;
  /** The page's LCP, whatever element it is. */
  pageLcpMs: number;
  pageLcpElement: string;
  bytesBeforeLcp: number;
  totalBytes: number;
  requests: number;
  documentBytes: number;
  renderBlocking: { url: string; type: string }[];
  effectiveType: string | null;
};

type DomNode = {
  backendNodeId: number;
  nodeName: string;
  nodeValue?: string;
  attributes?: string[];
  children?: DomNode[];
};

/** The element a backend node id names, as "p in div.prose-story", and whether it is in the story text. */
function describeNode(document: DomNode, backendNodeId: unknown): { text: string; inStory: boolean } {
  const path: DomNode[] = [];
  const find = (node: DomNode): boolean => {
    path.push(node);
    if (node.backendNodeId === backendNodeId) return true;
    for (const child of node.children ?? []) if (find(child)) return true;
    path.pop();
    return false;
  };
  if (typeof backendNodeId !== "number" || !find(document))
    return { text: "(element not in the final DOM)", inStory: false };
  const label = (node: DomNode) => {
    const attrs = node.attributes ?? [];
    const cls = attrs[attrs.indexOf("class") + 1];
    const first = attrs.includes("class") && cls ? `.${cls.split(/\s+/)[0]}` : "";
    return `${node.nodeName.toLowerCase()}${first}`;
  };
  const node = path[path.length - 1] as DomNode;
  const story = path.find((n) => {
    const attrs = n.attributes ?? [];
    const i = attrs.indexOf("class");
    return i >= 0 && (attrs[i + 1] ?? "").split(/\s+/).includes(STORY_TEXT_CLASS);
  });
  const text = story && story !== node ? `${label(node)} in div.${STORY_TEXT_CLASS}` : label(node);
  return { text, inStory: Boolean(story) };
}

/** The emulated phone's link and CPU (bench/wire.ts loads under the same). */
export async function emulate(cdp: CDPSession) {
  const conditions = {
    latency: EMULATION.latencyMs,
    downloadThroughput: EMULATION.downloadBytesPerSecond,
    uploadThroughput: EMULATION.uploadBytesPerSecond,
    connectionType: "cellular2g" as const,
  };
  await cdp.send("Network.emulateNetworkConditionsByRule", {
    matchedNetworkConditions: [{ urlPattern: "", ...conditions }],
  });
  await cdp.send("Network.overrideNetworkState", { offline: false, ...conditions, latency: EMULATION.navigatorRttMs });
  await cdp.send("Emulation.setCPUThrottlingRate", { rate: EMULATION.cpuSlowdown });
}

/**
 * navigator.connection as the emulated phone reports it. Chromium 150 no longer
 * passes Network.overrideNetworkState on to navigator.connection (measured: it
 * says 4g, rtt 100 under the emulation), while a real phone on this link says
 * slow-2g; the page's choices that read it (hydration timing, the hero image of
 * docs/decisions/027) must see what the phone would. Left alone when the
 * browser already reports it.
 */
export const EMULATED_CONNECTION_SCRIPT = `(() => {
  const real = navigator.connection;
  if (real && real.effectiveType === "slow-2g") return;
  const connection = Object.assign(new EventTarget(), {
    effectiveType: "slow-2g", rtt: ${EMULATION.navigatorRttMs}, downlink: 0.05, saveData: false, type: "cellular", onchange: null,
  });
  Object.defineProperty(Navigator.prototype, "connection", { get: () => connection, configurable: true });
})();`;

/** One cold load of `url` in a fresh browser context under the emulation. */
export async function loadOnce(
  browser: Browser,
  url: string,
  javaScriptEnabled: boolean,
  /** Request headers the emulated phone adds (e.g. Save-Data: on, as Chrome's Lite mode sends it). */
  extraHTTPHeaders?: Record<string, string>,
): Promise<LoadRun> {
  const context = await browser.newContext({
    ...(extraHTTPHeaders ? { extraHTTPHeaders } : {}),
    ...PHONE_CONTEXT,
    javaScriptEnabled,
  });
  try {
    if (javaScriptEnabled) await context.addInitScript(EMULATED_CONNECTION_SCRIPT);
    const page = await context.newPage();
    const cdp = await context.newCDPSession(page);
    const { requests, quietFor } = trackRequests(cdp);
    await cdp.send("Network.enable");
    await cdp.send("Network.clearBrowserCache");
    await emulate(cdp);

    const endTrace = await startTrace(cdp);

    await page.goto(url, { waitUntil: "load", timeout: 120_000 });
    // Then until the network has been quiet for 1.5 s (lazy route discovery and the like), at most 60 s.
    await settle(quietFor, 1_500, 60_000);
    const effectiveType = javaScriptEnabled
      ? await page.evaluate(
          () =>
            (navigator as Navigator & { connection?: { effectiveType?: string } }).connection?.effectiveType ?? null,
        )
      : null;
    const { root } = await cdp.send("DOM.getDocument", { depth: -1 });
    const trace = await endTrace();

    const navigation = trace.find(
      (e) =>
        e.name === "navigationStart" && e.args?.data?.documentLoaderURL === url && e.args.data.isOutermostMainFrame,
    );
    if (!navigation) throw new Error(`no navigationStart for ${url} in the trace`);
    const frame = navigation.args?.frame;
    const navigationId = navigation.args?.data?.navigationId;
    const ms = (e: TraceEvent | undefined) => (e ? (e.ts - navigation.ts) / 1000 : Number.NaN);
    const ofThisNavigation = (e: TraceEvent) => e.args?.data?.navigationId === navigationId;
    const fcp = trace.find((e) => e.name === "firstContentfulPaint" && ofThisNavigation(e));
    const lcp = trace
      .filter((e) => e.name === "largestContentfulPaint::Candidate" && ofThisNavigation(e))
      .sort((a, b) => a.ts - b.ts)
      .at(-1);
    const largestText = trace
      .filter((e) => e.name === "LargestTextPaint::Candidate" && e.args?.frame === frame && e.ts >= navigation.ts)
      .sort((a, b) => a.ts - b.ts)
      .at(-1);
    const textNode = describeNode(root as DomNode, largestText?.args?.data?.DOMNodeId);
    const lcpNode = describeNode(root as DomNode, lcp?.args?.data?.nodeId);
    const storyLcpMs = textNode.inStory ? ms(largestText) : Number.NaN;
    const lcpAt = largestText ? largestText.ts / 1e6 : Number.POSITIVE_INFINITY;

    const all = [...requests.values()];
    const total = (r: NetRequest) => r.headerBytes + (r.done ? r.encodedBodyBytes : r.lateEncoded);
    return {
      fcpMs: ms(fcp),
      storyLcpMs,
      largestTextElement: textNode.text,
      storyTextIsLargestText: textNode.inStory,
      pageLcpMs: ms(lcp),
      pageLcpElement: `${lcp?.args?.data?.type ?? "?"}: ${lcpNode.text}`,
      bytesBeforeLcp: all.reduce((sum, r) => sum + bytesBy(lcpAt, r), 0),
      totalBytes: all.reduce((sum, r) => sum + total(r), 0),
      requests: all.length,
      documentBytes: all.filter((r) => r.type === "Document").reduce((sum, r) => sum + total(r), 0),
      renderBlocking: all
        .filter((r) => r.renderBlocking === "Blocking" || r.renderBlocking === "InBodyParserBlocking")
        .map((r) => ({ url: r.url, type: r.type })),
      effectiveType,
    };
  } finally {
    await context.close();
  }
}

export type LoadSummary = {
  runs: LoadRun[];
  fcpMs: number;
  storyLcpMs: number;
  pageLcpMs: number;
  bytesBeforeLcp: number;
  totalBytes: number;
  renderBlockingRequests: number;
  renderBlockingScripts: number;
  largestTextElement: string;
  pageLcpElement: string;
  storyTextIsLargestText: boolean;
  effectiveType: string | null;
  /**
   * The earliest the story text could paint under the emulation: the latency
   * plus the bytes before it at the emulated bandwidth (median over the runs).
   * A story text LCP below it would mean the emulation was not applied.
   */
  floorMs: number;
};

/** Latency plus transfer time of `bytes` under the emulation, in ms. */
export function emulationFloorMs(bytes: number): number {
  return EMULATION.latencyMs + (bytes / EMULATION.downloadBytesPerSecond) * 1000;
}

export function summarise(runs: LoadRun[]): LoadSummary {
  const med = (pick: (r: LoadRun) => number) => median(runs.map(pick));
  const first = runs[0];
  return {
    runs,
    fcpMs: med((r) => r.fcpMs),
    storyLcpMs: med((r) => r.storyLcpMs),
    pageLcpMs: med((r) => r.pageLcpMs),
    bytesBeforeLcp: med((r) => r.bytesBeforeLcp),
    totalBytes: med((r) => r.totalBytes),
    renderBlockingRequests: Math.max(...runs.map((r) => r.renderBlocking.length)),
    renderBlockingScripts: Math.max(...runs.map((r) => r.renderBlocking.filter((b) => b.type === "Script").length)),
    largestTextElement: first?.largestTextElement ?? "",
    pageLcpElement: first?.pageLcpElement ?? "",
    storyTextIsLargestText: runs.every((r) => r.storyTextIsLargestText),
    effectiveType: first?.effectiveType ?? null,
    floorMs: med((r) => emulationFloorMs(r.bytesBeforeLcp)),
  };
}

// ---------------------------------------------------------------------------
// The byte budget of docs/decisions/003, from the saved HTML (as tests/http/budget.spec.ts counts it).

const tagsIn = (html: string, tag: string) => html.match(new RegExp(`<${tag}\\b[^>]*>`, "gi")) ?? [];
const attr = (tagHtml: string, name: string) => tagHtml.match(new RegExp(`\\s${name}(?:="([^"]*)")?`, "i"));

export type Budget = {
  htmlGzipBytes: number;
  blockingCssGzipBytes: number;
  totalGzipBytes: number;
  blockingStylesheets: string[];
  blockingScripts: string[];
};

export async function budgetOf(html: string, origin: string): Promise<Budget> {
  const head = html.slice(0, html.indexOf("</head>"));
  const blockingStylesheets = tagsIn(head, "link")
    .filter((link) => attr(link, "rel")?.[1] === "stylesheet" && attr(link, "media")?.[1] !== "print")
    .map((link) => attr(link, "href")?.[1] ?? "");
  let blockingCssGzipBytes = 0;
  for (const href of blockingStylesheets) {
    const css = await fetch(new URL(href, origin));
    blockingCssGzipBytes += gzipSync(Buffer.from(await css.arrayBuffer())).length;
  }
  const blockingScripts = tagsIn(head, "script")
    .filter((s) => attr(s, "src") && attr(s, "type")?.[1] !== "module" && !attr(s, "async") && !attr(s, "defer"))
    .map((s) => attr(s, "src")?.[1] ?? "");
  const htmlGzipBytes = gzipSync(html).length;
  return {
    htmlGzipBytes,
    blockingCssGzipBytes,
    totalGzipBytes: htmlGzipBytes + blockingCssGzipBytes,
    blockingStylesheets,
    blockingScripts,
  };
}

export type PageLoadResult = {
  path: string;
  chromium: string;
  runsPerCase: number;
  emulation: typeof EMULATION;
  jsOn: { product: LoadSummary; reference: LoadSummary };
  jsOff: { product: LoadSummary; reference: LoadSummary };
  budget: Budget;
  /** Encoded size of the HTML as the product sends it to Chromium (brotli). */
  documentBrotliBytes: number;
};

/** Product and reference alternate run by run, so drift on the machine hits both alike. */
export async function measurePageLoad(options: {
  productOrigin: string;
  referenceOrigin: string;
  path: string;
  runs: number;
  html: string;
  documentBrotliBytes: number;
  log: (line: string) => void;
}): Promise<PageLoadResult> {
  const browser = await launchBrowser();
  try {
    const measure = async (javaScriptEnabled: boolean) => {
      const product: LoadRun[] = [];
      const reference: LoadRun[] = [];
      for (let i = 0; i < options.runs; i++) {
        for (const [list, origin, name] of [
          [product, options.productOrigin, "product"],
          [reference, options.referenceOrigin, "reference"],
        ] as const) {
          const run = await loadOnce(browser, origin + options.path, javaScriptEnabled);
          list.push(run);
          options.log(
            `  JS ${javaScriptEnabled ? "on " : "off"} ${name.padEnd(9)} run ${i + 1}: FCP ${Math.round(run.fcpMs)} ms, story text LCP ${Math.round(run.storyLcpMs)} ms (${run.largestTextElement}), page LCP ${Math.round(run.pageLcpMs)} ms (${run.pageLcpElement}), ${run.totalBytes} B`,
          );
        }
      }
      return { product: summarise(product), reference: summarise(reference) };
    };
    const jsOn = await measure(true);
    const jsOff = await measure(false);
    return {
      path: options.path,
      chromium: browser.version(),
      runsPerCase: options.runs,
      emulation: EMULATION,
      jsOn,
      jsOff,
      budget: await budgetOf(options.html, options.productOrigin),
      documentBrotliBytes: options.documentBrotliBytes,
    };
  } finally {
    await browser.close();
  }
}
