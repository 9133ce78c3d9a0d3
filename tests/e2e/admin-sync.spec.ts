import { ADMIN } from "../../playwright.config";
import { signInAndOpen, signUp } from "../support/accounts";
import { syncNowAndWait } from "../support/sync";
import { expect, test } from "../support/test";

test("an administrator runs a content sync from the admin area", async ({ page, checkA11y }) => {
  await signInAndOpen(page, ADMIN, "/admin/wordpress-sync");
  await expect(page.getByRole("heading", { level: 1, name: "Content sync" })).toBeVisible();
  const latest = await syncNowAndWait(page);
  await expect(latest).toContainText("Synced 24 posts from WordPress");
  await checkA11y();
});

test("a reader can neither see nor trigger the content sync", async ({ page, context }) => {
  await signUp(page);
  const response = await page.goto("/admin/wordpress-sync");
  expect(response?.status()).toBe(403);
  // A POST with a valid CSRF token is still refused: the action checks the role itself.
  const { csrfToken } = await (await context.request.get("/api/csrf-token")).json();
  const post = await context.request.post("/admin/wordpress-sync", { form: { csrf: csrfToken }, maxRedirects: 0 });
  expect(post.status()).toBe(403);
});
