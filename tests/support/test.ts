import { test as base } from "@playwright/test";
import { expectAccessible } from "./a11y";

export { expect } from "@playwright/test";

/** Playwright's test with `checkA11y()`: axe-core on the current page, JavaScript on or off. */
export const test = base.extend<{ checkA11y: () => Promise<void> }>({
  checkA11y: async ({ page, javaScriptEnabled, browser, colorScheme }, use) => {
    await use(() => expectAccessible(page, { jsEnabled: javaScriptEnabled ?? true, browser, colorScheme }));
  },
});
