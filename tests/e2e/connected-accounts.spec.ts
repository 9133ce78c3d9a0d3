// Signing in with an OpenID Connect provider and /settings/connected-accounts,
// against a real provider on loopback (tests/support/oidc-provider.ts), with
// JavaScript on and off. Who the provider signs in is chosen per test through
// the browser's own X-Test-Client header.
import { randomUUID } from "node:crypto";
import type { Page } from "@playwright/test";
import { DEGRADED_PORT, OIDC_ISSUER, OIDC_PROVIDER } from "../../playwright.config";
import { newReader, signIn, signOut, signUp } from "../support/accounts";
import type { TestIdentity } from "../support/oidc-provider";
import { expect, test } from "../support/test";

const NAME = OIDC_PROVIDER.name;

/** Tells the provider who signs in from this test's browser. */
async function providerSignsIn(clientId: string, identity: TestIdentity) {
  const response = await fetch(`${OIDC_ISSUER}/__control/identity`, {
    method: "POST",
    headers: { "Content-Type": "application/json" },
    body: JSON.stringify({ client: clientId, ...identity }),
  });
  expect(response.status).toBe(204);
}

function personAtProvider(): TestIdentity & { email: string; preferred_username: string } {
  const id = randomUUID().slice(0, 8);
  return {
    sub: `lantern-${id}`,
    email: `lamp-${id}@oidc.test`,
    email_verified: true,
    preferred_username: `lamp_${id}`,
  };
}

async function signInWithProvider(page: Page, redirectTo?: string) {
  await page.goto(redirectTo ? `/auth?${new URLSearchParams({ redirectTo })}` : "/auth");
  await page.getByRole("link", { name: `Sign in with ${NAME}` }).click();
}

const settings = "/settings/connected-accounts";

test("signing in with the provider creates an account, signs in and goes back where the reader was", async ({
  page,
  clientId,
}) => {
  const person = personAtProvider();
  await providerSignsIn(clientId, person);
  await signInWithProvider(page, "/bookmarks");
  await expect(page.getByRole("heading", { name: `Welcome, ${person.preferred_username}` })).toBeVisible();
  await page.getByRole("link", { name: "Continue where you were" }).click();
  await expect(page).toHaveURL(/\/bookmarks$/);

  await page.goto(settings);
  await expect(page.getByText(`Connected as ${person.email}`)).toBeVisible();
  // Signed out and in again: the same account.
  await page.goto("/");
  await page.getByRole("banner").getByLabel(`Account menu for ${person.preferred_username}`).click();
  await signOut(page);
  await signInWithProvider(page);
  await expect(page.getByRole("heading", { name: `Welcome, ${person.preferred_username}` })).toBeVisible();
});

test("a reader connects the provider in settings, then signs in with it to the same account; disconnects", async ({
  page,
  clientId,
  checkA11y,
}) => {
  const reader = newReader();
  await signUp(page, reader);
  await page.goto(settings);
  await expect(page.getByText("Not connected.")).toBeVisible();
  await checkA11y();

  const person = { ...personAtProvider(), email: `elsewhere-${randomUUID().slice(0, 6)}@oidc.test` };
  await providerSignsIn(clientId, person);
  await page.getByRole("button", { name: `Connect ${NAME}` }).click();
  await expect(page.getByText(`Connected to ${NAME}`)).toBeVisible();
  await expect(page.getByText(`Connected as ${person.email}`)).toBeVisible();
  await checkA11y();

  await page.goto("/");
  await page.getByRole("banner").getByLabel(`Account menu for ${reader.username}`).click();
  await signOut(page);
  await signInWithProvider(page);
  await expect(page.getByRole("heading", { name: `Welcome, ${reader.username}` })).toBeVisible();

  // The account has a password too: the connection can go.
  await page.goto(settings);
  await page.getByRole("button", { name: `Disconnect ${NAME}` }).click();
  await expect(page.getByText(`Disconnected ${NAME}`)).toBeVisible();
  await expect(page.getByText("Not connected.")).toBeVisible();
});

test("the only way to sign in offers no Disconnect: the reason beside it, and a link to set a password", async ({
  page,
  clientId,
}) => {
  const person = personAtProvider();
  await providerSignsIn(clientId, person);
  await signInWithProvider(page);
  await expect(page.getByRole("heading", { name: `Welcome, ${person.preferred_username}` })).toBeVisible();
  await page.goto(settings);
  const row = page.getByRole("listitem").filter({ hasText: `Connected as ${person.email}` });
  await expect(row.getByText("Your only way to sign in, so it stays connected.")).toBeVisible();
  await expect(page.getByRole("button", { name: `Disconnect ${NAME}` })).toHaveCount(0);
  await expect(page.getByText("Forgot your password?")).toHaveCount(0);
  await row.getByRole("link", { name: "Set a password" }).click();
  await expect(page).toHaveURL("/settings/profile#password");
  await expect(page.getByRole("heading", { name: "Set a password" })).toBeInViewport();
  await page.getByLabel("New password", { exact: true }).fill("a-lantern-in-the-fog");
  await page.getByLabel("New password again").fill("a-lantern-in-the-fog");
  await page.getByRole("button", { name: "Set password" }).click();
  await expect(page.getByText("Password set")).toBeVisible();
  // With a password, the connection can go.
  await page.goto(settings);
  await page.getByRole("button", { name: `Disconnect ${NAME}` }).click();
  await expect(page.getByText(`Disconnected ${NAME}`)).toBeVisible();
});

test("a provider account connected to another account is refused", async ({ page, clientId }) => {
  const person = personAtProvider();
  await providerSignsIn(clientId, person);
  await signInWithProvider(page);
  await expect(page.getByRole("heading", { name: `Welcome, ${person.preferred_username}` })).toBeVisible();
  await page.context().clearCookies({ name: "hs_session" });

  const reader = newReader();
  await signUp(page, reader);
  await page.goto(settings);
  await page.getByRole("button", { name: `Connect ${NAME}` }).click();
  await expect(page.getByRole("alert")).toContainText(`This ${NAME} account is already connected to another account`);
  await expect(page.getByText("Not connected.")).toBeVisible();
});

test("an existing account's email is never linked: the reader is told to sign in and connect", async ({
  page,
  clientId,
}) => {
  const reader = newReader();
  await signUp(page, reader);
  await page.context().clearCookies({ name: "hs_session" });
  await providerSignsIn(clientId, { ...personAtProvider(), email: reader.email });
  await signInWithProvider(page);
  await expect(page).toHaveURL(/\/auth\?/);
  await expect(page.getByRole("alert")).toContainText("Sign in with your password, then connect");
  await expect(page.getByRole("banner").getByRole("link", { name: "Sign In" })).toBeVisible();
});

test("the provider's refusal, and a tampered ID token, show a message on /auth", async ({
  page,
  clientId,
  checkA11y,
}) => {
  await providerSignsIn(clientId, { ...personAtProvider(), error: "access_denied" });
  await signInWithProvider(page);
  await expect(page.getByRole("alert")).toContainText(`Signing in with ${NAME} was cancelled or refused`);
  await expect(page.getByRole("link", { name: `Sign in with ${NAME}` })).toBeVisible();
  await checkA11y();

  await providerSignsIn(clientId, { ...personAtProvider(), tamper: true });
  await signInWithProvider(page);
  await expect(page.getByRole("alert")).toContainText(`We could not verify the answer from ${NAME}`);
  await expect(page.getByRole("banner").getByRole("link", { name: "Sign In" })).toBeVisible();

  // A callback this browser did not start.
  await page.goto(`/auth/oidc/${OIDC_PROVIDER.id}/callback?code=stolen&state=guessed`);
  await expect(page.getByRole("alert")).toContainText("was not started in this browser");
});

test("a site with no provider configured offers no provider sign-in", async ({ page }) => {
  await page.goto(`http://localhost:${DEGRADED_PORT}/auth`);
  await expect(page.getByRole("button", { name: "Sign in" })).toBeVisible();
  await expect(page.getByRole("link", { name: /^Sign in with/ })).toHaveCount(0);
  const start = await page.request.get(`http://localhost:${DEGRADED_PORT}/auth/oidc/${OIDC_PROVIDER.id}`, {
    maxRedirects: 0,
  });
  expect(start.status()).toBe(404);
});

test("a provider sign-in counts against the same sign-in limit as passwords", async ({ page, clientId }) => {
  // Five wrong passwords from this client: the limit (RATE_LIMITS.login) is reached.
  for (let i = 0; i < 5; i++) {
    await signIn(page, `nobody-${i}@horror.test`, "not-the-password");
    await expect(page.getByRole("alert").first()).toContainText("The email or password is not right.");
  }
  await providerSignsIn(clientId, personAtProvider());
  await signInWithProvider(page);
  // The wait in the shared wording of every limit (the window began at the first wrong password).
  await expect(page.getByRole("alert")).toContainText("Too many sign-in attempts. Try again in 15 minutes.");
  await expect(page.getByRole("banner").getByRole("link", { name: "Sign In" })).toBeVisible();
});
