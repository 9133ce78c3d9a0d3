// Mail a reader can make the site send to others, and moving an account to another
// address (issue 39, docs/decisions/032): the limits per account and per recipient
// hold against a real server process, an email change needs the password (or a sign-in
// a few minutes old), and the old address gets a link that undoes the change.
import { randomUUID } from "node:crypto";
import { hiddenFields, httpClient } from "../support/http-client.ts";
import type { Site } from "../support/site-server.ts";
import type { SmtpCatcher } from "../support/smtp-catcher.ts";
import { askForEmailChange, expect, newReader, test } from "./fixtures.ts";

/** The numbers of app/auth/mail-limit.server.ts. */
const PER_RECIPIENT = 3;
const PER_ACCOUNT = 5;

const victimAddress = () => `someone-${randomUUID().slice(0, 8)}@victim.example`;
const mailTo = (mail: SmtpCatcher, address: string) => mail.messages.filter((m) => m.to.includes(address));

/** Moves the reader's sign-in back in time, as if they had signed in `minutes` ago. */
async function signedInMinutesAgo(site: Site, email: string, minutes: number) {
  // SQLite's column may hold ISO text or epoch milliseconds (it keeps what was written); PostgreSQL's is a timestamp.
  const type = site.engine === "postgresql" ? "'text'" : 'typeof(s."createdAt")';
  const rows = await site.query<{ id: string; t: string; v: string | number }>(
    `SELECT s.id AS id, ${type} AS t, s."createdAt" AS v FROM "Session" s JOIN "User" u ON u.id = s."userId" WHERE u.email = ?`,
    [email],
  );
  for (const row of rows) {
    const then = Date.now() - minutes * 60_000;
    const value = row.t === "text" ? new Date(then).toISOString() : then;
    await site.query(`UPDATE "Session" SET "createdAt" = ? WHERE id = ?`, [value, row.id]);
  }
  expect(rows.length).toBeGreaterThan(0);
}

const linkIn = (text: string, path: string) =>
  new URL(text.match(new RegExp(`https?://\\S+${path}\\?token=[a-f0-9]{64}`))?.[0] as string);

test("a reader makes the site mail a stranger at most 3 times, whatever they send", async ({ site, mail }) => {
  const victim = victimAddress();
  const sender = httpClient(site.url);
  await sender.register(newReader());
  const answers: number[] = [];
  for (let i = 0; i < 8; i++) answers.push((await askForEmailChange(sender, victim)).status);
  expect(answers).toEqual([302, 302, 302, 429, 429, 429, 429, 429]);
  const refused = await askForEmailChange(sender, victim);
  expect(refused.status).toBe(429);
  expect(Number(refused.headers.get("retry-after"))).toBeGreaterThan(0);
  expect(refused.text).toContain("Too many emails were sent to this address or from your account.");
  // What was typed stays in the form.
  expect(refused.text).toContain(`value="${victim}"`);
  // Another account cannot add to the stranger's inbox either.
  const other = httpClient(site.url);
  await other.register(newReader());
  expect((await askForEmailChange(other, victim)).status).toBe(429);
  await expect.poll(() => mailTo(mail, victim).length).toBe(PER_RECIPIENT);
  // The mails that did go say nothing more than the confirmation does.
  for (const m of mailTo(mail, victim)) expect(m.subject).toBe("Confirm your new Horror Stories email address");
});

test("one account makes the site send at most 5 confirmation mails an hour, to any addresses", async ({
  site,
  mail,
}) => {
  const sender = httpClient(site.url);
  await sender.register(newReader());
  const addresses = Array.from({ length: PER_ACCOUNT + 2 }, victimAddress);
  const answers: number[] = [];
  for (const address of addresses) answers.push((await askForEmailChange(sender, address)).status);
  expect(answers).toEqual([...Array(PER_ACCOUNT).fill(302), 429, 429]);
  await expect.poll(() => addresses.flatMap((a) => mailTo(mail, a)).length).toBe(PER_ACCOUNT);
  // The limits are rows in the database, so every server process counts together.
  const rows = await site.query<{ n: number }>(`SELECT COUNT(*) AS n FROM "RateLimit" WHERE key LIKE 'mail-%'`);
  expect(Number(rows[0]?.n)).toBeGreaterThan(0);
});

test("password reset mail to one account's address is limited per recipient too, and answers the same", async ({
  site,
  mail,
}) => {
  const owner = newReader();
  await httpClient(site.url).register(owner);
  for (let i = 0; i < PER_RECIPIENT + 3; i++) {
    // A new client address each time: the per-address limit is not what stops this.
    const client = httpClient(site.url);
    const hidden = await hiddenFields(client, "/reset-password");
    const reply = await client.post("/reset-password", {
      body: { form: [...Object.entries(hidden), ["intent", "request"], ["email", owner.email]] },
    });
    expect(reply.status).toBe(302);
    expect(reply.location).toBe("/reset-password?sent=1");
  }
  await expect.poll(() => mailTo(mail, owner.email).length).toBe(PER_RECIPIENT);
});

test("an email change needs the current password once the sign-in is more than five minutes old", async ({
  site,
  mail,
}) => {
  const reader = newReader();
  const client = httpClient(site.url);
  await client.register(reader);
  await signedInMinutesAgo(site, reader.email, 6);
  const next = victimAddress();

  const page = await client.get("/settings/profile");
  expect(page.text).toMatch(/<input[^>]*id="email-current-password"[^>]*required/);

  const missing = await askForEmailChange(client, next);
  expect(missing.status).toBe(400);
  expect(missing.text).toContain("Type your current password to change your address.");
  expect(missing.text).toContain(`value="${next}"`);
  const wrong = await askForEmailChange(client, next, "not-my-password");
  expect(wrong.status).toBe(400);
  expect(wrong.text).toContain("Your current password is not right.");
  // The password typed is never sent back.
  expect(wrong.text).not.toContain("not-my-password");
  expect(mailTo(mail, next)).toHaveLength(0);

  expect((await askForEmailChange(client, next, reader.password)).status).toBe(302);
  await expect.poll(() => mailTo(mail, next).length).toBe(1);
});

test("the old address is told, and its link puts the address back and signs out the thief", async ({ site, mail }) => {
  const reader = newReader();
  const thief = httpClient(site.url);
  await thief.register(reader);
  const theirs = victimAddress();
  expect((await askForEmailChange(thief, theirs)).status).toBe(302);
  const confirmLink = linkIn((await mail.waitFor((m) => m.to.includes(theirs))).text, "/confirm-email");
  const confirm = httpClient(site.url);
  const confirmFields = await hiddenFields(confirm, confirmLink.pathname + confirmLink.search);
  const confirmed = await confirm.post("/confirm-email", {
    body: { form: [...Object.entries(confirmFields), ["token", confirmLink.searchParams.get("token") as string]] },
  });
  expect(confirmed.status).toBe(302);

  const notice = await mail.waitFor((m) => m.to.includes(reader.email));
  expect(notice.subject).toBe("Your Horror Stories email address was changed");
  expect(notice.text).toContain(`changed to ${theirs}`);
  const undo = linkIn(notice.text, "/restore-email");
  const emailOf = async () =>
    (await site.query<{ email: string }>(`SELECT email FROM "User" WHERE username = ?`, [reader.username]))[0]?.email;
  expect(await emailOf()).toBe(theirs);

  // Opening the link changes nothing: it shows what will happen and a button.
  const owner = httpClient(site.url);
  const page = await owner.get(undo.pathname + undo.search);
  expect(page.status).toBe(200);
  expect(page.headers.get("cache-control")).toContain("private");
  expect(page.text).toContain("Put my old address back");
  expect(await emailOf()).toBe(theirs);

  const fields = await hiddenFields(owner, undo.pathname + undo.search);
  // The link opened a second time, in another tab: its form is a new one (docs/decisions/051).
  const secondTab = await hiddenFields(owner, undo.pathname + undo.search);
  const token = undo.searchParams.get("token") as string;
  const restored = await owner.post("/restore-email", {
    body: { form: [...Object.entries(fields), ["token", token]] },
  });
  expect(restored.status).toBe(302);
  expect(restored.location).toBe("/restore-email?done=1");
  expect(await emailOf()).toBe(reader.email);
  expect((await thief.get("/api/auth/status")).json).toMatchObject({ isAuthenticated: false });

  // Once only: the same form sent again gets its first answer, the other tab's is refused.
  const resent = await owner.post("/restore-email", { body: { form: [...Object.entries(fields), ["token", token]] } });
  expect(resent.location).toBe("/restore-email?done=1");
  const again = await owner.post("/restore-email", {
    body: { form: [...Object.entries(secondTab), ["token", token]] },
  });
  expect(again.status).toBe(400);
  expect(again.text).toContain("This link has expired or was already used.");
});
