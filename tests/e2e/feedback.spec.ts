import { queryE2eDb } from "../support/db";
import { expect, test } from "../support/test";

test("feedback: too short gets the message, a valid one is thanked and stored, and another can follow", async ({
  page,
  javaScriptEnabled,
  checkA11y,
}) => {
  await page.goto("/search?q=lantern");
  // Without JavaScript the floating button is a link here; with it, a dialog
  // (feedback-dialog.js-only.spec.ts).
  if (javaScriptEnabled) await page.goto("/feedback?page=%2Fsearch%3Fq%3Dlantern");
  else await page.getByRole("link", { name: "Feedback", exact: true }).click();
  await expect(page).toHaveURL("/feedback?page=%2Fsearch%3Fq%3Dlantern");
  await expect(page.getByRole("heading", { level: 1, name: "Feedback" })).toBeVisible();
  await checkA11y();

  await page.getByLabel("Your feedback").fill("Eh");
  await page.getByRole("button", { name: "Send feedback" }).click();
  await expect(page.getByText("Please provide more details about your feedback")).toBeVisible();
  await expect(page.getByLabel("Your feedback")).toHaveValue("Eh");

  const text = `The lantern story gave me chills ${Date.now()}`;
  await page.getByLabel("Type").selectOption("content");
  await page.getByLabel("Category").selectOption("accessibility");
  await page.getByLabel("Your feedback").fill(text);
  await page.getByRole("button", { name: "Send feedback" }).click();
  await expect(page.getByRole("heading", { name: "Thank You for Your Feedback!" })).toBeVisible();
  const toast = page.getByRole("region", { name: "Notifications" }).getByRole("status");
  await expect(toast).toContainText("Feedback Submitted");
  await expect(toast).toContainText("Thank you for your feedback! We appreciate your input.");
  await checkA11y();
  const rows = await queryE2eDb<{
    type: string;
    category: string;
    page: string;
    browser: string;
    screenResolution: string | null;
  }>('SELECT type, category, page, browser, screenResolution FROM "Feedback" WHERE content = ?', [text]);
  expect(rows).toHaveLength(1);
  expect(rows[0]).toMatchObject({
    type: "content",
    category: "accessibility",
    page: "/search?q=lantern",
    browser: "Chrome",
  });
  // The screen size is added by JavaScript when there is some.
  if (javaScriptEnabled) expect(rows[0]?.screenResolution).toMatch(/^\d+ x \d+$/);
  else expect(rows[0]?.screenResolution).toBeNull();

  await page.getByRole("link", { name: "Submit Another Feedback" }).click();
  await expect(page.getByLabel("Your feedback")).toHaveValue("");
  // A flash toast shows once.
  await page.reload();
  await expect(page.getByRole("region", { name: "Notifications" }).getByRole("status")).toHaveCount(0);
});

test("feedback as long as its field allows, in lines, is taken: the browser's count of a line break is the server's", async ({
  page,
}) => {
  await page.goto("/feedback");
  const field = page.getByLabel("Your feedback");
  const limit = Number(await field.getAttribute("maxlength"));
  // 50 lines of 100 characters, the last line break included: the field's limit exactly,
  // counting each line break as one character, as the browser does (it sends CRLF).
  const stamp = `Lines ${Date.now()} `;
  const line = `${stamp}${"x".repeat(99 - stamp.length)}\n`;
  const text = `${line.repeat(limit / 100).slice(0, limit - 1)}!`;
  expect(text).toHaveLength(limit);
  await field.fill(text);
  await expect(field).toHaveValue(text);
  await page.getByRole("button", { name: "Send feedback" }).click();
  await expect(page.getByRole("heading", { name: "Thank You for Your Feedback!" })).toBeVisible();
  const rows = await queryE2eDb<{ content: string }>('SELECT content FROM "Feedback" WHERE content LIKE ?', [
    `${stamp}%`,
  ]);
  expect(rows.map((r) => r.content)).toEqual([text]);
});
