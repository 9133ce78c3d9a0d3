import type { BrowserContext, Page } from "@playwright/test";
import { expect, test } from "../support/test";

test.use({ consent: false });

async function consentCookie(context: BrowserContext) {
  return (await context.cookies()).find((c) => c.name === "hs_consent");
}

const DAY_S = 24 * 60 * 60;

test("the banner is in the first HTML until the reader chooses; Accept keeps it away for 90 days", async ({
  page,
  context,
  checkA11y,
}) => {
  const html = await (await context.request.get("/stories")).text();
  expect(html).toContain("We use cookies");
  await page.goto("/stories");
  const banner = page.getByRole("dialog", { name: "We use cookies" });
  await expect(banner).toBeVisible();
  await expect(banner).toContainText("Accept: won't show for 3 months • Decline: won't show for 1 week");
  await expect(banner.getByRole("link", { name: "privacy policy" })).toHaveAttribute("href", "/privacy");
  await checkA11y();

  await banner.getByRole("button", { name: "Accept" }).click();
  await expect(banner).toBeHidden();
  await expect(page).toHaveURL("/stories");
  await expect
    .poll(async () => (await consentCookie(context))?.expires ?? 0)
    .toBeGreaterThan(Date.now() / 1000 + 89 * DAY_S);
  expect((await consentCookie(context))?.expires).toBeLessThan(Date.now() / 1000 + 91 * DAY_S);

  await page.goto("/about");
  await expect(page.getByRole("dialog", { name: "We use cookies" })).toHaveCount(0);
});

test("Decline keeps essential cookies only for a week and clears a functionality cookie", async ({ page, context }) => {
  await page.goto("/about");
  // The reader chose a theme before deciding: a functionality cookie.
  await page.setViewportSize({ width: 1280, height: 900 });
  const banner = page.getByRole("dialog", { name: "We use cookies" });
  await banner.getByRole("button", { name: "Decline" }).click();
  await expect(banner).toBeHidden();
  await expect
    .poll(async () => (await consentCookie(context))?.expires ?? 0)
    .toBeGreaterThan(Date.now() / 1000 + 6 * DAY_S);
  expect((await consentCookie(context))?.expires).toBeLessThan(Date.now() / 1000 + 8 * DAY_S);

  await page.getByRole("complementary", { name: "Sidebar" }).getByRole("button", { name: "Dark" }).click();
  await expect.poll(async () => (await context.cookies()).some((c) => c.name === "hs_theme")).toBe(true);
  // Deciding again (here: decline from the settings page's custom form) clears it.
  await page.goto("/settings/cookie-management");
  await page.getByRole("button", { name: "Save my choice" }).click();
  await expect.poll(async () => (await context.cookies()).some((c) => c.name === "hs_theme")).toBe(false);
  await page.goto("/");
  await expect(page.getByRole("dialog", { name: "We use cookies" })).toHaveCount(0);
});

/**
 * Without JavaScript, Save posts the form and the answer's redirect loads the page again. The
 * cookie is set by the POST, before that page has loaded: wait for the page, or the next step
 * (a reload, a click) races the navigation.
 */
async function saveWithoutScript(page: Page) {
  const loaded = page.waitForEvent("load");
  await page.getByRole("button", { name: "Save Analytics" }).click();
  await loaded;
}

test("the cookie settings page toggles each category and merges a custom choice", async ({
  page,
  context,
  checkA11y,
  javaScriptEnabled,
}) => {
  await page.goto("/settings/cookie-management");
  await page.getByRole("dialog", { name: "We use cookies" }).getByRole("button", { name: "Decline" }).click();
  const analytics = page.getByRole("switch", { name: "Analytics" });
  await expect(analytics).not.toBeChecked();
  // With JavaScript the switch saves itself; without it, its own Save button posts it.
  const save = page.getByRole("button", { name: "Save Analytics" });
  if (javaScriptEnabled) await expect(save).toHaveCount(0);
  const expiry = async () => (await consentCookie(context))?.expires ?? 0;
  await analytics.check();
  if (!javaScriptEnabled) await saveWithoutScript(page);
  // One optional category accepted: the consent now lasts 90 days.
  await expect.poll(expiry).toBeGreaterThan(Date.now() / 1000 + 89 * DAY_S);
  await page.reload();
  await expect(page.getByRole("switch", { name: "Analytics" })).toBeChecked();
  await expect(page.getByRole("switch", { name: "Marketing" })).not.toBeChecked();
  // Switched off again: essential cookies only, for 7 days.
  await page.getByRole("switch", { name: "Analytics" }).uncheck();
  if (!javaScriptEnabled) await saveWithoutScript(page);
  await expect.poll(expiry).toBeLessThan(Date.now() / 1000 + 8 * DAY_S);
  await page.getByRole("switch", { name: "Analytics" }).check();
  if (!javaScriptEnabled) await saveWithoutScript(page);
  await expect.poll(expiry).toBeGreaterThan(Date.now() / 1000 + 89 * DAY_S);
  await checkA11y();
});

test("/cookie-test clears the stored consent and shows the banner again", async ({ page, context }) => {
  await page.goto("/");
  await page.getByRole("dialog", { name: "We use cookies" }).getByRole("button", { name: "Accept" }).click();
  await expect.poll(async () => Boolean(await consentCookie(context))).toBe(true);
  await page.goto("/about");
  await expect(page.getByRole("dialog", { name: "We use cookies" })).toHaveCount(0);
  await page.goto("/cookie-test");
  await expect(page.getByRole("dialog", { name: "We use cookies" })).toBeVisible();
  await page.goto("/about");
  await expect(page.getByRole("dialog", { name: "We use cookies" })).toBeVisible();
});

test("with JavaScript the banner is a modal dialog and re-syncs across tabs; without, it leaves the page usable", async ({
  page,
  context,
  javaScriptEnabled,
}) => {
  await page.goto("/about");
  const banner = page.getByRole("dialog", { name: "We use cookies" });
  await expect(banner).toBeVisible();
  if (!javaScriptEnabled) {
    // A plain open dialog: the page behind it still works.
    await page.getByRole("navigation", { name: "Footer" }).getByRole("link", { name: "Contact" }).click();
    await expect(page).toHaveURL("/contact");
    return;
  }
  // The app makes it modal once it runs in the page.
  await expect(page.locator("html[data-hydrated]")).toBeAttached();
  await expect.poll(() => banner.evaluate((el) => el.matches(":modal"))).toBe(true);
  // The browser moved focus into the dialog and keeps it there.
  expect(await banner.evaluate((el) => el.contains(document.activeElement))).toBe(true);
  for (let i = 0; i < 4; i++) {
    await page.keyboard.press("Tab");
    expect(
      await banner.evaluate((el) => el.contains(document.activeElement) || document.activeElement === document.body),
    ).toBe(true);
  }

  const other = await context.newPage();
  await other.goto("/stories");
  await expect(other.getByRole("dialog", { name: "We use cookies" })).toBeVisible();
  // The other tab listens for the change once its app runs (a second page of the context is not
  // the fixture's page, whose loads wait for that by themselves).
  await expect(other.locator("html[data-hydrated]")).toBeAttached();
  await banner.getByRole("button", { name: "Accept" }).click();
  await expect(other.getByRole("dialog", { name: "We use cookies" })).toHaveCount(0);
});

test("in the largest text on a small phone the banner stays on the screen, its text scrolls, and Decline works", async ({
  page,
  context,
  browser,
  baseURL,
  checkA11y,
}) => {
  // A reader who chose the largest text before (their choice is a cookie), and has not chosen about
  // cookies yet. Saved without JavaScript, where the banner is not modal and leaves the form usable.
  const before = await browser.newContext({
    baseURL,
    javaScriptEnabled: false,
    viewport: { width: 1280, height: 1600 },
  });
  const setup = await before.newPage();
  await setup.goto("/settings/fonts");
  await setup.getByRole("radio", { name: "Largest" }).check();
  await setup.getByRole("button", { name: "Save fonts" }).click();
  await expect(setup.getByRole("radio", { name: "Largest" })).toBeChecked();
  await context.addCookies(await before.cookies());
  await before.close();
  // Without JavaScript the banner was not held to the screen: 1,014 px tall, its heading above the top.
  await page.setViewportSize({ width: 320, height: 568 });
  await page.goto("/stories");
  const banner = page.getByRole("dialog", { name: "We use cookies" });
  await expect(banner.getByRole("heading", { name: "We use cookies" })).toBeInViewport();
  // The choice stays in view at the banner's foot while its text scrolls.
  await expect(banner.getByRole("button", { name: "Accept" })).toBeInViewport();
  const box = await banner.boundingBox();
  expect(box?.y).toBeGreaterThanOrEqual(0);
  expect((box?.y ?? 0) + (box?.height ?? Number.POSITIVE_INFINITY)).toBeLessThanOrEqual(568);
  await checkA11y();
  await banner.getByRole("button", { name: "Decline" }).click();
  await expect(banner).toBeHidden();
  await expect.poll(async () => (await consentCookie(context))?.value ?? "").not.toBe("");
});
