import { expect, test } from "../support/test";

test("titles follow '{page} | Horror Stories', with the site name alone on home", async ({ page }) => {
  await page.goto("/");
  await expect(page).toHaveTitle("Horror Stories");
  await page.goto("/about");
  await expect(page).toHaveTitle("About | Horror Stories");
  await page.goto("/stories");
  await expect(page).toHaveTitle("Story Index | Horror Stories");
});

test("pages carry a description, canonical URL and Open Graph tags", async ({ page, baseURL }) => {
  await page.goto("/about?utm=x");
  await expect(page.locator('meta[name="description"]')).toHaveAttribute("content", /Horror Stories/);
  await expect(page.locator('link[rel="canonical"]')).toHaveAttribute("href", `${baseURL}/about?utm=x`);
  await expect(page.locator('meta[property="og:title"]')).toHaveAttribute("content", "About | Horror Stories");
  await expect(page.locator('meta[property="og:locale"]')).toHaveAttribute("content", "en_US");
  await expect(page.locator('meta[property="og:site_name"]')).toHaveAttribute("content", "Horror Stories");
  await expect(page.locator('meta[property="og:url"]')).toHaveAttribute("content", `${baseURL}/about?utm=x`);
});

test("the header links to Home, Stories, Reader, Community and About", async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 900 });
  await page.goto("/");
  const main = page.getByRole("navigation", { name: "Main" });
  for (const [name, path, title] of [
    ["Stories", "/stories", "Story Index | Horror Stories"],
    ["Reader", "/reader", "Reader | Horror Stories"],
    ["Community", "/community", "Community | Horror Stories"],
    ["About", "/about", "About | Horror Stories"],
    ["Home", "/", "Horror Stories"],
  ] as const) {
    await main.getByRole("link", { name, exact: true }).click();
    await expect(page).toHaveURL(path);
    await expect(page).toHaveTitle(title);
    await expect(main.getByRole("link", { name, exact: true })).toHaveAttribute("aria-current", "page");
  }
  await expect(page.getByRole("banner").getByRole("link", { name: "Sign In" })).toHaveAttribute("href", "/auth");
});

test("the skip link moves focus to the main content", async ({ page }) => {
  await page.goto("/stories");
  await page.keyboard.press("Tab");
  const skip = page.getByRole("link", { name: "Skip to content" });
  await expect(skip).toBeFocused();
  await page.keyboard.press("Enter");
  await expect(page.locator("#main-content")).toBeFocused();
});

test("a second skip link reaches the header, which comes after the page in the source", async ({ page }) => {
  await page.goto("/stories");
  await page.keyboard.press("Tab");
  await page.keyboard.press("Tab");
  await expect(page.getByRole("link", { name: "Skip to navigation" })).toBeFocused();
  await page.keyboard.press("Enter");
  await expect(page.getByRole("banner")).toBeFocused();
  // The next Tab is the header's first link, not a story of the list.
  await page.keyboard.press("Tab");
  await expect(page.getByRole("banner").getByRole("link", { name: "Horror Stories" })).toBeFocused();
});

test("the footer shows the current year and links to privacy and contact", async ({ page }) => {
  await page.goto("/");
  const footer = page.getByRole("contentinfo");
  await expect(footer).toContainText(`© ${new Date().getFullYear()} Horror Stories`);
  await footer.getByRole("link", { name: "Privacy" }).click();
  await expect(page).toHaveURL("/privacy");
  await page.getByRole("contentinfo").getByRole("link", { name: "Contact" }).click();
  await expect(page).toHaveURL("/contact");
});

test("the search box submits to /search?q=, and an empty box to /search", async ({ page, checkA11y }) => {
  await page.goto("/");
  const box = page.getByRole("banner").getByRole("searchbox", { name: "Search stories" });
  await box.fill("lantern");
  await box.press("Enter");
  await expect(page).toHaveURL("/search?q=lantern");
  // The address changes before the new page is on screen (React Router renders a
  // navigation in a transition, which a busy machine stretches): wait for the
  // results' own heading, never "the" h2, which may still be one of the home page's.
  await expect(page.getByRole("heading", { level: 2, name: /results? for “lantern”/ })).toBeVisible();
  await checkA11y();

  const again = page.getByRole("banner").getByRole("searchbox", { name: "Search stories" });
  await again.fill("");
  await again.press("Enter");
  await expect(page).toHaveURL("/search");
  await expect(page.getByRole("heading", { name: "Search", level: 1 })).toBeVisible();
  await expect(page.getByRole("heading", { level: 2, name: /results? for/ })).toHaveCount(0);
});

test("the scroll-to-top control takes the reader back up", async ({ page, javaScriptEnabled }) => {
  await page.setViewportSize({ width: 800, height: 500 });
  await page.goto("/stories");
  const banner = page.getByRole("banner");
  const floating = page.getByRole("link", { name: "Scroll to top" });
  await expect(floating).toHaveCount(0);
  await page.keyboard.press("End");
  await expect(banner).not.toBeInViewport();
  // With JavaScript a floating control appears after 300 px; without it the footer's plain anchor is there.
  const control = javaScriptEnabled
    ? floating
    : page.getByRole("contentinfo").getByRole("link", { name: "Back to top" });
  await control.click();
  await expect(banner).toBeInViewport();
  if (javaScriptEnabled) await expect(floating).toHaveCount(0);
});

for (const path of [
  "/",
  "/home",
  "/stories",
  "/reader",
  "/search",
  "/community",
  "/about",
  "/contact",
  "/privacy",
  "/eden-hollow",
  "/support/guidelines",
  "/legal/terms",
  "/legal/copyright",
  "/legal/cookie-policy",
  "/settings/cookie-management",
]) {
  test(`${path} has no WCAG 2.1 AA violations`, async ({ page, checkA11y }) => {
    const response = await page.goto(path);
    expect(response?.status()).toBe(200);
    await checkA11y();
  });
}

test("each information page has its title", async ({ page }) => {
  for (const [path, title] of [
    ["/about", "About"],
    ["/contact", "Contact"],
    ["/privacy", "Privacy"],
    ["/support/guidelines", "Guidelines"],
    ["/legal/terms", "Terms of Use"],
    ["/legal/copyright", "Copyright Policy"],
    ["/legal/cookie-policy", "Cookie Policy"],
    ["/eden-hollow", "Eden Hollow"],
  ] as const) {
    await page.goto(path);
    await expect(page).toHaveTitle(`${title} | Horror Stories`);
    await expect(page.getByRole("heading", { level: 1, name: title })).toBeVisible();
  }
  await page.goto("/legal/terms");
  await expect(
    page.getByText("Copying, plagiarism or commercial translation of any story is prohibited"),
  ).toBeVisible();
  await expect(page.getByRole("link", { name: "hello@horrorstories.example" })).toHaveAttribute(
    "href",
    "mailto:hello@horrorstories.example",
  );
  await page.goto("/legal/cookie-policy");
  for (const name of [
    "hs_session",
    "hs_csrf",
    "hs_consent",
    "hs_theme",
    "hs_sidebar",
    "hs_toast",
    "hs_prefs",
    "hs_css",
    "hs_signed_out",
  ]) {
    await expect(page.getByRole("cell", { name, exact: true })).toBeVisible();
  }
});
