import { randomUUID } from "node:crypto";
import { expect, type Page } from "@playwright/test";
import { SMTP_HTTP_PORT } from "../../playwright.config";

export function newReader() {
  const id = randomUUID().slice(0, 8);
  return { email: `reader-${id}@horror.test`, username: `reader_${id}`, password: `candle-${id}-wax` };
}

export async function register(page: Page, reader: { email: string; username: string; password: string }) {
  await page.goto("/auth?mode=register");
  await page.getByLabel("Email").fill(reader.email);
  await page.getByLabel("Username").fill(reader.username);
  await page.getByLabel("Password").fill(reader.password);
  await page.getByRole("button", { name: "Create account" }).click();
  await expect(page.getByRole("heading", { name: `Welcome, ${reader.username}` })).toBeVisible();
}

export async function signIn(page: Page, email: string, password: string, redirectTo?: string) {
  await page.goto(redirectTo ? `/auth?${new URLSearchParams({ redirectTo })}` : "/auth");
  await page.getByLabel("Email").fill(email);
  await page.getByLabel("Password", { exact: true }).fill(password);
  await page.getByRole("button", { name: "Sign in" }).click();
}

/**
 * A new reader (or the one given), registered through the site's JSON API in the page's browser
 * context, which then holds the session just as after the form. For tests about what a
 * signed-in reader does next: the form has its own tests (accounts.spec.ts), and a page load of
 * it costs a JavaScript test about 0.3 s. The page stays where it is (a new page: about:blank).
 */
export async function signUp(page: Page, reader = newReader()) {
  const reply = await page.request.post("/api/auth/register", {
    data: reader,
    headers: { "X-CSRF-Token": await apiCsrfToken(page) },
  });
  expect(reply.status(), await reply.text()).toBe(201);
  return reader;
}

/** Signs in through the JSON API (see signUp). The page stays where it is. */
export async function signInByApi(page: Page, account: { email: string; password: string }) {
  const reply = await page.request.post("/api/auth/login", {
    data: { email: account.email, password: account.password },
    headers: { "X-CSRF-Token": await apiCsrfToken(page) },
  });
  expect(reply.status(), await reply.text()).toBe(200);
}

/** Signs in through the JSON API, then opens `to` and waits for its heading. */
export async function signInAndOpen(page: Page, account: { email: string; password: string }, to: string) {
  await signInByApi(page, account);
  await page.goto(to);
  await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
}

/** A CSRF token for the JSON API (its cookie goes into the page's context). */
async function apiCsrfToken(page: Page): Promise<string> {
  const reply = await page.request.get("/api/csrf-token");
  expect(reply.status()).toBe(200);
  return ((await reply.json()) as { csrfToken: string }).csrfToken;
}

/**
 * Logout from the open account menu, waiting until it has happened: a
 * navigation started right after the click would cancel the logout post.
 */
export async function signOut(page: Page) {
  await page.getByRole("banner").getByRole("button", { name: "Logout" }).click();
  await expect(page.getByRole("banner").getByRole("link", { name: "Sign In" })).toBeVisible();
}

type Mail = { to: string[]; subject: string; text: string; raw: string };

/** The newest email that matches, read from the SMTP catcher's HTTP API (waits for it). */
export async function latestMail(matches: (mail: Mail) => boolean): Promise<Mail> {
  let found: Mail | undefined;
  await expect
    .poll(async () => {
      const response = await fetch(`http://127.0.0.1:${SMTP_HTTP_PORT}/messages`);
      const messages = (await response.json()) as Mail[];
      found = messages.filter(matches).at(-1);
      return Boolean(found);
    })
    .toBe(true);
  return found as Mail;
}

/** The newest email to an address. */
export function latestMailTo(address: string): Promise<Mail> {
  return latestMail((m) => m.to.includes(address));
}
