// Issue 40, item 2: what folds away from the one-row header on narrow widths stays reachable
// (the links in the sidebar sheet, the search box behind a link to /search), and with room the
// links and the whole search box are in it. The header's height and its one row, on every page
// at every width from 320 to 1440 px, signed in or out: layout.spec.ts.
import { ADMIN } from "../../playwright.config";
import { signInByApi } from "../support/accounts";
import { expect, test } from "../support/test";

test("on a 320 px phone the folded parts stay reachable: the links in the sheet, search behind its button", async ({
  page,
}) => {
  await page.setViewportSize({ width: 320, height: 640 });
  await page.goto("/about");
  const banner = page.getByRole("banner");
  await expect(banner.getByRole("navigation", { name: "Main" })).toBeHidden();
  await expect(banner.getByRole("link", { name: "Sign In" })).toBeVisible();

  await banner.getByRole("button", { name: "Open menu" }).click();
  const sheet = page.getByRole("complementary", { name: "Sidebar" });
  for (const name of ["Home", "Story Index", "Reader", "Community", "About"]) {
    await expect(sheet.getByRole("link", { name, exact: true })).toBeVisible();
  }
  await sheet.getByRole("button", { name: "Close menu" }).click();
  await expect(sheet).toBeHidden();

  await banner.getByRole("link", { name: "Search" }).click();
  await expect(page).toHaveURL("/search");
  const box = page.getByRole("search", { name: "Stories" }).getByRole("searchbox");
  await box.fill("lantern");
  await box.press("Enter");
  await expect(page.getByRole("heading", { level: 2, name: /results? for “lantern”/ })).toBeVisible();
});

test("at 1280 px with the sidebar open, the links and the whole search box are in the header", async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 800 });
  await signInByApi(page, ADMIN);
  await page.goto("/admin/dashboard");
  const banner = page.getByRole("banner");
  const links = banner.getByRole("navigation", { name: "Main" });
  for (const name of ["Home", "Stories", "Reader", "Community", "About"]) {
    await expect(links.getByRole("link", { name, exact: true })).toBeVisible();
  }
  // The placeholder is whole ("Search stories", once cut to "Search stori").
  const box = banner.getByRole("searchbox", { name: "Search stories" });
  await expect(box).toBeVisible();
  expect(await box.evaluate((input: HTMLInputElement) => input.scrollWidth <= input.clientWidth)).toBe(true);
  const placeholderFits = await box.evaluate((input: HTMLInputElement) => {
    const style = getComputedStyle(input);
    const context = document.createElement("canvas").getContext("2d") as CanvasRenderingContext2D;
    context.font = `${style.fontWeight} ${style.fontSize} ${style.fontFamily}`;
    const room = input.clientWidth - Number.parseFloat(style.paddingLeft) - Number.parseFloat(style.paddingRight);
    return context.measureText(input.placeholder).width <= room;
  });
  expect(placeholderFits).toBe(true);
});
