// A site of its own for the story-submission specs: the production build on a
// fresh database with its own WordPress-shaped server, the suite's SMTP
// catcher and an administrator. Publishing a community story changes the
// Story Index and search, whose counts other specs check on the shared
// server; here it changes only this site.
import { SMTP_PORT } from "../../playwright.config";
import { ADMIN_ENV, type Site, startSite } from "../support/site-server";
import { test as base } from "../support/test";
import { startWordPressServer } from "../support/wordpress-server";

export { SITE_ADMIN } from "../support/site-server";
export { expect } from "../support/test";

export const test = base.extend<object, { site: Site }>({
  site: [
    // biome-ignore lint/correctness/noEmptyPattern: Playwright fixtures take an object pattern
    async ({}, use) => {
      const wordpress = await startWordPressServer({ mode: "healthy" });
      const site = await startSite({
        env: { ...ADMIN_ENV, WP_URL: wordpress.wpUrl, SMTP_URL: `smtp://127.0.0.1:${SMTP_PORT}` },
      });
      await use(site);
      await site.dispose();
      await wordpress.close();
    },
    { scope: "worker", timeout: 90_000 },
  ],
  baseURL: async ({ site }, use) => {
    await use(site.url);
  },
});
