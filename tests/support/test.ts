import { randomUUID } from "node:crypto";
import { test as base } from "@playwright/test";
import { expectAccessible } from "./a11y";

export { expect } from "@playwright/test";

/**
 * Playwright's test with `checkA11y()` (axe-core on the current page,
 * JavaScript on or off), and a client address of its own (the test site trusts
 * X-Test-Client), so one test's rate limits never touch another's.
 */
export const test = base.extend<{ checkA11y: () => Promise<void>; clientId: string }>({
  // biome-ignore lint/correctness/noEmptyPattern: Playwright fixtures take an object pattern
  clientId: async ({}, use) => {
    await use(randomUUID());
  },
  extraHTTPHeaders: async ({ clientId }, use) => {
    await use({ "X-Test-Client": clientId });
  },
  checkA11y: async ({ page, javaScriptEnabled, browser, colorScheme }, use) => {
    await use(() => expectAccessible(page, { jsEnabled: javaScriptEnabled ?? true, browser, colorScheme }));
  },
});
