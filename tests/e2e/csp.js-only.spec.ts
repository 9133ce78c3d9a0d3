// The Content-Security-Policy holds in a real Chromium: reading pages with
// JavaScript raises no violation (the app hydrates: every script the app wrote
// itself is allowed), and a script injected into a page is blocked. Scripts
// that come with stored content: tests/reliability/stored-scripts.spec.ts.
import type { Page } from "@playwright/test";
import { expect, test } from "../support/test";

/** Records every CSP violation the page reports, from before its first script. */
async function recordViolations(page: Page) {
  await page.addInitScript(() => {
    const seen: string[] = [];
    (window as unknown as { __cspViolations: string[] }).__cspViolations = seen;
    document.addEventListener("securitypolicyviolation", (event) => {
      seen.push(`${event.violatedDirective} ${event.blockedURI} ${event.sample}`);
    });
  });
  const console: string[] = [];
  page.on("console", (message) => {
    if (/Content Security Policy/i.test(message.text())) console.push(message.text());
  });
  return async () => [
    ...(await page.evaluate(() => (window as unknown as { __cspViolations: string[] }).__cspViolations)),
    ...console,
  ];
}

test("reading pages raises no CSP violation, and the app hydrates", async ({ page }) => {
  const violations = await recordViolations(page);
  await page.goto("/");
  await page.getByRole("link", { name: "Stories", exact: true }).first().click();
  await expect(page).toHaveURL("/stories");
  // A client-side navigation proves the module scripts ran.
  await page.getByRole("article").first().getByRole("link").first().click();
  await expect(page).toHaveURL(/\/story\//);
  await expect(page.locator("article p").first()).toBeVisible();
  await page.goto("/story/the-doll-hospital");
  await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
  await page.goto("/no-such-page");
  await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
  expect(await violations()).toEqual([]);
});

test("an inline script injected into a page is blocked", async ({ page }) => {
  const violations = await recordViolations(page);
  await page.goto("/story/the-doll-hospital");
  await page.evaluate(() => {
    const script = document.createElement("script");
    script.textContent = "window.__injected = true;";
    document.body.append(script);
  });
  await expect.poll(async () => (await violations()).some((v) => v.includes("script-src"))).toBe(true);
  expect(await page.evaluate(() => (window as unknown as { __injected?: boolean }).__injected)).toBeUndefined();
});
