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
