import { queryE2eDb } from "../support/db";
import { expect, test } from "../support/test";

test("feedback: too short gets the message, a valid one is thanked and stored, and another can follow", async ({
  page,
  javaScriptEnabled,
  checkA11y,
}) => {
  await page.goto("/stories?page=2");
  // Without JavaScript the floating button is a link here; with it, a dialog (below).
  if (javaScriptEnabled) await page.goto("/feedback?page=%2Fstories%3Fpage%3D2");
  else await page.getByRole("link", { name: "Feedback", exact: true }).click();
  await expect(page).toHaveURL("/feedback?page=%2Fstories%3Fpage%3D2");
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
    page: "/stories?page=2",
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

test.describe("the floating Feedback button with JavaScript", () => {
  test.skip(({ javaScriptEnabled }) => !javaScriptEnabled, "without JavaScript it is the link above");

  test("opens a dialog: too short, then sent and thanked, then another", async ({ page, checkA11y }) => {
    await page.goto("/stories?page=2");
    const opener = page.getByRole("button", { name: "Feedback", exact: true });
    await opener.click();
    const dialog = page.getByRole("dialog", { name: "Feedback" });
    await expect(dialog).toBeVisible();
    await expect(dialog.getByLabel("Type")).toBeFocused();
    await checkA11y();

    await dialog.getByLabel("Your feedback").fill("Eh");
    await dialog.getByRole("button", { name: "Send feedback" }).click();
    await expect(dialog.getByText("Please provide more details about your feedback")).toBeVisible();

    const text = `The dialog works in the dark ${Date.now()}`;
    await dialog.getByLabel("Category").selectOption("ui");
    await dialog.getByLabel("Your feedback").fill(text);
    await dialog.getByRole("button", { name: "Send feedback" }).click();
    await expect(page.getByRole("dialog", { name: "Thank You for Your Feedback!" })).toBeVisible();
    const toast = page.getByRole("region", { name: "Notifications" }).getByRole("status");
    await expect(toast).toContainText("Feedback Submitted");
    await expect(toast).toContainText("Thank you for your feedback! We appreciate your input.");
    await checkA11y();
    const rows = await queryE2eDb<{ category: string; page: string; screenResolution: string | null }>(
      'SELECT category, page, screenResolution FROM "Feedback" WHERE content = ?',
      [text],
    );
    expect(rows).toEqual([
      { category: "ui", page: "/stories?page=2", screenResolution: expect.stringMatching(/^\d+ x \d+$/) },
    ]);

    await page.getByRole("button", { name: "Submit Another Feedback" }).click();
    await expect(dialog.getByLabel("Your feedback")).toHaveValue("");
    // Escape closes it and the keyboard is back on the button.
    await page.keyboard.press("Escape");
    await expect(dialog).toBeHidden();
    await expect(opener).toBeFocused();
  });

  test("a failed submission says so and keeps the reader's text", async ({ page, request }) => {
    // Use up this client's hourly feedback allowance through the real API.
    const { csrfToken } = (await (await request.get("/api/csrf-token")).json()) as { csrfToken: string };
    for (let i = 0; i < 10; i++) {
      const sent = await request.post("/api/feedback", {
        headers: { "X-CSRF-Token": csrfToken },
        data: { content: `Filling the allowance ${i}` },
      });
      expect(sent.status()).toBe(201);
    }
    await page.goto("/about");
    await page.getByRole("button", { name: "Feedback", exact: true }).click();
    const dialog = page.getByRole("dialog", { name: "Feedback" });
    await dialog.getByLabel("Your feedback").fill("This one will not get through");
    const send = dialog.getByRole("button", { name: "Send feedback" });
    await send.click();
    const toast = page.getByRole("region", { name: "Notifications" }).getByRole("status");
    await expect(toast).toContainText("Submission Failed");
    await expect(toast).toContainText("There was a problem submitting your feedback. Please try again.");
    await expect(dialog.getByLabel("Your feedback")).toHaveValue("This one will not get through");
    await expect(send).toBeEnabled();
    // A toast can be closed.
    await page.getByRole("button", { name: "Close notification: Submission Failed" }).click();
    await expect(toast).toHaveCount(0);
  });
});
