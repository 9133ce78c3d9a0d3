// With JavaScript only (the js-off project ignores *.js-only.spec.ts): without
// it the floating button is a link to /feedback, covered in feedback.spec.ts.
import { queryE2eDb } from "../support/db";
import { expect, test } from "../support/test";

test.describe("the floating Feedback button with JavaScript", () => {
  test("opens a dialog: too short, then sent and thanked, then another", async ({ page, checkA11y }) => {
    await page.goto("/search?q=lantern");
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
      { category: "ui", page: "/search?q=lantern", screenResolution: expect.stringMatching(/^\d+ x \d+$/) },
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
