// The consent banner becomes a modal dialog when the app hydrates (app/consent/consent-banner.tsx).
// It must stay where the reader saw it: as a modal the browser pins a dialog with top: 0, and the
// banner jumped from the foot of the screen to its top, a layout shift that Lighthouse counted
// (CLS 0.079 on a story page) whenever the page had painted before it hydrated.
import { expect, test } from "../support/test";
import { holdModules, hydrated, layoutShifts, trackLayoutShifts } from "./script-loading-helpers";

test.use({ consent: false });

test("the banner stays where it was painted when it becomes a modal dialog", async ({ page }) => {
  await trackLayoutShifts(page);
  // The modules are held until the server's banner is on screen, as on a phone that paints first.
  const release = await holdModules(page);
  await page.setViewportSize({ width: 412, height: 823 });
  await page.goto("/story/last-ferry-to-hollin-isle", { waitUntil: "commit" });
  const banner = page.getByRole("dialog", { name: "We use cookies" });
  await expect(banner).toBeVisible();
  const painted = await banner.boundingBox();
  expect(painted?.y).toBeGreaterThan(400);
  release();
  await expect(hydrated(page)).toBeAttached();
  await expect.poll(() => banner.evaluate((dialog) => dialog.matches(":modal"))).toBe(true);
  expect(await banner.boundingBox()).toEqual(painted);
  expect(await layoutShifts(page)).toBe(0);
});

test("after Accept or Decline the keyboard is on the page, not dropped on <body>", async ({ page, context }) => {
  // With JavaScript only: without it the choice posts and the page loads again, with the focus at its start.
  for (const choice of ["Accept", "Decline"] as const) {
    await context.clearCookies({ name: "hs_consent" });
    await page.goto("/stories");
    const banner = page.getByRole("dialog", { name: "We use cookies" });
    // Modal, as the app makes it: it holds the keyboard until answered.
    await expect.poll(() => banner.evaluate((dialog) => dialog.matches(":modal"))).toBe(true);
    await banner.getByRole("button", { name: choice }).focus();
    await page.keyboard.press("Enter");
    await expect(banner).toBeHidden();
    // On <body> the next Tab started over at the skip link; the page's content takes it (WAI-ARIA
    // APG, dialog pattern), and Tab goes on into the page.
    await expect(page.locator("main"), choice).toBeFocused();
    await page.keyboard.press("Tab");
    await expect(page.locator("main :focus"), choice).toHaveCount(1);
  }
});
