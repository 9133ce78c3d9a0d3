import { storedPreference } from "../support/cookies";
import { expect, test } from "../support/test";

test.use({ colorScheme: "light" });

test("the theme toggle flips from system to the opposite of the system scheme and persists", async ({
  page,
  context,
  checkA11y,
}) => {
  await page.goto("/about");
  const html = page.locator("html");
  await expect(html).toHaveAttribute("data-theme", "system");

  // System is light here, so the flip goes to dark.
  await page.getByRole("button", { name: "Switch to dark theme" }).click();
  await expect(html).toHaveAttribute("data-theme", "dark");
  await expect(page).toHaveURL("/about");
  await checkA11y();

  await expect.poll(() => storedPreference(context, "theme")).toBe("dark");
  await page.reload();
  await expect(html).toHaveAttribute("data-theme", "dark");

  // Dark flips to light.
  await page.getByRole("button", { name: "Switch to light theme" }).click();
  await expect(html).toHaveAttribute("data-theme", "light");
  await expect.poll(() => storedPreference(context, "theme")).toBe("light");
  await page.reload();
  await expect(html).toHaveAttribute("data-theme", "light");
  await checkA11y();
});

test.describe("with a dark system scheme", () => {
  test.use({ colorScheme: "dark" });

  test("system goes to light", async ({ page, checkA11y }) => {
    await page.goto("/");
    await expect(page.locator("html")).toHaveAttribute("data-theme", "system");
    await checkA11y();
    await page.getByRole("button", { name: "Switch to light theme" }).click();
    await expect(page.locator("html")).toHaveAttribute("data-theme", "light");
  });
});

test("the server's HTML already carries the chosen theme before any script runs", async ({ page, context }) => {
  await page.goto("/");
  await page.getByRole("button", { name: "Switch to dark theme" }).click();
  await expect(page.locator("html")).toHaveAttribute("data-theme", "dark");
  await expect.poll(() => storedPreference(context, "theme")).toBe("dark");
  const response = await context.request.get("/stories");
  const body = await response.text();
  expect(body).toMatch(/<html[^>]*data-theme="dark"/);
});

test("the sidebar offers all three themes", async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 900 });
  await page.goto("/");
  const sidebar = page.getByRole("complementary", { name: "Sidebar" });
  await sidebar.getByRole("button", { name: "Dark" }).click();
  await expect(page.locator("html")).toHaveAttribute("data-theme", "dark");
  await sidebar.getByRole("button", { name: "System" }).click();
  await expect(page.locator("html")).toHaveAttribute("data-theme", "system");
  await expect(sidebar.getByRole("button", { name: "System" })).toHaveAttribute("aria-pressed", "true");
});

test("with JavaScript the theme is mirrored to localStorage", async ({ page, javaScriptEnabled }) => {
  await page.goto("/");
  await page.getByRole("button", { name: "Switch to dark theme" }).click();
  await expect(page.locator("html")).toHaveAttribute("data-theme", "dark");
  if (javaScriptEnabled) {
    await expect.poll(() => page.evaluate(() => localStorage.getItem("vite-ui-theme"))).toBe("dark");
  } else {
    // Without JavaScript the round trip through the server is the whole mechanism.
    await expect(page).toHaveURL("/");
  }
});
