// The settings pages' own navigation (docs/decisions/047): on a phone its two groups fold into one
// disclosure that names the page, so the page's heading is on the first screen (open, the groups
// took 380 px of a 390x844 screen before it); with room, they stand open beside the page. A
// <details> of links: it works without JavaScript.
import { signUp } from "../support/accounts";
import { expect, test } from "../support/test";

test("on a 390 px phone the settings groups fold into one disclosure that names the page", async ({
  page,
  checkA11y,
}) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await signUp(page);
  await page.goto("/settings/notifications");
  const nav = page.getByRole("navigation", { name: "Settings" });
  const fold = nav.getByText("Settings: Notifications");
  await expect(fold).toBeVisible();
  await expect(nav.getByRole("link", { name: "Privacy" })).toBeHidden();
  const heading = await page.getByRole("heading", { level: 1, name: "Notifications" }).boundingBox();
  expect(heading?.y ?? Number.POSITIVE_INFINITY, "the heading's top").toBeLessThan(250);
  await checkA11y();

  await fold.click();
  await expect(nav.getByRole("link", { name: "Notifications" })).toHaveAttribute("aria-current", "page");
  await checkA11y();
  await nav.getByRole("link", { name: "Privacy" }).click();
  await expect(page).toHaveURL("/settings/privacy");
  await expect(page.getByRole("heading", { level: 1, name: "Privacy" })).toBeVisible();
  // The next page shows it folded again, naming that page.
  await expect(nav.getByText("Settings: Privacy")).toBeVisible();
  await expect(nav.getByRole("link", { name: "Notifications" })).toBeHidden();
});

test("with room, the settings groups stand open beside the page, with no disclosure", async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 800 });
  await page.goto("/settings/fonts");
  const nav = page.getByRole("navigation", { name: "Settings" });
  await expect(nav.getByText(/^Settings: /)).toBeHidden();
  await expect(nav.getByRole("link", { name: "Fonts" })).toHaveAttribute("aria-current", "page");
  await expect(nav.getByRole("link", { name: "Reading Preferences" })).toBeVisible();
  const link = await nav.getByRole("link", { name: "Fonts" }).boundingBox();
  const heading = await page.getByRole("heading", { level: 1 }).boundingBox();
  expect(link && heading && link.x < heading.x, "the groups are beside the page").toBe(true);
});
