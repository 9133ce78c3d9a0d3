// Opening and closing the page's lazy parts as a person does (issue 40, items 1 and 4): a click
// on the opener, then Escape or a click outside. tests/e2e/layout-disclosures.js-only.spec.ts.
import type { Locator, Page } from "@playwright/test";
import { expect } from "./test";

/**
 * A point a person could click "outside" the open part: outside its box, on nothing that would
 * act on the click (a link, a button, a field), so the click means only "close it". A modal
 * dialog's backdrop counts as outside: it is outside the dialog's box.
 */
export async function outsidePoint(part: Locator): Promise<{ x: number; y: number }> {
  // Where it ends up, not where it is half way through sliding in (the sheet's 200 ms slide):
  // a point outside a box still on its way in could be inside it once it stands.
  await part.evaluate((open) =>
    Promise.all(
      open
        .getAnimations({ subtree: true })
        .filter((animation) => Number.isFinite(Number(animation.effect?.getComputedTiming().endTime)))
        .map((animation) => animation.finished.catch(() => undefined)),
    ),
  );
  const point = await part.evaluate((open) => {
    const box = open.getBoundingClientRect();
    const acts =
      "a[href], button, input, select, textarea, label, summary, [role=button], [tabindex]:not([tabindex='-1'])";
    for (let y = 20; y < window.innerHeight - 20; y += 24) {
      for (let x = 20; x < window.innerWidth - 20; x += 24) {
        if (x >= box.left && x <= box.right && y >= box.top && y <= box.bottom) continue;
        const top = document.elementFromPoint(x, y);
        if (!top || (top !== open && open.contains(top)) || top.closest(acts)) continue;
        return { x, y };
      }
    }
    return null;
  });
  expect(point, "a place outside the open part to click").not.toBeNull();
  return point as { x: number; y: number };
}

/** Clicks outside the open part. */
export async function clickOutside(page: Page, part: Locator) {
  const { x, y } = await outsidePoint(part);
  await page.mouse.click(x, y);
}
