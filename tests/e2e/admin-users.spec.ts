// User management (docs/decisions/017), JavaScript on and off: an
// admin suspends a reader, who is signed out at once and cannot sign in again
// until reinstated; makes and removes an admin (both ask for the acting
// admin's password); ends sessions; deletes; and suspends in bulk.
// Every user here is the test's own: the shared admin is never acted on.
import type { Browser, Page } from "@playwright/test";
import { ADMIN } from "../../playwright.config";
import { newReader, signIn, signInAndOpen, signInByApi, signUp } from "../support/accounts";
import { anotherPersonPage, expect, test } from "../support/test";

const SUSPENDED =
  "This account is suspended, so it cannot sign in. If you think this is a mistake, write to us through the contact page.";

/** A reader, registered and signed in in a browser of their own. */
async function readerPage(browser: Browser, js: boolean, baseURL: string) {
  const page = await anotherPersonPage(browser, { javaScriptEnabled: js, baseURL: baseURL });
  const reader = newReader();
  await signUp(page, reader);
  return { page, reader };
}

async function asAdmin(page: Page, path: string) {
  await signInAndOpen(page, ADMIN, path);
}

/** Finds the user through the search and opens their page. */
async function openUser(admin: Page, username: string) {
  await admin.goto("/admin/users");
  await admin.getByLabel("Search by name or email").fill(username);
  await admin.getByRole("button", { name: "Find users" }).click();
  await expect(admin).toHaveURL(new RegExp(`q=${username}`));
  await admin.getByRole("link", { name: username, exact: true }).click();
  await expect(admin.getByRole("heading", { level: 1, name: username })).toBeVisible();
}

const toast = (page: Page, text: string) => page.getByRole("status").filter({ hasText: text });
const signedOut = (page: Page) => page.getByRole("banner").getByRole("link", { name: "Sign In" });

test("an admin suspends a reader, who is signed out and cannot sign in until reinstated", async ({
  page,
  browser,
  baseURL,
  javaScriptEnabled,
  checkA11y,
}) => {
  const { page: readerTab, reader } = await readerPage(browser, javaScriptEnabled ?? true, baseURL as string);
  await asAdmin(page, "/admin/users");
  await expect(page.getByRole("heading", { level: 1, name: "Users" })).toBeVisible();
  await checkA11y();
  await openUser(page, reader.username);
  await expect(page.getByRole("heading", { name: "Sessions (1)" })).toBeVisible();
  await checkA11y();

  await page.getByLabel("Reason (optional, for administrators)").fill("Spam in the comments");
  await page.getByRole("button", { name: "Suspend" }).click();
  await expect(toast(page, "Suspended")).toBeVisible();
  await expect(page.getByText(/Suspended since/)).toBeVisible();
  await expect(page.getByRole("heading", { name: "Sessions (0)" })).toBeVisible();
  await expect(page.getByRole("listitem").filter({ hasText: "Suspended by" })).toBeVisible();

  // The reader's open session ended; signing in again is refused with a clear message.
  await readerTab.goto("/stories");
  await expect(signedOut(readerTab)).toBeVisible();
  await signIn(readerTab, reader.email, reader.password);
  await expect(readerTab.getByRole("alert")).toHaveText(SUSPENDED);

  await page.getByRole("button", { name: "Reinstate" }).click();
  await expect(toast(page, "Reinstated")).toBeVisible();
  await signIn(readerTab, reader.email, reader.password);
  await expect(readerTab.getByRole("link", { name: "Go to the stories" })).toBeVisible();
  await readerTab.context().close();
});

test("make admin, remove admin with the password step, end sessions, delete", async ({
  page,
  browser,
  baseURL,
  javaScriptEnabled,
  checkA11y,
}) => {
  // A long walk: about 30 page loads without JavaScript, three axe checks and seven sign-ins took 31 s
  // on a quiet machine (2026-12-02).
  test.slow();
  const { page: readerTab, reader } = await readerPage(browser, javaScriptEnabled ?? true, baseURL as string);
  await asAdmin(page, "/admin/users");
  await openUser(page, reader.username);

  // Making an admin asks for the acting admin's password as removing one does: not one tap.
  const promote = page.locator("form").filter({ has: page.getByRole("button", { name: "Make admin" }) });
  const promotePassword = promote.getByLabel("Your password (to make this user an administrator)");
  await promote.getByRole("button", { name: "Make admin" }).click();
  // The browser stops the empty required field (the server refuses it too: users.server.test.ts).
  await expect(promotePassword).toBeFocused();
  await expect(page.getByText("Reader · Active")).toBeVisible();
  await promotePassword.fill("not-my-password");
  await promote.getByRole("button", { name: "Make admin" }).click();
  await expect(
    page.getByRole("alert").filter({ hasText: "That is not your password. Nothing changed." }),
  ).toBeVisible();
  await expect(page.getByText("Reader · Active")).toBeVisible();
  await expect(promotePassword).toHaveAttribute("aria-invalid", "true");
  // The wrong password is not left in the field to be typed over, JavaScript on or off.
  await expect(promotePassword).toHaveValue("");
  await expect(promotePassword).toBeFocused();
  await checkA11y();
  await promotePassword.fill(ADMIN.password);
  await promote.getByRole("button", { name: "Make admin" }).click();
  await expect(toast(page, "Made an administrator")).toBeVisible();
  await expect(page.getByText("Administrator · Active")).toBeVisible();

  // An action on an administrator needs the acting admin's password: a wrong one changes nothing.
  const demote = page.locator("form").filter({ has: page.getByRole("button", { name: "Remove admin" }) });
  await demote.getByLabel("Your password (this user is an administrator)").fill("not-my-password");
  await demote.getByRole("button", { name: "Remove admin" }).click();
  await expect(
    page.getByRole("alert").filter({ hasText: "That is not your password. Nothing changed." }),
  ).toBeVisible();
  await expect(page.getByText("Administrator · Active")).toBeVisible();
  await checkA11y();
  await demote.getByLabel("Your password (this user is an administrator)").fill(ADMIN.password);
  await demote.getByRole("button", { name: "Remove admin" }).click();
  await expect(toast(page, "Administrator role removed")).toBeVisible();
  await expect(page.getByText("Reader · Active")).toBeVisible();

  // Six more sign-ins elsewhere: the page lists the five most recent and counts the rest, so a user
  // with hundreds of sessions is not a page of hundreds.
  for (let i = 0; i < 6; i++) {
    const elsewhere = await browser.newContext({ baseURL: baseURL as string });
    await signInByApi(await elsewhere.newPage(), reader);
    await elsewhere.close();
  }
  await page.reload();
  const sessions = page.getByRole("region", { name: "Sessions (7)" });
  await expect(sessions.getByRole("listitem")).toHaveCount(5);
  await expect(sessions.getByText("And 2 more, used less recently.")).toBeVisible();

  await page.getByRole("button", { name: "End sessions" }).click();
  await expect(toast(page, "Sessions ended")).toBeVisible();
  await expect(page.getByRole("heading", { name: "Sessions (0)" })).toBeVisible();
  await readerTab.goto("/stories");
  await expect(signedOut(readerTab)).toBeVisible();

  // Deleting a person is asked first (the audit's defect 1): the first press deletes nothing, says
  // what the choice does and takes focus; "No, keep the account" goes back with nothing done.
  await page.getByLabel("Remove them").check();
  await page.getByRole("button", { name: "Delete account" }).click();
  const question = page
    .getByRole("alert")
    .filter({ hasText: `Delete the account “${reader.username}”? Their stories and community posts are removed` });
  await expect(question).toContainText("This cannot be undone.");
  await expect(question).toBeFocused();
  await checkA11y();
  await page.getByRole("link", { name: "No, keep the account" }).click();
  await expect(page.getByRole("button", { name: "Delete account" })).toBeVisible();
  await expect(page.getByRole("button", { name: `Yes, delete “${reader.username}”` })).toHaveCount(0);
  await page.goto(`/admin/users?q=${reader.username}`);
  await expect(page.getByRole("link", { name: reader.username, exact: true })).toBeVisible();
  await page.getByRole("link", { name: reader.username, exact: true }).click();
  await page.getByRole("button", { name: "Delete account" }).click();
  await page.getByRole("button", { name: `Yes, delete “${reader.username}”` }).click();
  await expect(toast(page, "Account deleted")).toBeVisible();
  await expect(page).toHaveURL(/\/admin\/users$/);
  await page.goto(`/admin/users?q=${reader.username}`);
  await expect(page.getByText("No user matches.")).toBeVisible();
  await signIn(readerTab, reader.email, reader.password);
  await expect(readerTab.getByRole("alert")).toHaveText("The email or password is not right.");
  await readerTab.context().close();
});

test("bulk: suspend and reinstate the ticked users from the list", async ({
  page,
  browser,
  baseURL,
  javaScriptEnabled,
  checkA11y,
}) => {
  const js = javaScriptEnabled ?? true;
  const one = await readerPage(browser, js, baseURL as string);
  const two = await readerPage(browser, js, baseURL as string);
  await asAdmin(page, "/admin/users");
  // Both readers share the "reader_" prefix with many others: search each name and filter on status.
  for (const { reader } of [one, two]) {
    await page.goto(`/admin/users?q=${reader.username}`);
    await page.getByLabel(`Select ${reader.username}`).check();
    await page.getByRole("button", { name: "Suspend" }).click();
    await expect(toast(page, "Suspended")).toBeVisible();
    await expect(page.getByRole("listitem").filter({ hasText: reader.username })).toContainText("Suspended");
  }
  await page.goto(`/admin/users?status=suspended&q=${one.reader.username.slice(0, 7)}`);
  await checkA11y();
  await one.page.goto("/stories");
  await expect(signedOut(one.page)).toBeVisible();

  // Nothing ticked: a clear message, nothing changes.
  await page.goto(`/admin/users?q=${one.reader.username}`);
  await page.getByRole("button", { name: "Reinstate" }).click();
  await expect(page.getByRole("alert").filter({ hasText: "Choose at least one user." })).toBeVisible();

  await page.getByLabel(`Select ${one.reader.username}`).check();
  await page.getByRole("button", { name: "Reinstate" }).click();
  await expect(toast(page, "Reinstated")).toBeVisible();
  await expect(page.getByRole("listitem").filter({ hasText: one.reader.username })).not.toContainText("Suspended");
  await signIn(one.page, one.reader.email, one.reader.password);
  await expect(one.page.getByRole("link", { name: "Go to the stories" })).toBeVisible();
  await signIn(two.page, two.reader.email, two.reader.password);
  await expect(two.page.getByRole("alert")).toHaveText(SUSPENDED);
  await one.page.context().close();
  await two.page.context().close();
});

test("a reader gets the 403 page for the user list and a user's page", async ({ page }) => {
  await signUp(page);
  expect((await page.goto("/admin/users"))?.status()).toBe(403);
  expect((await page.goto("/admin/users/anyone"))?.status()).toBe(403);
});

test("the list and a user's page fit a phone without sideways scrolling", async ({
  page,
  browser,
  baseURL,
  javaScriptEnabled,
  checkA11y,
}) => {
  const { page: readerTab, reader } = await readerPage(browser, javaScriptEnabled ?? true, baseURL as string);
  await readerTab.context().close();
  await page.setViewportSize({ width: 390, height: 844 });
  await asAdmin(page, "/admin/users");
  const overflow = () => page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  await expect(page.getByRole("heading", { level: 1, name: "Users" })).toBeVisible();
  expect(await overflow()).toBeLessThanOrEqual(0);
  await openUser(page, reader.username);
  expect(await overflow()).toBeLessThanOrEqual(0);
  await checkA11y();
});

test("bulk Suspend with nobody ticked is refused: focus lands on the message, which says so", async ({
  page,
  checkA11y,
}) => {
  await signInAndOpen(page, ADMIN, "/admin/users");
  await page.getByRole("button", { name: "Suspend" }).click();
  const alert = page.getByRole("main").getByRole("alert");
  await expect(alert).toHaveText(/.+/);
  await expect(alert).toBeFocused();
  await checkA11y();
});
