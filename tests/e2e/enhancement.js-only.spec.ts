import type { Page } from "@playwright/test";
import { queryE2eDb } from "../support/db";
import { expect, test } from "../support/test";

// The enhancement layer (docs/decisions/024), the parts that exist only with JavaScript: the
// route-level error screen and its Report Bug, error toasts, the request
// helper's token retry and the location kept in session storage.

/**
 * Breaks the /contact page's code as a bad deploy would: its route module now
 * throws while rendering. Reached by a client-side navigation, the page's
 * error screen shows inside the shell.
 */
async function breakContactPage(page: Page) {
  await page.route(/\/assets\/contact-[\w-]+\.js$/, (route) =>
    route.fulfill({
      contentType: "text/javascript",
      body: 'export default function Broken() { throw new Error("Injected render failure"); }',
    }),
  );
}

async function hydrated(page: Page) {
  await expect(page.getByRole("button", { name: "Feedback", exact: true })).toBeVisible();
}

async function openBrokenPage(page: Page) {
  await breakContactPage(page);
  await page.goto("/privacy");
  await hydrated(page);
  await page.getByRole("navigation", { name: "Footer" }).getByRole("link", { name: "Contact" }).click();
  await expect(page.getByRole("heading", { name: "Oops! Something went wrong" })).toBeVisible();
}

const toasts = (page: Page) => page.getByRole("region", { name: "Notifications" }).getByRole("status");

test("a page that fails to render shows the error screen; Report Bug sends the report", async ({ page, checkA11y }) => {
  await openBrokenPage(page);
  // The shell stays: header, navigation and footer are still there.
  await expect(page.getByRole("banner")).toBeVisible();
  await expect(page.getByText("Something went wrong on this page. Please try again.")).toBeVisible();
  await expect(page.getByRole("button", { name: "Try Again" })).toBeVisible();
  await expect(page.getByRole("link", { name: "Refresh Page" })).toHaveAttribute("href", "/contact");
  await checkA11y();

  const sent = page.waitForRequest((r) => r.url().endsWith("/api/user-feedback") && r.method() === "POST");
  await page.getByRole("button", { name: "Report Bug" }).click();
  const body = (await sent).postDataJSON() as {
    type: string;
    content: string;
    metadata: { errorId: string; url: string; userAgent: string };
  };
  expect(body.type).toBe("bug");
  expect(body.metadata.errorId).toMatch(/^err_\d+_[a-z0-9]+$/);
  expect(body.content).toBe(`Error Report - ID: ${body.metadata.errorId}`);
  expect(body.metadata.url).toMatch(/\/contact$/);
  expect(body.metadata.userAgent).toContain("Chrome");

  await expect(toasts(page).filter({ hasText: "Report sent" })).toContainText("Thank you for your feedback.");
  await expect(page.getByRole("button", { name: "Report sent", exact: true })).toBeDisabled();
  await checkA11y();

  const rows = await queryE2eDb<{ type: string; page: string }>('SELECT type, page FROM "Feedback" WHERE content = ?', [
    body.content,
  ]);
  expect(rows).toEqual([{ type: "bug", page: "/contact" }]);
  // The error itself reached the error log under the same id.
  await expect
    .poll(async () => (await queryE2eDb('SELECT id FROM "ErrorLog" WHERE id = ?', [body.metadata.errorId])).length)
    .toBe(1);
});

test("when the token call fails, the helper asks /api/health and tries once more", async ({ page }) => {
  let tokenCalls = 0;
  await page.route("**/api/csrf-token", (route) => {
    tokenCalls += 1;
    return tokenCalls === 1 ? route.fulfill({ status: 503, json: { message: "starting" } }) : route.continue();
  });
  const asked: string[] = [];
  page.on("request", (r) => {
    const path = new URL(r.url()).pathname;
    if (/^\/api\/(csrf-token|health|errors|user-feedback)$/.test(path)) asked.push(`${r.method()} ${path}`);
  });
  // The error screen's error report is the first call that needs a token, then Report Bug.
  await openBrokenPage(page);
  await page.getByRole("button", { name: "Report Bug" }).click();
  await expect(toasts(page).filter({ hasText: "Report sent" })).toBeVisible();
  expect(asked.slice(0, 3)).toEqual(["GET /api/csrf-token", "GET /api/health", "GET /api/csrf-token"]);
  expect(asked).toContain("POST /api/errors");
  expect(asked.at(-1)).toBe("POST /api/user-feedback");
  expect(tokenCalls).toBe(2);
});

test("a failed report says Connection Error; error toasts cap at 3, newest first", async ({ page }) => {
  // Playwright's clock: the toasts' 5000 ms pass when the test says, not in real time.
  await page.clock.install();
  await openBrokenPage(page);
  await page.route("**/api/user-feedback", (route) => route.abort("internetdisconnected"));
  await page.getByRole("button", { name: "Report Bug" }).click();
  const connection = toasts(page).filter({ hasText: "Connection Error" });
  await expect(connection).toContainText(
    "Network error: Cannot connect to server. Please check your internet connection.",
  );
  await expect(connection).toHaveAttribute("data-severity", "error");
  // The button is usable again for another try.
  await expect(page.getByRole("button", { name: "Report Bug" })).toBeEnabled();

  await page.unroute("**/api/user-feedback");
  await page.route("**/api/user-feedback", (route) =>
    route.fulfill({ status: 503, json: { message: "Down for a moment" } }),
  );
  await page.getByRole("button", { name: "Report Bug" }).click();
  const api = toasts(page).filter({ hasText: "API Error" });
  await expect(api).toContainText("Down for a moment");
  await expect(api).toHaveAttribute("data-severity", "critical");

  // Two more errors: four raised in all, three shown, the newest on top.
  await page.evaluate(() => {
    window.dispatchEvent(new ErrorEvent("error", { message: "Third failure" }));
    window.dispatchEvent(new ErrorEvent("error", { message: "Fourth failure" }));
  });
  await expect(toasts(page)).toHaveCount(3);
  await expect(toasts(page).nth(0)).toContainText("Fourth failure");
  await expect(toasts(page).nth(1)).toContainText("Third failure");
  await expect(toasts(page).nth(2)).toContainText("API Error");
  await expect(toasts(page).filter({ hasText: "Connection Error" })).toHaveCount(0);
  // Error toasts are destructive and go after 5000 ms.
  await page.clock.fastForward(5000);
  await expect(toasts(page)).toHaveCount(0);
});

test("each error toast goes 5000 ms after it appeared, whatever comes meanwhile", async ({ page }) => {
  await page.clock.install();
  await page.goto("/privacy");
  const raise = (message: string) =>
    page.evaluate((text) => window.dispatchEvent(new ErrorEvent("error", { message: text })), message);
  await raise("First failure");
  await expect(toasts(page).filter({ hasText: "First failure" })).toBeVisible();
  await page.clock.fastForward(3000);
  await raise("Second failure");
  await expect(toasts(page).filter({ hasText: "Second failure" })).toBeVisible();
  // 5100 ms after the first: it has gone, and the second, 2100 ms old, stays.
  await page.clock.fastForward(2100);
  await expect(toasts(page).filter({ hasText: "First failure" })).toHaveCount(0);
  await expect(toasts(page).filter({ hasText: "Second failure" })).toBeVisible();
  await page.clock.fastForward(3000);
  await expect(toasts(page)).toHaveCount(0);
});

test("the current location is kept in session storage, except on error pages", async ({ page }) => {
  const kept = () => page.evaluate(() => sessionStorage.getItem("currentLocation"));
  await page.goto("/about");
  await hydrated(page);
  await expect.poll(kept).toBe("/about");
  await page.getByRole("navigation", { name: "Footer" }).getByRole("link", { name: "Contact" }).click();
  await expect(page).toHaveURL("/contact");
  await expect.poll(kept).toBe("/contact");
  await page.goto("/stories?page=2");
  await expect.poll(kept).toBe("/stories?page=2");

  // Error pages leave it as it was: an error route, an unknown path, a missing story.
  for (const path of ["/errors/500", "/no-such-page", "/story/no-such-story"]) {
    await page.goto(path);
    await expect(page.getByRole("link", { name: "Go home" })).toBeVisible();
    expect(await kept()).toBe("/stories?page=2");
  }
  await page.getByRole("link", { name: "Go home" }).click();
  await expect.poll(kept).toBe("/");
});

/**
 * Every scroll position the page passes through from now on. A scroll's event comes with the next
 * frame: the recording starts two frames on, so a scroll made before (scrolling the pagination
 * into view) is not taken for one after (a full run once recorded [1707, 0] for the next page),
 * and `scrolled` reads it two frames on (a full run once read [] after scrollY had changed).
 */
async function recordScrolling(page: Page) {
  await page.evaluate(async () => {
    await new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(done)));
    const positions: number[] = [];
    (window as unknown as { __scrolled: number[] }).__scrolled = positions;
    addEventListener("scroll", () => positions.push(Math.round(scrollY)), { passive: true });
  });
}
/** The positions recorded, read two frames on: the event of a scroll just seen in scrollY comes with the next frame. */
const scrolled = (page: Page) =>
  page.evaluate(async () => {
    await new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(done)));
    return (window as unknown as { __scrolled: number[] }).__scrolled;
  });

test("a new page starts at its top at once, a control that takes the focus is there at once, a jump within the page glides", async ({
  page,
}) => {
  await page.goto("/stories");
  const pagination = page.getByRole("navigation", { name: "Pagination" });
  await pagination.scrollIntoViewIfNeeded();
  const from = await page.evaluate(() => scrollY);
  expect(from).toBeGreaterThan(300);

  // React Router scrolls the next page to its top: one jump, as a page load without JavaScript.
  // (By the keyboard: a click would first scroll the link into view by a pixel or two.)
  await pagination.getByRole("link", { name: "Next page" }).focus();
  await recordScrolling(page);
  await page.keyboard.press("Enter");
  await expect(pagination).toContainText("Page 2 of 3");
  await expect.poll(() => page.evaluate(() => scrollY)).toBe(0);
  expect(await scrolled(page)).toEqual([0]);

  // A control far down the page that takes the focus (Tab, a label, a form's error) is scrolled to in one jump.
  await recordScrolling(page);
  await page.getByRole("link", { name: "Back to top" }).focus();
  await expect.poll(() => page.evaluate(() => scrollY)).toBeGreaterThan(300);
  expect(await scrolled(page)).toHaveLength(1);

  // The footer's Back to top is the reader's own jump: it glides (no reduced motion asked).
  await recordScrolling(page);
  await page.getByRole("link", { name: "Back to top" }).click();
  await expect.poll(() => page.evaluate(() => scrollY)).toBe(0);
  expect((await scrolled(page)).filter((y) => y > 0).length).toBeGreaterThan(2);
});
