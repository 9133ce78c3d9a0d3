// JavaScript waits its turn on slow-2g (docs/decisions/028, server/script-loading.ts).
// Chromium's network quality estimator is forced to Slow-2G, so
// navigator.connection says slow-2g as on a real phone: nothing is fetched
// before the load event and a first interaction, and neither a press on a link
// (the browser's own navigation serves it) nor a swipe (reading) counts as one.
import { signUp } from "../support/accounts";
import { CHROMIUM_ARGS, FULL_CHROMIUM_EXECUTABLE } from "../support/chromium";
import { queryE2eDb } from "../support/db";
import { expect, test } from "../support/test";
import { holdModules, hydrated, STORY, scriptRequests } from "./script-loading-helpers";

/**
 * Hydration after the first interaction: every module fetched, compiled and run then, in the full
 * browser. Under CI's load the swipe test's waited over the default 5 s once (stop 59); the
 * fixture's own wait for the app allows 15 s (tests/support/test.ts).
 */
const HYDRATION = { timeout: 15_000 };

// The full browser: the headless shell has no network quality estimator to force, and says 4g.
test.use({
  launchOptions: {
    executablePath: FULL_CHROMIUM_EXECUTABLE,
    args: [...CHROMIUM_ARGS, "--force-effective-connection-type=Slow-2G"],
  },
});

test("nothing is fetched before the load event and an interaction; then the page hydrates", async ({ page }) => {
  const scripts = scriptRequests(page);
  await page.goto(STORY, { waitUntil: "load" });
  expect(
    await page.evaluate(() => (navigator as { connection?: { effectiveType?: string } }).connection?.effectiveType),
  ).toBe("slow-2g");
  // The loader's module script has run (it is inline) and waits: give the network a moment to prove it quiet.
  await page.waitForLoadState("networkidle");
  expect(scripts).toEqual([]);
  await expect(page.locator('link[rel="modulepreload"]')).toHaveCount(0);
  await expect(hydrated(page)).toHaveCount(0);

  // A press on the page's text is an interaction.
  await page.getByRole("heading", { level: 1 }).click();
  await expect(hydrated(page)).toBeAttached(HYDRATION);
  expect(scripts.length).toBeGreaterThan(5);
});

test("a press on a link is left to the browser's navigation and fetches no module", async ({ page }) => {
  const scripts = scriptRequests(page);
  await page.goto(STORY, { waitUntil: "load" });
  await page.waitForLoadState("networkidle");
  await page.getByRole("link", { name: "Stories", exact: true }).first().click();
  await expect(page).toHaveURL("/stories");
  await page.waitForLoadState("networkidle");
  expect(scripts).toEqual([]);
  await expect(hydrated(page)).toHaveCount(0);
});

test.describe("on a phone", () => {
  test.use({ hasTouch: true, isMobile: true, viewport: { width: 412, height: 823 } });

  test("a swipe is reading, not an interaction: it fetches no module (docs/decisions/044)", async ({ page }) => {
    const scripts = scriptRequests(page);
    await page.goto(STORY, { waitUntil: "load" });
    await page.waitForLoadState("networkidle");
    // A finger down on the story's text, moved up the screen, lifted: the browser scrolls.
    const cdp = await page.context().newCDPSession(page);
    const x = 200;
    await cdp.send("Input.dispatchTouchEvent", { type: "touchStart", touchPoints: [{ x, y: 600 }] });
    for (let y = 560; y >= 200; y -= 40)
      await cdp.send("Input.dispatchTouchEvent", { type: "touchMove", touchPoints: [{ x, y }] });
    await cdp.send("Input.dispatchTouchEvent", { type: "touchEnd", touchPoints: [] });
    await expect.poll(() => page.evaluate(() => scrollY)).toBeGreaterThan(0);
    await page.waitForLoadState("networkidle");
    expect(scripts).toEqual([]);
    await expect(hydrated(page)).toHaveCount(0);
    // A tap that is not a scroll is an interaction. Once the swipe's fling has stopped: a tap that
    // stops a fling is no click, in the browser as on a phone.
    let last = -1;
    await expect
      .poll(
        async () => {
          const y = await page.evaluate(() => scrollY);
          const still = y === last;
          last = y;
          return still;
        },
        { intervals: [100] },
      )
      .toBe(true);
    await page.getByRole("heading", { level: 1 }).tap();
    await expect(hydrated(page)).toBeAttached(HYDRATION);
  });
});

test("the story's image stays behind its link: the page's inline script reads slow-2g before any module", async ({
  page,
}) => {
  const images: string[] = [];
  page.on("request", (request) => {
    if (new URL(request.url()).pathname.startsWith("/img/")) images.push(request.url());
  });
  await page.goto("/story/last-ferry-to-hollin-isle", { waitUntil: "load" });
  await page.waitForLoadState("networkidle");
  await expect(page.getByRole("link", { name: /^Show the full image/ })).toBeVisible();
  await expect(page.locator("#story-image img")).toHaveCount(0);
  expect(images).toEqual([]);
});

test("what a reader types into a filled text box before the app runs is still there once it runs, and is saved", async ({
  page,
}) => {
  const reader = await signUp(page);
  await queryE2eDb('UPDATE "User" SET bio = ? WHERE email = ?', ["The bio as it was.", reader.email]);
  // Held, so the typing is surely before the app takes the page (the first tap starts it on slow-2g).
  const release = await holdModules(page);
  await page.goto("/settings/profile", { waitUntil: "load" });
  const bio = page.getByLabel("Bio");
  await expect(bio).toHaveValue("The bio as it was.");
  await bio.click();
  await bio.fill("Typed on a slow link, before the app ran.");
  release();
  await expect(hydrated(page)).toBeAttached(HYDRATION);
  // Before: React put the server's text back as it took the textarea over.
  await expect(bio).toHaveValue("Typed on a slow link, before the app ran.");
  await page.getByRole("button", { name: "Save profile" }).click();
  await expect(page.getByRole("region", { name: "Notifications" })).toContainText("Profile saved");
  const [row] = await queryE2eDb<{ bio: string }>('SELECT bio FROM "User" WHERE email = ?', [reader.email]);
  expect(row?.bio).toBe("Typed on a slow link, before the app ran.");
});
