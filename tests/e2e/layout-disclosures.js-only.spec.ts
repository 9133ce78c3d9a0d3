// Issue 40, with JavaScript (the lazy parts exist only with it): each part of the page that opens
// on demand (reading settings, the account menu, the notification panel, the sidebar sheet, the
// feedback dialog, a toast) leaves the page's type and spacing as it found them, open and after it
// closes (item 1: loading the reading settings' stylesheet once took the h1 from 36 to 16 px);
// Escape and a click outside close each of them, and Escape gives the keyboard back to its opener
// (item 4, WAI-ARIA APG menu button and dialog). layout.spec.ts covers the pages themselves.
import type { Locator, Page } from "@playwright/test";
import { signUp } from "../support/accounts";
import { clickOutside } from "../support/disclosures";
import { measureLayout, typeAndSpacing } from "../support/layout-invariants";
import { expect, test } from "../support/test";

const STORY = "/story/last-ferry-to-hollin-isle";
const PHONE = { width: 390, height: 844 };
const DESKTOP = { width: 1280, height: 800 };

type Part = {
  name: string;
  path: string;
  signedIn: boolean;
  viewport: { width: number; height: number };
  opener: (page: Page) => Locator;
  /** The open part, visible while it is open. */
  part: (page: Page) => Locator;
};

const banner = (page: Page) => page.getByRole("banner");

/** The story page's reading settings (its popover brings a stylesheet of its own), on a phone and a desktop. */
const readingSettings = (viewport: Part["viewport"]): Part => ({
  name: "reading settings",
  path: STORY,
  signedIn: false,
  viewport,
  opener: (page) => page.getByRole("button", { name: "Reading settings" }),
  part: (page) => page.getByRole("dialog", { name: "Quick reading settings" }),
});

const PARTS: Part[] = [
  readingSettings(PHONE),
  readingSettings(DESKTOP),
  {
    name: "account menu",
    path: STORY,
    signedIn: true,
    viewport: DESKTOP,
    opener: (page) => banner(page).getByLabel(/^Account menu for /),
    // By its text, not its role: a disclosure's links or a menu's items.
    part: (page) => banner(page).getByText("Your feedback", { exact: true }),
  },
  {
    name: "notification panel",
    path: STORY,
    signedIn: true,
    viewport: DESKTOP,
    opener: (page) => banner(page).getByRole("button", { name: /^Notifications/ }),
    part: (page) => page.getByRole("dialog", { name: "Notifications" }),
  },
  {
    name: "sidebar sheet",
    path: STORY,
    signedIn: false,
    viewport: PHONE,
    opener: (page) => page.getByRole("button", { name: "Open menu" }),
    part: (page) => page.getByRole("complementary", { name: "Sidebar" }),
  },
  {
    name: "feedback dialog",
    path: "/about",
    signedIn: false,
    viewport: PHONE,
    opener: (page) => page.getByRole("button", { name: "Feedback", exact: true }),
    part: (page) => page.getByRole("dialog", { name: "Feedback" }),
  },
];

for (const p of PARTS) {
  test(`${p.name} at ${p.viewport.width} px: the page keeps its type and spacing, and Escape and a click outside close it`, async ({
    page,
  }) => {
    await page.setViewportSize(p.viewport);
    if (p.signedIn) await signUp(page);
    await page.goto(p.path);
    const before = await typeAndSpacing(page);
    expect(before.h1, "the page has a heading to measure").not.toBeNull();
    expect(before.bodyText, "the page has a paragraph to measure").not.toBeNull();
    const opener = p.opener(page);
    const part = p.part(page);

    await opener.click();
    await expect(part).toBeVisible();
    // Soft: the closing checks below still run, and say their own part.
    expect.soft(await typeAndSpacing(page), `the page while the ${p.name} is open`).toEqual(before);
    await page.keyboard.press("Escape");
    await expect.soft(part, "Escape closes it").toBeHidden();
    await expect.soft(opener, "and the keyboard is back on its opener").toBeFocused();
    // Closed, whatever Escape did, so the click outside is tried on its own.
    if (await part.isVisible()) await page.reload();
    expect.soft(await typeAndSpacing(page), `the page after the ${p.name} closed`).toEqual(before);

    await opener.click();
    await expect(part).toBeVisible();
    await clickOutside(page, part);
    await expect(part, "a click outside closes it").toBeHidden();
    expect(await typeAndSpacing(page), `the page after the ${p.name} closed again`).toEqual(before);
  });
}

test("the account menu closes when the reader goes to another page", async ({ page }) => {
  await page.setViewportSize(DESKTOP);
  await signUp(page);
  await page.goto(STORY);
  await banner(page)
    .getByLabel(/^Account menu for /)
    .click();
  await banner(page).getByText("Bookmarks", { exact: true }).click();
  await expect(page).toHaveURL(/\/bookmarks$/);
  await expect(banner(page).getByText("Your feedback", { exact: true })).toBeHidden();
});

test("a toast keeps the page's type and spacing and covers nothing while it shows", async ({ page }) => {
  await page.setViewportSize(PHONE);
  await page.goto("/about");
  const before = await typeAndSpacing(page);
  await page.getByRole("button", { name: "Feedback", exact: true }).click();
  const dialog = page.getByRole("dialog", { name: "Feedback" });
  await dialog.getByLabel("Your feedback").fill(`The layout suite says the page looks right ${Date.now()}`);
  await dialog.getByRole("button", { name: "Send feedback" }).click();
  await expect(page.getByRole("dialog", { name: "Thank You for Your Feedback!" })).toBeVisible();
  await page.keyboard.press("Escape");
  const toast = page.getByRole("region", { name: "Notifications" }).getByRole("status");
  await expect(toast).toBeVisible();
  expect(await typeAndSpacing(page), "the page while the toast shows").toEqual(before);
  // The toaster is the floating box; what the page's own checks find under it, at the top and the bottom.
  const { covered } = await measureLayout(page, PHONE, true);
  expect.soft(covered.filter((c) => c.floating.startsWith('section "Notifications"'))).toEqual([]);
  await toast.getByRole("button", { name: /^Close notification/ }).click();
  await expect(toast).toBeHidden();
  expect(await typeAndSpacing(page), "the page after the toast closed").toEqual(before);
});
