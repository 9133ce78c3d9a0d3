import { queryE2eDb } from "../support/db";
import { expect, test } from "../support/test";

// The error logger is JavaScript: the js-off project ignores *.js-only.spec.ts.
type Stored = { id: string; message: string; url?: string };
const storedErrors = (page: import("@playwright/test").Page) =>
  page.evaluate(() => JSON.parse(localStorage.getItem("app_errors") ?? "[]") as Stored[]);

test("uncaught errors, rejections and failed resources are kept, reported and announced", async ({ page }) => {
  await page.goto("/about");
  await expect(page.getByRole("button", { name: "Feedback", exact: true })).toBeVisible(); // hydrated
  const marker = Date.now();

  await page.evaluate((m) => {
    const image = document.createElement("img");
    image.alt = "";
    image.src = `/missing-${m}.png`;
    document.body.append(image);
    setTimeout(() => {
      throw new Error(`Uncaught in a timer ${m}`);
    });
    void Promise.reject(new Error(`Rejected ${m}`));
  }, marker);

  await expect
    .poll(async () => (await storedErrors(page)).map((r) => r.message).sort())
    .toEqual(
      [`Rejected ${marker}`, `Uncaught Error: Uncaught in a timer ${marker}`, "Failed to load resource: img"].sort(),
    );
  const toasts = page.getByRole("region", { name: "Notifications" }).getByRole("status");
  await expect(toasts.filter({ hasText: `Rejected ${marker}` })).toHaveCount(1);
  await expect(toasts.filter({ hasText: "Failed to load resource: img" })).toHaveCount(1);

  const ids = (await storedErrors(page)).map((r) => r.id);
  await expect
    .poll(async () => {
      const rows = await queryE2eDb<{ id: string }>(
        `SELECT id FROM "ErrorLog" WHERE id IN (${ids.map(() => "?").join(",")})`,
        ids,
      );
      return rows.length;
    })
    .toBe(3);
  const [full] = await queryE2eDb<{ url: string; userAgent: string }>(
    'SELECT url, userAgent FROM "ErrorLog" WHERE message = ?',
    [`Uncaught Error: Uncaught in a timer ${marker}`],
  );
  expect(full?.url).toMatch(/\/about$/);
  expect(full?.userAgent).toContain("Chrome");
});

test("ResizeObserver noise is dropped, and only the latest 10 are kept", async ({ page }) => {
  await page.goto("/about");
  await expect(page.getByRole("button", { name: "Feedback", exact: true })).toBeVisible();
  await page.evaluate(() => {
    window.dispatchEvent(new ErrorEvent("error", { message: "ResizeObserver loop limit exceeded" }));
    for (let i = 0; i < 12; i++) window.dispatchEvent(new ErrorEvent("error", { message: `Error number ${i}` }));
  });
  await expect.poll(async () => (await storedErrors(page)).length).toBe(10);
  const messages = (await storedErrors(page)).map((r) => r.message);
  expect(messages[0]).toBe("Error number 11");
  expect(messages.some((m) => m.includes("ResizeObserver"))).toBe(false);
});
