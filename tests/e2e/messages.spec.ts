import { randomUUID } from "node:crypto";
import { latestMail } from "../support/accounts";
import { queryE2eDb } from "../support/db";
import { expect, test } from "../support/test";

/** The site's address (CONTACT_EMAIL's default on the test site). */
const SITE_ADDRESS = "hello@horrorstories.example";

test("the contact form: a short message is sent back with the text kept; a good one is stored and mailed", async ({
  page,
  checkA11y,
}) => {
  const marker = randomUUID().slice(0, 8);
  await page.goto("/contact");
  await expect(page).toHaveTitle(/Contact/);
  await checkA11y();

  await page.getByLabel("Your name").fill("Mara Quill");
  await page.getByLabel("Your email").fill(`mara-${marker}@horror.test`);
  await page.getByLabel("Subject (optional)").fill(`A story for you ${marker}`);
  await page.getByLabel("Message", { exact: true }).fill("Hi");
  await page.getByRole("button", { name: "Send message" }).click();
  await expect(page.getByText("Please write a little more (at least 10 characters).")).toBeVisible();
  // Focus is on the field to fix, with JavaScript or without (a new page).
  await expect(page.getByLabel("Message", { exact: true })).toBeFocused();
  await expect(page.getByLabel("Your name")).toHaveValue("Mara Quill");
  await expect(page.getByLabel("Subject (optional)")).toHaveValue(`A story for you ${marker}`);
  await checkA11y();

  const message = `I wrote something about the lighthouse keeper, may I send it? ${marker}`;
  await page.getByLabel("Message", { exact: true }).fill(message);
  await page.getByRole("button", { name: "Send message" }).click();
  await expect(page.getByRole("heading", { name: "Thank you for writing" })).toBeVisible();
  await expect(page.getByRole("region", { name: "Notifications" }).getByRole("status")).toContainText("Message sent");
  await checkA11y();

  const rows = await queryE2eDb<{ name: string; email: string; subject: string; mailedAt: unknown }>(
    'SELECT name, email, subject, mailedAt FROM "ContactMessage" WHERE message = ?',
    [message],
  );
  expect(rows).toHaveLength(1);
  expect(rows[0]).toMatchObject({ name: "Mara Quill", email: `mara-${marker}@horror.test` });
  expect(rows[0]?.mailedAt).not.toBeNull();
  const mail = await latestMail((m) => m.text.includes(message));
  expect(mail.to).toEqual([SITE_ADDRESS]);
  expect(mail.subject).toBe(`[Contact] A story for you ${marker}`);
  expect(mail.raw).toMatch(new RegExp(`^Reply-To: mara-${marker}@horror.test`, "mi"));

  await page.getByRole("link", { name: "Write another message" }).click();
  await expect(page.getByLabel("Message", { exact: true })).toHaveValue("");
});

test("a copyright claim needs both statements, keeps what was typed, and is stored and mailed", async ({
  page,
  checkA11y,
}) => {
  const marker = randomUUID().slice(0, 8);
  await page.goto("/legal/copyright");
  await expect(page.getByRole("heading", { name: "File a copyright claim" })).toBeVisible();

  const work = `"The Drowned Choir", first published on my blog in 2019 ${marker}`;
  await page.getByLabel("Your name").fill("Ines Hollow");
  await page.getByLabel("Your email").fill(`ines-${marker}@horror.test`);
  await page.getByLabel("The work that was copied").fill(work);
  await page.getByLabel("Where the copy is").fill("https://copycat.example/drowned-choir");
  await page.getByRole("button", { name: "Send the claim" }).click();
  await expect(page.getByText("The good-faith statement is required for a claim.")).toBeVisible();
  await expect(page.getByText("The accuracy statement is required for a claim.")).toBeVisible();
  await expect(page.getByLabel("The work that was copied")).toHaveValue(work);
  await checkA11y();
  expect(await queryE2eDb('SELECT id FROM "CopyrightClaim" WHERE work = ?', [work])).toHaveLength(0);

  await page.getByLabel(/in good faith/).check();
  await page.getByLabel(/information in this claim is accurate/).check();
  await page.getByRole("button", { name: "Send the claim" }).click();
  await expect(page.getByRole("heading", { name: "Your claim has reached us" })).toBeVisible();
  await expect(page.getByRole("region", { name: "Notifications" }).getByRole("status")).toContainText("Claim received");
  await checkA11y();

  const rows = await queryE2eDb<{ location: string; goodFaith: number; accurate: number; status: string }>(
    'SELECT location, goodFaith, accurate, status FROM "CopyrightClaim" WHERE work = ?',
    [work],
  );
  expect(rows).toEqual([
    { location: "https://copycat.example/drowned-choir", goodFaith: 1, accurate: 1, status: "received" },
  ]);
  const mail = await latestMail((m) => m.text.includes(work));
  expect(mail.subject).toContain("[Copyright claim]");
  expect(mail.text).toContain("https://copycat.example/drowned-choir");
});
