import type { Page } from "@playwright/test";
import { expect, test } from "../support/test";

// docs/decisions/024: the document title and metadata follow every page change, with
// JavaScript (client navigation) and without (each page its own document);
// the error-page title rule of spec §2 holds, and leaving restores the title.
const description = (page: Page) => page.locator('meta[name="description"]');
const canonical = (page: Page) => page.locator('link[rel="canonical"]');

test("title, description and canonical URL change with each page", async ({ page }) => {
  await page.goto("/about");
  await expect(page).toHaveTitle("About | Horror Stories");
  await expect(description(page)).toHaveAttribute("content", "What Horror Stories is and who writes for it.");
  await expect(canonical(page)).toHaveAttribute("href", /\/about$/);
  // One of each, however many pages were visited.
  await page.getByRole("navigation", { name: "Footer" }).getByRole("link", { name: "Contact" }).click();
  await expect(page).toHaveURL("/contact");
  await expect(page).toHaveTitle(/^Contact.* \| Horror Stories$/);
  await expect(canonical(page)).toHaveAttribute("href", /\/contact$/);
  await expect(description(page)).toHaveCount(1);
  await expect(description(page)).not.toHaveAttribute("content", "What Horror Stories is and who writes for it.");
  await expect(page.locator('meta[property="og:url"]')).toHaveAttribute("content", /\/contact$/);

  await page.getByRole("navigation", { name: "Footer" }).getByRole("link", { name: "Privacy" }).click();
  await expect(page).toHaveURL("/privacy");
  await expect(page).toHaveTitle(/Privacy.* \| Horror Stories$/);
  await expect(canonical(page)).toHaveAttribute("href", /\/privacy$/);
});

test("a missing story titles the page '404 - Page Not Found | Horror Stories'; Back restores the title", async ({
  page,
}) => {
  await page.goto("/about");
  await page.goto("/story/no-such-story");
  await expect(page).toHaveTitle("404 - Page Not Found | Horror Stories");
  await expect(description(page)).toHaveAttribute(
    "content",
    "The page you're looking for doesn't exist or has been moved.",
  );
  await page.goBack();
  await expect(page).toHaveTitle("About | Horror Stories");
  await page.goto("/errors/503");
  await expect(page).toHaveTitle("503 - Service Unavailable | Horror Stories");
  await expect(description(page)).toHaveAttribute("content", "Our service is temporarily unavailable.");
  await page.getByRole("link", { name: "Go home" }).click();
  await expect(page).toHaveTitle("Horror Stories");
  await expect(description(page)).not.toHaveAttribute("content", "Our service is temporarily unavailable.");
});
