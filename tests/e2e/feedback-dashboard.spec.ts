import { newReader, register, signUp } from "../support/accounts";
import { expect, test } from "../support/test";

test("a signed-in reader sees their own feedback with its status", async ({ page, checkA11y }) => {
  const anonymous = await page.goto("/user/feedback-dashboard");
  expect(anonymous?.url()).toContain("/auth?redirectTo=%2Fuser%2Ffeedback-dashboard");

  await signUp(page);
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

test("the account menu and the feedback page link to the reader's feedback dashboard", async ({ page, checkA11y }) => {
  const reader = newReader();
  await register(page, reader);

  await page.getByRole("banner").getByLabel(`Account menu for ${reader.username}`).click();
  await page.getByRole("banner").getByRole("link", { name: "Your feedback" }).click();
  await expect(page).toHaveURL(/\/user\/feedback-dashboard$/);
  await expect(page.getByRole("heading", { level: 1, name: "Your feedback" })).toBeVisible();
  await checkA11y();

  await page.goto("/feedback");
  await page.getByRole("link", { name: "See the feedback you have sent and its status" }).click();
  await expect(page).toHaveURL(/\/user\/feedback-dashboard$/);
  await expect(page.getByRole("heading", { level: 1, name: "Your feedback" })).toBeVisible();
});
