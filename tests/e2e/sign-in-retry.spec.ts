import { newReader, register, signIn, signOut } from "../support/accounts";
import { expect, test } from "../support/test";

// A known bug (docs/decisions/024): with JavaScript, after one wrong password the next
// sign-in needed two clicks. One click must do, with JavaScript on and off.
test("after a wrong password, one click on Sign in signs the reader in", async ({ page }) => {
  const reader = newReader();
  await register(page, reader);
  await page.getByRole("banner").getByLabel(`Account menu for ${reader.username}`).click();
  await signOut(page);
  await signIn(page, reader.email, "not-the-password");
  await expect(page.getByRole("alert")).toHaveText("The email or password is not right.");

  await page.getByLabel("Password", { exact: true }).fill(reader.password);
  const posts: string[] = [];
  page.on("request", (request) => {
    // The sign-in posts only (the analytics beacons post too).
    if (request.method() === "POST" && !request.url().includes("/api/analytics/")) posts.push(request.url());
  });
  await page.getByRole("button", { name: "Sign in" }).click();
  await expect(page.getByRole("heading", { name: `Welcome, ${reader.username}` })).toBeVisible();
  expect(posts).toHaveLength(1);
});
