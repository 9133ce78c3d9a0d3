import { newReader, register } from "../support/accounts";
import { expect, test } from "../support/test";

test("a signed-in reader sees their own feedback with its status", async ({ page, checkA11y }) => {
  const anonymous = await page.goto("/user/feedback-dashboard");
  expect(anonymous?.url()).toContain("/auth?redirectTo=%2Fuser%2Ffeedback-dashboard");

  await register(page, newReader());
  await page.goto("/feedback");
  const text = `Please add more winter stories ${Date.now()}`;
  await page.getByLabel("Your feedback").fill(text);
  await page.getByRole("button", { name: "Send feedback" }).click();
  await expect(page.getByRole("heading", { name: "Thank You for Your Feedback!" })).toBeVisible();

  await page.goto("/user/feedback-dashboard");
  const item = page.getByRole("listitem").filter({ hasText: text });
  await expect(item).toContainText("Received");
  await checkA11y();
});
