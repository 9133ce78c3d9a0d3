// The sheet's swipe-to-close (spec §2 Sidebar: at least 70 px, mostly horizontal, ratio at most
// 0.8, beside the sidebar's rule of more than 50 px with under 40 px drift), with real touch
// events through the DevTools protocol, as the pull-to-refresh test does. Each swipe drifts 40 px
// or more, so the sidebar's rule alone never closes it: what closes it is the sheet's rule.
import type { Page } from "@playwright/test";
import { expect, test } from "../support/test";

test.use({ hasTouch: true, isMobile: true, viewport: { width: 390, height: 844 } });

async function openSheet(page: Page) {
  await page.getByRole("button", { name: "Open menu" }).click();
  const sheet = page.getByRole("complementary", { name: "Sidebar" });
  await expect(sheet).toBeVisible();
  return sheet;
}

test("a 70 px mostly horizontal swipe closes the sheet; 60 px or a steeper diagonal does not", async ({
  page,
  context,
}) => {
  await page.goto("/about");
  const cdp = await context.newCDPSession(page);
  /** A one-finger swipe over the sheet from (220, 400), in five moves. */
  const swipe = async (dx: number, dy: number) => {
    const at = (share: number) => [{ x: 220 + dx * share, y: 400 + dy * share }];
    await cdp.send("Input.dispatchTouchEvent", { type: "touchStart", touchPoints: at(0) });
    for (const share of [0.2, 0.4, 0.6, 0.8, 1]) {
      await cdp.send("Input.dispatchTouchEvent", { type: "touchMove", touchPoints: at(share) });
    }
    await cdp.send("Input.dispatchTouchEvent", { type: "touchEnd", touchPoints: [] });
  };
  const sheet = await openSheet(page);

  // 60 px left with 45 px of drift: mostly horizontal (0.75), but short of 70 px.
  await swipe(-60, 45);
  // A diagonal of 100 px left and 85 px down: ratio 0.85, above 0.8.
  await swipe(-100, 85);
  // The sheet closes in its touchend handler, and the protocol answers once the page has handled
  // the event: a close would already show here.
  await expect(page.getByRole("button", { name: "Close menu" })).toBeVisible();
  await expect(sheet).toBeVisible();

  // 70 px left with 50 px of drift: ratio 0.71, closes.
  await swipe(-70, 50);
  await expect(sheet).toBeHidden();

  // The same swipe to the right does nothing: the sheet came from the left.
  await openSheet(page);
  await swipe(70, 0);
  await expect(page.getByRole("button", { name: "Close menu" })).toBeVisible();
  await swipe(-100, -80);
  await expect(sheet).toBeHidden();
});
