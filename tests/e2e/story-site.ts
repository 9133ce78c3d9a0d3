// A site of its own for the story-submission specs: the production build on a
// fresh database with its own WordPress-shaped server, the suite's SMTP
// catcher and an administrator. Publishing a community story changes the
// Story Index and search, whose counts other specs check on the shared
// server; here it changes only this site.
import { SMTP_PORT } from "../../playwright.config";
import { ADMIN_ENV, startSite } from "../support/site-server";
import { onOwnSite } from "../support/test";
import { startWordPressServer } from "../support/wordpress-server";

export { SITE_ADMIN } from "../support/site-server";
export { expect } from "../support/test";

export const test = onOwnSite("story", async () => {
  const wordpress = await startWordPressServer({ mode: "healthy" });
  const site = await startSite({
    env: { ...ADMIN_ENV, WP_URL: wordpress.wpUrl, SMTP_URL: `smtp://127.0.0.1:${SMTP_PORT}` },
  });
  const dispose = site.dispose;
  return Object.assign(site, {
    dispose: async () => {
      await dispose();
      await wordpress.close();
    },
  });
});
