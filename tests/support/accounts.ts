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

/** Signs in, then follows "Continue where you were" to `to` and waits for its heading. */
export async function signInAndContinue(page: Page, account: { email: string; password: string }, to: string) {
  await signIn(page, account.email, account.password, to);
  await page.getByRole("link", { name: "Continue where you were" }).click();
  await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
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
