// Moving an account to another address, hardened (issue 39, docs/decisions/032), and
// saving an empty display name or bio, with JavaScript on and off: the current
// password on the email form once the sign-in is a few minutes old, the message to
// the old address, and its link that undoes the change and signs out the thief.
import type { Page } from "@playwright/test";
import { expectAccessible } from "../support/a11y";
import { latestMailTo, newReader, signUp } from "../support/accounts";
import { queryE2eDb } from "../support/db";
import { expect, giveConsent, test } from "../support/test";

function toast(page: Page, title: string) {
  return page.getByRole("region", { name: "Notifications" }).getByRole("status").filter({ hasText: title });
}

const emailSection = (page: Page) => page.getByRole("region", { name: "Email address" });

/** As if the reader had signed in `minutes` ago (the email form asks for the password after five). */
async function signedInMinutesAgo(email: string, minutes: number) {
  const rows = await queryE2eDb<{ id: string; t: string }>(
    `SELECT s.id AS id, typeof(s."createdAt") AS t FROM "Session" s JOIN "User" u ON u.id = s."userId" WHERE u.email = ?`,
    [email],
  );
  expect(rows.length).toBeGreaterThan(0);
  const then = Date.now() - minutes * 60_000;
  for (const row of rows)
    await queryE2eDb(`UPDATE "Session" SET "createdAt" = ? WHERE id = ?`, [
      row.t === "text" ? new Date(then).toISOString() : then,
      row.id,
    ]);
}

const linkIn = (text: string, path: string) => {
  const link = text.match(new RegExp(`https?://\\S+${path}\\?token=[a-f0-9]{64}`))?.[0];
  expect(link, `a ${path} link`).toBeTruthy();
  const url = new URL(link as string);
  return url.pathname + url.search;
};

test("the email form asks for the current password once the sign-in is a few minutes old", async ({
  page,
  checkA11y,
}) => {
  const reader = newReader();
  await signUp(page, reader);
  await page.goto("/settings/profile");
  // Just signed in: the password may be left empty.
  await expect(
    emailSection(page).getByText("You signed in less than 5 minutes ago, so you may leave this empty."),
  ).toBeVisible();

  await signedInMinutesAgo(reader.email, 6);
  await page.reload();
  const password = emailSection(page).getByLabel("Current password");
  await expect(password).toHaveAttribute("required", "");
  await checkA11y();

  const next = `moved-${reader.email}`;
  await emailSection(page).getByLabel("New email address").fill(next);
  await password.fill("not-my-password");
  await emailSection(page).getByRole("button", { name: "Send confirmation link" }).click();
  await expect(emailSection(page).getByText("Your current password is not right.")).toBeVisible();
  // What was typed stays, but the password.
  await expect(emailSection(page).getByLabel("New email address")).toHaveValue(next);
  await expect(emailSection(page).getByLabel("Current password")).toHaveValue("");
  await checkA11y();

  await emailSection(page).getByLabel("Current password").fill(reader.password);
  await emailSection(page).getByRole("button", { name: "Send confirmation link" }).click();
  await expect(toast(page, "Check your new address")).toBeVisible();
  expect((await latestMailTo(next)).subject).toBe("Confirm your new Horror Stories email address");
});

test("the old address is told, and its link puts it back and signs out the other browser", async ({
  page,
  browser,
  baseURL,
  javaScriptEnabled,
}) => {
  // The reader's session in `page` stands for a stolen one.
  const reader = newReader();
  await signUp(page, reader);
  const theirs = `thief-${reader.email}`;
  await page.goto("/settings/profile");
  await emailSection(page).getByLabel("New email address").fill(theirs);
  await emailSection(page).getByRole("button", { name: "Send confirmation link" }).click();
  await expect(toast(page, "Check your new address")).toBeVisible();
  await page.goto(linkIn((await latestMailTo(theirs)).text, "/confirm-email"));
  await page.getByRole("button", { name: "Use this address" }).click();
  await expect(toast(page, "Email address changed")).toBeVisible();

  const notice = await latestMailTo(reader.email);
  expect(notice.subject).toBe("Your Horror Stories email address was changed");
  expect(notice.text).toContain(`was just changed to ${theirs}`);
  const undo = linkIn(notice.text, "/restore-email");

  // The owner opens the link in a browser of their own.
  const context = await browser.newContext({ baseURL, javaScriptEnabled });
  await giveConsent(context, baseURL as string);
  const owner = await context.newPage();
  await owner.goto(undo);
  await expect(owner.getByRole("heading", { level: 1, name: "Undo the email change" })).toBeVisible();
  await expect(owner.getByText(`Your account's address was changed to ${theirs}.`)).toBeVisible();
  await expectAccessible(owner, { jsEnabled: javaScriptEnabled ?? true, browser });
  await owner.getByRole("button", { name: "Put my old address back" }).click();
  await expect(toast(owner, "Your old address is back")).toBeVisible();
  await expect(
    owner.getByText("Your old address is back, and any other device signed in to the account was signed out."),
  ).toBeVisible();
  await expectAccessible(owner, { jsEnabled: javaScriptEnabled ?? true, browser });

  // The other browser is signed out; the link works once.
  await page.goto("/settings/profile");
  await expect(page).toHaveURL(/\/auth\?redirectTo=/);
  await owner.goto(undo);
  await expect(owner.getByText(/This link has expired or was already used/)).toBeVisible();
  await context.close();
  const rows = await queryE2eDb<{ email: string }>('SELECT email FROM "User" WHERE username = ?', [reader.username]);
  expect(rows[0]?.email).toBe(reader.email);
});

test("an empty display name and bio save as none", async ({ page }) => {
  const reader = newReader();
  await signUp(page, reader);
  await page.goto("/settings/profile");
  await page.getByLabel("Display name").fill("Mara of the Marsh");
  await page.getByLabel("Bio").fill("Keeps a lamp lit.");
  await page.getByRole("button", { name: "Save profile" }).click();
  await expect(toast(page, "Profile saved")).toBeVisible();
  await page.goto("/settings/profile");
  await expect(page.getByLabel("Display name")).toHaveValue("Mara of the Marsh");

  await page.getByLabel("Display name").fill("");
  await page.getByLabel("Bio").fill("");
  await page.getByRole("button", { name: "Save profile" }).click();
  await expect(toast(page, "Profile saved")).toBeVisible();
  await expect(page.getByText("Invalid input")).toHaveCount(0);
  await page.goto("/settings/profile");
  await expect(page.getByLabel("Display name")).toHaveValue("");
  await expect(page.getByLabel("Bio")).toHaveValue("");
  const rows = await queryE2eDb<{ displayName: string | null; bio: string | null }>(
    'SELECT "displayName", bio FROM "User" WHERE email = ?',
    [reader.email],
  );
  expect(rows[0]).toEqual({ displayName: null, bio: null });
});
