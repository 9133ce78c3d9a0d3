// The browser's analytics reports (spec §3, §7; docs/decisions/023).
// Loaded with a dynamic import() by reporter.tsx, after hydration and only for
// a reader who accepted analytics or performance: nothing of it (nor of
// web-vitals) is in any page's first load. Every failure is silent (§8).
import type { Metric } from "web-vitals";
import type { VitalName } from "./analytics";
import { performanceScore } from "./score";

/** The page view report gives up after 4 s (spec §9 timings). */
export const PAGE_VIEW_TIMEOUT_MS = 4000;
/** The performance report waits for an idle moment, at most 2 s, or 1 s where there is no idle callback (§9). */
export const IDLE_TIMEOUT_MS = 2000;
export const IDLE_FALLBACK_MS = 1000;

type Connection = { effectiveType?: string; saveData?: boolean };
const connection = (): Connection => (navigator as Navigator & { connection?: Connection }).connection ?? {};

function post(path: string, body: unknown, init: RequestInit = {}): Promise<void> {
  return fetch(path, {
    method: "POST",
    credentials: "include",
    headers: { "Content-Type": "application/json", Accept: "application/json" },
    body: JSON.stringify(body),
    ...init,
  }).then(
    // The answer is not needed, but its body is read to the end so the request is done: an unread
    // body keeps it open in the browser (and in DevTools' and Playwright's network view).
    (response) =>
      response.arrayBuffer().then(
        () => undefined,
        () => undefined,
      ),
    () => undefined,
  );
}

/** The page views reported so far, answered or given up: the next one waits for them. */
let pageViews: Promise<void> = Promise.resolve();

/**
 * POST /api/analytics/pageview; `viewId` names the server's count of this same page load. One at a
 * time, in the order the reader saw the pages: two reports in flight at once (the page open when
 * the reader accepted analytics, and the next one followed at once) could reach the server in
 * either order, and the later page was counted first. Each report still gives up after 4 s.
 */
export function sendPageView(path: string, options: { referrer?: string; viewId?: string | null } = {}) {
  const { effectiveType, saveData } = connection();
  const body = {
    path,
    referrer: options.referrer ?? "",
    timestamp: new Date().toISOString(),
    userAgent: navigator.userAgent,
    screenWidth: window.screen.width,
    screenHeight: window.screen.height,
    ...(effectiveType ? { connection: effectiveType } : {}),
    ...(saveData ? { saveData: true } : {}),
    ...(options.viewId ? { viewId: options.viewId } : {}),
  };
  pageViews = pageViews.then(() => {
    const controller = new AbortController();
    const timer = setTimeout(() => controller.abort(), PAGE_VIEW_TIMEOUT_MS);
    return post("/api/analytics/pageview", body, { signal: controller.signal }).finally(() => clearTimeout(timer));
  });
  return pageViews;
}

const coreVitals: Partial<Record<VitalName, number>> = {};
let vitalsStarted = false;

/** Web vitals of this page load (CLS, INP, LCP, FCP, TTFB), each sent once final, with keepalive. */
export async function startVitals() {
  if (vitalsStarted) return;
  vitalsStarted = true;
  // The metrics are of the page load (the document), whatever client-side navigation follows.
  const url = window.location.pathname;
  const { onCLS, onFCP, onINP, onLCP, onTTFB } = await import("web-vitals");
  const send = (metric: Metric) => {
    coreVitals[metric.name as VitalName] = metric.value;
    void post(
      "/api/analytics/vitals",
      {
        metricName: metric.name,
        value: metric.value,
        identifier: metric.id,
        navigationType: metric.navigationType,
        url,
        userAgent: navigator.userAgent,
        ...(connection().effectiveType ? { connection: connection().effectiveType } : {}),
      },
      { keepalive: true },
    );
  };
  onCLS(send);
  onINP(send);
  onLCP(send);
  onFCP(send);
  onTTFB(send);
}

let performanceSent = false;

/** The navigation timing of this page load, once it has loaded, when the browser is idle (§9). */
export function schedulePerformanceReport() {
  if (performanceSent) return;
  performanceSent = true;
  const path = window.location.pathname;
  const whenIdle = () => {
    const idle = (window as Window & { requestIdleCallback?: typeof requestIdleCallback }).requestIdleCallback;
    if (idle) idle(() => sendPerformance(path), { timeout: IDLE_TIMEOUT_MS });
    else setTimeout(() => sendPerformance(path), IDLE_FALLBACK_MS);
  };
  if (document.readyState === "complete") whenIdle();
  else window.addEventListener("load", whenIdle, { once: true });
}

function sendPerformance(path: string) {
  const [nav] = performance.getEntriesByType("navigation") as PerformanceNavigationTiming[];
  if (!nav) return;
  const ms = (n: number) => Math.max(0, Math.round(n));
  const metrics = {
    domContentLoaded: ms(nav.domContentLoadedEventEnd),
    firstByte: ms(nav.responseStart),
    loadEvent: ms(nav.loadEventEnd),
    transferSize: ms(nav.transferSize),
    encodedBodySize: ms(nav.encodedBodySize),
    decodedBodySize: ms(nav.decodedBodySize),
  };
  void post(
    "/api/analytics/performance",
    {
      metrics,
      coreVitals,
      performanceScore: performanceScore(metrics),
      userAgent: navigator.userAgent,
      timestamp: new Date().toISOString(),
      path,
      ...(connection().effectiveType ? { connection: connection().effectiveType } : {}),
    },
    { keepalive: true },
  );
}
