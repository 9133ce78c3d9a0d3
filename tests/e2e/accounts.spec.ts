import type { Response } from "@playwright/test";
import { ADMIN } from "../../playwright.config";
import { latestMailTo, newReader, register, signIn, signOut, signUp } from "../support/accounts";
import { expect, giveConsent, test } from "../support/test";

test("a reader registers, is signed in, signs out and signs in again", async ({ page, checkA11y }) => {
  const reader = newReader();
  await page.goto("/auth");
  await checkA11y();
  await register(page, reader);
  await checkA11y();
  const header = page.getByRole("banner");
  await page.getByRole("link", { name: "Go to the stories" }).click();
  // The new page first: a menu opened while the navigation is still under way is closed by it,
  // as every disclosure is on a navigation.
  await expect(page.getByRole("heading", { level: 1, name: "Stories for the long dark" })).toBeVisible();
  // The name itself shows where the header has room for it (from 72rem); the menu always names it.
  await expect(header.getByLabel(`Account menu for ${reader.username}`)).toBeVisible();
  await expect(header.getByRole("link", { name: "Sign In" })).toHaveCount(0);

  await header.getByLabel(`Account menu for ${reader.username}`).click();
  await expect(header.getByRole("link", { name: "Profile" })).toBeVisible();
  await expect(header.getByRole("link", { name: "Settings" })).toBeVisible();
  await header.getByRole("button", { name: "Logout" }).click();
  await expect(page).toHaveURL("/auth");
  await expect(page.getByRole("banner").getByRole("link", { name: "Sign In" })).toBeVisible();

  await signIn(page, reader.email, reader.password, "/stories?page=2");
  await expect(page.getByRole("heading", { name: `Welcome, ${reader.username}` })).toBeVisible();
  await page.getByRole("link", { name: "Continue where you were" }).click();
  await expect(page).toHaveURL("/stories?page=2");
});

test("a wrong password gets a clear message, which takes focus, and keeps the email", async ({
  page,
  javaScriptEnabled,
}) => {
  const reader = newReader();
  await register(page, reader);
  await page.getByRole("banner").getByLabel(`Account menu for ${reader.username}`).click();
  await signOut(page);
  await signIn(page, reader.email, "not-the-password");
  await expect(page.getByRole("alert")).toHaveText("The email or password is not right.");
  // Not <body> (the pressed button was disabled while the form was sent), nor the page's top
  // (without JavaScript the answer is a new page): a keyboard or screen-reader user is at the message.
  await expect(page.getByRole("alert")).toBeFocused();
  await expect(page.getByLabel("Email")).toHaveValue(reader.email);
  // The server never sends a password back into the page.
  if (!javaScriptEnabled) await expect(page.getByLabel("Password", { exact: true })).toHaveValue("");
});

test("a taken email or username gets a message on the field", async ({ page, browser, baseURL }) => {
  const reader = newReader();
  await register(page, reader);
  const otherContext = await browser.newContext();
  await giveConsent(otherContext, baseURL as string);
  const other = await otherContext.newPage();
  await other.goto("/auth?mode=register");
  await other.getByLabel("Email").fill(reader.email);
  await other.getByLabel("Username").fill(`x${reader.username}`);
  await other.getByLabel("Password").fill("long-enough-password");
  await other.getByRole("button", { name: "Create account" }).click();
  await expect(other.getByText("An account with this email already exists. Sign in instead?")).toBeVisible();
  await expect(other.getByLabel("Email")).toBeFocused();
  await expect(other.getByLabel("Username")).toHaveValue(`x${reader.username}`);
  await otherContext.close();
});

test("registration rules are explained on the fields", async ({ page }) => {
  await page.goto("/auth?mode=register");
  await page.getByLabel("Email").fill("not-an-email");
  await page.getByLabel("Username").fill("no spaces!");
  await page.getByLabel("Password").fill("short");
  await page.getByRole("button", { name: "Create account" }).click();
  await expect(page.getByText("Enter a valid email address.")).toBeVisible();
  await expect(page.getByText("Use only letters, digits, - and _.")).toBeVisible();
  await expect(page.getByText("Use at least 8 characters.")).toBeVisible();
});

test("a reader resets a forgotten password through the emailed link", async ({ page, checkA11y }) => {
  const reader = newReader();
  await register(page, reader);
  await page.getByRole("banner").getByLabel(`Account menu for ${reader.username}`).click();
  await signOut(page);

  await page.goto("/auth");
  await page.getByRole("link", { name: "Forgot your password?" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Reset your password" })).toBeVisible();
  await page.getByLabel("Email").fill(reader.email);
  await page.getByRole("button", { name: "Send me a reset link" }).click();
  await expect(page.getByRole("status")).toContainText("If an account uses that address");
  await checkA11y();

  const mail = await latestMailTo(reader.email);
  expect(mail.subject).toBe("Reset your Horror Stories password");
  const link = mail.text.match(/https?:\/\/\S+\/reset-password\?token=[a-f0-9]{64}/)?.[0];
  expect(link).toBeTruthy();
  await page.goto(new URL(link as string).pathname + new URL(link as string).search);
  const newPassword = `${reader.password}-new`;
  await page.getByLabel("New password", { exact: true }).fill(newPassword);
  await page.getByLabel("Repeat the new password").fill(newPassword);
  await page.getByRole("button", { name: "Set the new password" }).click();
  await expect(page).toHaveURL(/\/auth/);
  await expect(page.getByRole("status")).toHaveText("Your password was changed. Sign in with it.");
  await checkA11y();

  await signIn(page, reader.email, reader.password);
  await expect(page.getByRole("alert")).toHaveText("The email or password is not right.");
  await signIn(page, reader.email, newPassword);
  await expect(page.getByRole("heading", { name: `Welcome, ${reader.username}` })).toBeVisible();

  // The link works once.
  await page.goto(new URL(link as string).pathname + new URL(link as string).search);
  await expect(page.getByText("This reset link has expired or was already used.")).toBeVisible();
});

test("the reset answer never reveals whether an address has an account", async ({ page }) => {
  await page.goto("/reset-password");
  await page.getByLabel("Email").fill("nobody-here@horror.test");
  await page.getByRole("button", { name: "Send me a reset link" }).click();
  await expect(page.getByRole("status")).toContainText("If an account uses that address");
});

/** The sign-in or registration form's post (its page is /auth, with or without a query). */
const isAuthPost = (response: Response) =>
  response.request().method() === "POST" && new URL(response.url()).pathname === "/auth";

test("the sixth sign-in in a row that fails says how long to wait, on the form, as a 429", async ({
  page,
  javaScriptEnabled,
  checkA11y,
}) => {
  // An address of its own: failures are also counted per account, across runs and projects.
  const { email } = newReader();
  for (let attempt = 1; attempt <= 5; attempt++) {
    await signIn(page, email, `wrong-${attempt}`);
    await expect(page.getByRole("alert")).toHaveText("The email or password is not right.");
  }
  // Without JavaScript the form's own post answers; with it, React Router's fetch of the same action.
  const answer = javaScriptEnabled ? null : page.waitForResponse(isAuthPost);
  await signIn(page, email, "wrong-6");
  if (answer) {
    const response = await answer;
    expect(response.status()).toBe(429);
    expect(Number(await response.headerValue("Retry-After"))).toBeGreaterThan(800);
  }
  // The real wait (15 minutes' window), on the same form, which keeps the email and never the password.
  await expect(page.getByRole("alert")).toHaveText("Too many attempts. Try again in 15 minutes.");
  await expect(page.getByRole("heading", { level: 1, name: "Sign in" })).toBeVisible();
  await expect(page.getByLabel("Email")).toHaveValue(email);
  if (!javaScriptEnabled) await expect(page.getByLabel("Password", { exact: true })).toHaveValue("");
  await checkA11y();
});

test("refused registrations do not use up the limit; the limit, when reached, says its wait on the form", async ({
  page,
  javaScriptEnabled,
  baseURL,
}) => {
  const taken = newReader();
  await signUp(page, taken);
  await page.context().clearCookies();
  await giveConsent(page.context(), baseURL as string);
  const fill = async (reader: { email: string; username: string; password: string }) => {
    await page.goto("/auth?mode=register");
    await page.getByLabel("Email").fill(reader.email);
    await page.getByLabel("Username").fill(reader.username);
    await page.getByLabel("Password").fill(reader.password);
    await page.getByRole("button", { name: "Create account" }).click();
  };
  // Six refusals: a taken username (the server's answer, with or without JavaScript), and without
  // JavaScript the format mistakes too.
  for (let attempt = 1; attempt <= 6; attempt++) {
    const typo = !javaScriptEnabled && attempt % 2 === 0;
    await fill({ ...newReader(), username: typo ? "ab" : taken.username });
    await expect(page.getByText(typo ? "Use 3 to 30 characters." : "This username is taken.")).toBeVisible();
  }
  // Accounts made do count: this one is the second of the five an address may make in an hour.
  await register(page, newReader());
  await page.context().clearCookies();
  await giveConsent(page.context(), baseURL as string);
  for (let made = 2; made < 5; made++) await signUp(page, newReader());
  await page.context().clearCookies();
  await giveConsent(page.context(), baseURL as string);

  const sixth = newReader();
  const answer = javaScriptEnabled ? null : page.waitForResponse(isAuthPost);
  await fill(sixth);
  if (answer) {
    const response = await answer;
    expect(response.status()).toBe(429);
    expect(Number(await response.headerValue("Retry-After"))).toBeGreaterThan(3000);
  }
  await expect(page.getByRole("alert")).toHaveText("Too many attempts. Try again in 1 hour.");
  await expect(page.getByRole("heading", { level: 1, name: "Create an account" })).toBeVisible();
  await expect(page.getByLabel("Email")).toHaveValue(sixth.email);
  await expect(page.getByLabel("Username")).toHaveValue(sixth.username);
});

test("an email address longer than an address can be is refused with its reason", async ({ page }) => {
  await page.goto("/auth?mode=register");
  await page.getByLabel("Email").fill(`${"a".repeat(65)}@horror.test`);
  await page.getByLabel("Username").fill(newReader().username);
  await page.getByLabel("Password").fill("long-enough-password");
  await page.getByRole("button", { name: "Create account" }).click();
  await expect(
    page.getByText("That email address is too long: use at most 254 characters, and 64 before the @."),
  ).toBeVisible();
  await expect(page.getByLabel("Email")).toHaveAttribute("maxlength", "254");
});

test("the admin area: anonymous -> sign in, reader -> 403, admin -> dashboard", async ({ page }) => {
  const response = await page.goto("/admin");
  await expect(page).toHaveURL("/auth?redirectTo=%2Fadmin");
  expect(response?.status()).toBe(200);

  const reader = newReader();
  await register(page, reader);
  const forbidden = await page.goto("/admin/dashboard");
  expect(forbidden?.status()).toBe(403);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("403 Forbidden");
  await expect(page.getByText("Administration")).toHaveCount(0);

  await page.getByRole("link", { name: "Go home" }).click();
  await expect(page).toHaveURL("/");
  await page.getByRole("banner").getByLabel(`Account menu for ${reader.username}`).click();
  await signOut(page);
  await signIn(page, ADMIN.email, ADMIN.password, "/admin");
  await page.getByRole("link", { name: "Continue where you were" }).click();
  await expect(page).toHaveURL("/admin");
  await expect(page.getByRole("heading", { level: 1, name: "Dashboard" })).toBeVisible();
  await expect(page.getByRole("heading", { level: 2, name: "Needs attention" })).toBeVisible();
  await page.setViewportSize({ width: 1280, height: 900 });
  const sidebar = page.getByRole("complementary", { name: "Sidebar" });
  // On an admin page the Administration group is open, its entry for this page current (spec §2);
  // the group is collapsible.
  const dashboard = sidebar.getByRole("link", { name: "Dashboard" });
  await expect(dashboard).toHaveAttribute("aria-current", "page");
  await expect(
    page.getByRole("navigation", { name: "Administration" }).getByRole("link", { name: "Dashboard" }),
  ).toHaveAttribute("aria-current", "page");
  await sidebar.getByText("Administration").click();
  await expect(dashboard).toBeHidden();
});

test("the profile leads a reader to writing; the sidebar says Sign Out beside its Sign In, the account menu Logout", async ({
  page,
}) => {
  await page.setViewportSize({ width: 1280, height: 900 });
  const sidebar = page.getByRole("complementary", { name: "Sidebar" });
  await page.goto("/about");
  await expect(sidebar.getByRole("link", { name: "Sign In", exact: true })).toBeVisible();
  const reader = newReader();
  await page.goto("/auth");
  await register(page, reader);
  await page.goto("/profile");
  // Nothing submitted yet: the figure and the page both lead to writing.
  // Each figure's link names what it counts: a list of the page's links reads "0 Submitted stories", not "0".
  await expect(page.getByRole("link", { name: "0 Submitted stories", exact: true })).toHaveAttribute(
    "href",
    "/edit-story",
  );
  await expect(page.getByRole("link", { name: "0 Bookmarks", exact: true })).toHaveAttribute("href", "/bookmarks");
  await expect(page.getByRole("link", { name: "0 Finished", exact: true })).toHaveAttribute(
    "href",
    "/bookmarks?shelf=finished",
  );
  await expect(page.getByRole("link", { name: /^\d+$/ })).toHaveCount(0);
  await page.getByRole("link", { name: "Write a story" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Submit a story" })).toBeVisible();

  // Spec §6 "Sign Out" (the sidebar's button) and §2 Header "Logout" (the account menu).
  await expect(sidebar.getByRole("button", { name: "Sign Out", exact: true })).toBeVisible();
  const header = page.getByRole("banner");
  await header.getByLabel(`Account menu for ${reader.username}`).click();
  await expect(header.getByRole("button", { name: "Logout", exact: true })).toBeVisible();
  await sidebar.getByRole("button", { name: "Sign Out", exact: true }).click();
  await expect(page).toHaveURL("/auth");
});
