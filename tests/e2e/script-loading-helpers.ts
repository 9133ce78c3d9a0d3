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

/** The Feedback button is rendered by the hydrated app only. */
export const hydrated = (page: Page) => page.getByRole("button", { name: "Feedback", exact: true });
