// Each document's inlined stylesheet keeps only what its story or list paints (server/page-css.ts,
// docs/decisions/043). A client navigation from a story to a page with other classes (a list, the
// reader's library, settings, the admin area, a 404 without the site's chrome) must still find
// every rule it needs: site.css, linked after <main> and in the head once the app runs. Every
// element of the page computes the same styles as on a fresh load of it.
import type { Page } from "@playwright/test";
import { ADMIN } from "../../playwright.config";
import { signInAndOpen } from "../support/accounts";
import { computedStyles } from "../support/computed-styles";
import { expect, test } from "../support/test";
import { hydrated } from "./script-loading-helpers";

const STORY = "/story/the-doll-hospital";
const PAGES = ["/stories", "/bookmarks", "/settings/profile", "/admin/dashboard", "/no-such-page"];
async function settled(page: Page, path: string) {
  await expect(page).toHaveURL(new RegExp(`${path.replace(/[/?]/g, "\\$&")}$`));
  await expect(hydrated(page)).toBeAttached();
  await page.waitForLoadState("networkidle");
}

for (const viewport of [
  { width: 390, height: 844 },
  { width: 1280, height: 800 },
]) {
  test(`at ${viewport.width} px, a client navigation from a story looks as a fresh load of each page`, async ({
    page,
  }) => {
    await page.setViewportSize(viewport);
    await signInAndOpen(page, ADMIN, STORY);
    for (const path of PAGES) {
      await page.goto(path);
      await settled(page, path);
      const fresh = await computedStyles(page);
      const heading = await page.locator("main h1").first().textContent();

      await page.goto(STORY);
      await settled(page, STORY);
      // The story's document inlines what it paints, a part of the reading path's 27 KB sheet.
      expect((await page.locator('style[data-href="critical-css"]').textContent())?.length).toBeLessThan(15_000);
      await page.evaluate((to) => {
        (window as unknown as { stayed: boolean }).stayed = true;
        const router = (window as unknown as { __reactRouterDataRouter: { navigate(to: string): Promise<void> } })
          .__reactRouterDataRouter;
        return router.navigate(to);
      }, path);
      await settled(page, path);
      await expect(page.locator("main h1").first()).toHaveText(heading ?? "");
      expect(await page.evaluate(() => (window as unknown as { stayed?: boolean }).stayed), "a client navigation").toBe(
        true,
      );
      expect(await computedStyles(page), `${path} after a client navigation from ${STORY}`).toEqual(fresh);
    }
  });
}
