import { expect, test } from "../support/test";

const PAGES = [
  [403, "Forbidden"],
  [404, "Page Not Found"],
  [429, "Too Many Requests"],
  [500, "Internal Server Error"],
  [503, "Service Unavailable"],
  [504, "Gateway Timeout"],
] as const;

for (const [code, title] of PAGES) {
  test(`/errors/${code} is the ${title} page with its own status`, async ({ page, checkA11y }) => {
    const response = await page.goto(`/errors/${code}`);
    expect(response?.status()).toBe(code);
    await expect(page).toHaveTitle(`${code} - ${title} | Horror Stories`);
    // The large code is visual; the heading reads "{code} {title}" to assistive technology.
    await expect(page.getByRole("heading", { level: 1, name: `${code} ${title}` })).toBeVisible();
    await expect(page.locator("p[aria-hidden]", { hasText: String(code) })).toBeVisible();
    // Error pages carry no navbar, sidebar or footer.
    await expect(page.getByRole("banner")).toHaveCount(0);
    await expect(page.getByRole("navigation")).toHaveCount(0);
    await expect(page.getByRole("contentinfo")).toHaveCount(0);
    await checkA11y();

    await page.getByRole("link", { name: "Go home" }).click();
    await expect(page).toHaveURL("/");
    await expect(page).toHaveTitle("Horror Stories");
    await expect(page.getByRole("banner")).toBeVisible();
  });
}

test("the error pages carry the spec's texts", async ({ page }) => {
  await page.goto("/errors/404");
  await expect(page.getByText("The page you're looking for doesn't exist or has been moved.")).toBeVisible();
  await page.goto("/errors/403");
  await expect(page.locator('meta[name="description"]')).toHaveAttribute(
    "content",
    "You don't have permission to access this page.",
  );
  await page.goto("/errors/503");
  await expect(page.locator('meta[name="description"]')).toHaveAttribute(
    "content",
    /Our service is temporarily unavailable\./,
  );
});

test("an unknown path renders the 404 page with status 404", async ({ page, checkA11y }) => {
  const response = await page.goto("/no/such/place");
  expect(response?.status()).toBe(404);
  await expect(page).toHaveTitle("404 - Page Not Found | Horror Stories");
  await expect(page.getByRole("heading", { level: 1 })).toContainText("Page Not Found");
  await expect(page.getByRole("banner")).toHaveCount(0);
  await checkA11y();
});

test("an unknown story slug renders the 404 page without the shell", async ({ page }) => {
  const response = await page.goto("/story/no-such-story");
  expect(response?.status()).toBe(404);
  await expect(page).toHaveTitle("404 - Page Not Found | Horror Stories");
  await expect(page.getByRole("banner")).toHaveCount(0);
});

test("a bad filter parameter is a 400 with a clear message, not a 500", async ({ page, checkA11y }) => {
  const response = await page.goto("/stories?category=%00");
  expect(response?.status()).toBe(400);
  await expect(page).toHaveTitle("400 - Bad Request | Horror Stories");
  await expect(page.getByText('The category must be a slug such as "folk-horror".')).toBeVisible();
  await checkA11y();
});

test("a malformed page number is page 1, not an error (tests/e2e/paging.spec.ts has the rest)", async ({ page }) => {
  const response = await page.goto("/stories?page=-3");
  expect(response?.status()).toBe(200);
  await expect(page.getByRole("heading", { level: 1, name: "Story Index" })).toBeVisible();
});

test("leaving an error page restores the site title", async ({ page }) => {
  await page.goto("/errors/500");
  await page.getByRole("link", { name: "Go home" }).click();
  await expect(page).toHaveTitle("Horror Stories");
});
