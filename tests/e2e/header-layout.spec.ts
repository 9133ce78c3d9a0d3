// Issue 40, item 2: the header is one row, at most 64 px tall, at every width from 320 to
// 1440 px, signed in or out, on reading, settings and admin pages, and nothing scrolls
// sideways. What folds away on narrow widths stays reachable: the links in the sidebar
// sheet, the search box behind a link to /search.
import type { Page } from "@playwright/test";
import { ADMIN } from "../../playwright.config";
import { signInByApi } from "../support/accounts";
import { expect, test } from "../support/test";

const WIDTHS = [320, 390, 768, 1280, 1440];
const MAX_HEADER_PX = 64;

/** The header's height, the vertical centres of its visible items, and the page's sideways overflow. */
async function measure(page: Page) {
  return page.evaluate(() => {
    const header = document.querySelector("header") as HTMLElement;
    const row = header.firstElementChild as HTMLElement;
    const items = [...row.querySelectorAll<HTMLElement>(":scope > *, :scope > * > *")]
      .map((element) => element.getBoundingClientRect())
      .filter((box) => box.width > 0 && box.height > 0);
    return {
      height: header.getBoundingClientRect().height,
      centres: items.map((box) => box.top + box.height / 2),
      overflow: document.documentElement.scrollWidth - document.documentElement.clientWidth,
    };
  });
}

async function expectOneRowAtEveryWidth(page: Page, path: string) {
  await page.goto(path);
  await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
  for (const width of WIDTHS) {
    await page.setViewportSize({ width, height: 844 });
    const { height, centres, overflow } = await measure(page);
    expect(height, `${path} at ${width} px: header height`).toBeLessThanOrEqual(MAX_HEADER_PX);
    // One row: every item of the header stands on the same line (two rows put 44 px between centres).
    expect(Math.max(...centres) - Math.min(...centres), `${path} at ${width} px: one row`).toBeLessThan(8);
    expect(overflow, `${path} at ${width} px: sideways scroll`).toBeLessThanOrEqual(0);
  }
}

test("signed out, the header is one row of at most 64 px on reading and settings pages", async ({ page }) => {
  for (const path of ["/stories", "/about", "/settings/fonts"]) await expectOneRowAtEveryWidth(page, path);
});

test("signed in as the admin, the header is one row of at most 64 px on reading, settings and admin pages", async ({
  page,
}) => {
  await signInByApi(page, ADMIN);
  for (const path of ["/stories", "/settings/profile", "/admin/dashboard", "/admin/analytics"]) {
    await expectOneRowAtEveryWidth(page, path);
  }
});

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
