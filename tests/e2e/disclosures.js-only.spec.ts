// Everything that opens over the page closes as a person expects (issue 40, item 4; WAI-ARIA
// APG menu button and dialog patterns): Escape closes it and focus goes back to the control that
// opened it, a click outside closes it, and a navigation closes it, so it never stays over the
// next page. Without JavaScript each is a <details>, a native popover or a link to a page
// (accounts.spec.ts, sidebar.spec.ts, notifications.spec.ts, feedback.spec.ts).
import type { Locator, Page } from "@playwright/test";
import { signUp } from "../support/accounts";
import { expect, test } from "../support/test";

const STORY = "/story/the-doll-hospital";

/**
 * A client-side navigation to `path` through a link of the footer, so that Back stays in the app
 * (the footer's links show at every width; the header's fold into the sheet on phones).
 */
async function clientNavigate(page: Page, linkName: string, path: string) {
  await page.getByRole("navigation", { name: "Footer" }).getByRole("link", { name: linkName, exact: true }).click();
  await expect(page).toHaveURL(path);
}

/** A click near the bottom-left corner, outside whatever is open (on a modal's backdrop). */
async function clickOutside(page: Page) {
  await page.mouse.click(4, (page.viewportSize()?.height ?? 800) - 4);
}

/**
 * Opens what `opener` opens (`shown` tells it is open) and closes it twice: with Escape, after
 * which focus is back on `opener`, and with a click outside it (`outside`).
 */
async function expectEscapeAndOutsideClose(
  page: Page,
  { opener, shown, outside }: { opener: Locator; shown: Locator; outside: () => Promise<void> },
) {
  await opener.click();
  await expect(shown).toBeVisible();
  await page.keyboard.press("Escape");
  await expect(shown).toBeHidden();
  await expect(opener).toBeFocused();

  await opener.click();
  await expect(shown).toBeVisible();
  await outside();
  await expect(shown).toBeHidden();
}

/** The heading's start: a menu or popover may cover the rest of it on a phone. */
const clickHeading = (page: Page) => () => page.getByRole("heading", { level: 1 }).click({ position: { x: 4, y: 4 } });

for (const width of [390, 1280]) {
  test.describe(`at ${width} px`, () => {
    test.use({ viewport: { width, height: width < 768 ? 844 : 800 } });

    test("the account menu closes on Escape (focus back on its button), outside, and on navigation", async ({
      page,
    }) => {
      const reader = await signUp(page);
      await page.goto("/stories");
      const button = page.getByRole("banner").getByLabel(`Account menu for ${reader.username}`);
      const profile = page.getByRole("banner").getByRole("link", { name: "Profile" });

      await expectEscapeAndOutsideClose(page, { opener: button, shown: profile, outside: clickHeading(page) });

      // Escape from inside the menu too.
      await button.click();
      await profile.focus();
      await page.keyboard.press("Escape");
      await expect(profile).toBeHidden();
      await expect(button).toBeFocused();

      // A link in the menu leads to the next page; the menu does not stay open over it.
      await button.click();
      await page.getByRole("banner").getByRole("link", { name: "Settings" }).click();
      await expect(page).toHaveURL(/\/settings\/profile$/);
      await expect(profile).toBeHidden();
    });

    test("the notification panel closes on Escape (focus back on the bell), outside, and on navigation", async ({
      page,
    }) => {
      await page.goto("/");
      await clientNavigate(page, "Privacy", "/privacy");
      const bell = page.getByRole("button", { name: /^Notifications/ });
      const panel = page.getByRole("dialog", { name: "Notifications" });

      await expectEscapeAndOutsideClose(page, { opener: bell, shown: panel, outside: () => clickOutside(page) });

      // A click inside it does not close it.
      await bell.click();
      await panel.getByRole("heading", { name: "Notifications" }).click();
      await expect(panel).toBeVisible();
      // The browser's Back while it is open.
      await page.goBack();
      await expect(page).toHaveURL(/\/$/);
      await expect(panel).toBeHidden();
    });

    test("reading settings close on Escape (focus back on the button), outside, and on navigation", async ({
      page,
    }) => {
      await page.goto(STORY);
      const button = page.getByRole("button", { name: "Reading settings" });
      const popover = page.getByRole("dialog", { name: "Quick reading settings" });

      await expectEscapeAndOutsideClose(page, { opener: button, shown: popover, outside: clickHeading(page) });

      // From one story to the next and Back: the same page component stays, the popover must not.
      await page.getByRole("navigation", { name: "More stories" }).getByRole("link").first().click();
      await expect(page).not.toHaveURL(new RegExp(`${STORY}$`));
      await button.click();
      await expect(popover).toBeVisible();
      await page.goBack();
      await expect(page).toHaveURL(new RegExp(`${STORY}$`));
      await expect(popover).toBeHidden();
    });

    test("the feedback dialog closes on Escape (focus back on its button), outside, and on navigation", async ({
      page,
    }) => {
      await page.goto("/privacy");
      await clientNavigate(page, "Contact", "/contact");
      const button = page.getByRole("button", { name: "Feedback", exact: true });
      const dialog = page.getByRole("dialog", { name: "Feedback" });

      // Its form is loaded on demand: Escape once it is there.
      await expectEscapeAndOutsideClose(page, {
        opener: button,
        shown: dialog.getByRole("button", { name: "Send feedback" }),
        outside: () => clickOutside(page),
      });

      // A click on the dialog's own padding does not close it.
      await button.click();
      const box = await dialog.boundingBox();
      if (!box) throw new Error("the dialog has no box");
      await page.mouse.click(box.x + 3, box.y + box.height / 2);
      await expect(dialog).toBeVisible();
      await page.goBack();
      await expect(page).toHaveURL(/\/privacy$/);
      await expect(dialog).toBeHidden();
    });
  });
}

test.describe("the sidebar sheet on a phone", () => {
  test.use({ viewport: { width: 390, height: 844 } });

  async function openSheet(page: Page): Promise<Locator> {
    await page.getByRole("button", { name: "Open menu" }).click();
    const sheet = page.getByRole("complementary", { name: "Sidebar" });
    await expect(sheet).toBeVisible();
    return sheet;
  }

  test("closes on Escape (focus back on the menu button), outside, and on navigation", async ({ page }) => {
    await page.goto("/about");
    await clientNavigate(page, "Privacy", "/privacy");
    const opener = page.getByRole("button", { name: "Open menu" });

    let sheet = await openSheet(page);
    // Into the sheet, then Escape.
    await sheet.getByRole("link", { name: "Story Index" }).focus();
    await page.keyboard.press("Escape");
    await expect(sheet).toBeHidden();
    await expect(opener).toBeFocused();

    sheet = await openSheet(page);
    await page.mouse.click(370, 500);
    await expect(sheet).toBeHidden();

    sheet = await openSheet(page);
    await page.goBack();
    await expect(page).toHaveURL(/\/about$/);
    await expect(sheet).toBeHidden();
  });
});
