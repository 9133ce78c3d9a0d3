// Shared by the script-loading specs (fast and slow-2g links).
import type { Page } from "@playwright/test";

export const STORY = "/story/the-doll-hospital";

/** Every script the page requests, in order. */
export function scriptRequests(page: Page): string[] {
  const seen: string[] = [];
  page.on("request", (request) => {
    if (request.resourceType() === "script" || /\.js(\?|$)/.test(request.url())) seen.push(request.url());
  });
  return seen;
}

/** The root layout marks <html> once the app runs (app/root.tsx); the server never sends the mark. */
export const hydrated = (page: Page) => page.locator("html[data-hydrated]");

/**
 * Holds every module of the app until the returned function is called: the page is the server's
 * (and its inline scripts), as on a phone that paints long before it hydrates.
 */
export async function holdModules(page: Page): Promise<() => void> {
  let release = () => {};
  const held = new Promise<void>((resolve) => {
    release = resolve;
  });
  await page.route(
    (url) => url.pathname.startsWith("/assets/") && url.pathname.endsWith(".js"),
    async (route) => {
      await held;
      await route.continue();
    },
  );
  return release;
}

/** Counts every layout shift of the pages opened next, as CLS counts them (none after an input). */
export async function trackLayoutShifts(page: Page): Promise<void> {
  await page.addInitScript(() => {
    const w = window as Window & { shifts?: number };
    w.shifts = 0;
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries() as (PerformanceEntry & { value: number; hadRecentInput: boolean })[])
        if (!entry.hadRecentInput) w.shifts = (w.shifts ?? 0) + entry.value;
    }).observe({ type: "layout-shift", buffered: true });
  });
}

/** The layout shifts so far, once two more frames have been drawn. */
export async function layoutShifts(page: Page): Promise<number> {
  await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))));
  return page.evaluate(() => (window as Window & { shifts?: number }).shifts ?? 0);
}
