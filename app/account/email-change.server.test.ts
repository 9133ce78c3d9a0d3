// Issue 39 (docs/decisions/032): who may ask for an email change, how much mail that
// makes, and the undo link the old address gets.
import { beforeEach, describe, expect, it } from "vitest";
import { MAIL_LIMITS } from "~/auth/mail-limit.server";
import { hashPassword } from "~/auth/password.server";
import { requestPasswordReset } from "~/auth/reset.server";
import { createSession } from "~/auth/session.server";
import { prisma } from "~/db.server";
import { TooManyRequestsError, WRONG_PASSWORD } from "./current-password.server";
import { exportAccountData } from "./data.server";
import {
  confirmEmailChange,
  confirmIdentity,
  EMAIL_RESTORE_TTL_MS,
  hashEmailToken,
  PASSWORD_NEEDED,
  pendingEmailRestore,
  RECENT_SIGN_IN_MS,
  requestEmailChange,
  restoreEmail,
  SIGN_IN_AGAIN,
} from "./email-change.server";

let n = 0;
const stamp = () => `${++n}-${Date.now()}`;
async function reader(password: string | null = "old-password-1") {
  const id = stamp();
  return prisma.user.create({
    data: {
      email: `ec${id}@horror.test`,
      username: `Ec_${id}`,
      usernameKey: `ec_${id}`.toLowerCase(),
      ...(password ? { password: { create: { hash: await hashPassword(password) } } } : {}),
    },
  });
}

/** A request with a session that signed in `ago` milliseconds before now. */
async function signedIn(userId: string, ago = 0) {
  const cookie = (await createSession(userId, false)).split(";")[0] as string;
  if (ago) await prisma.session.updateMany({ where: { userId }, data: { createdAt: new Date(Date.now() - ago) } });
  return new Request("http://localhost/settings/profile", { headers: { Cookie: cookie } });
}

beforeEach(async () => {
  await prisma.user.deleteMany();
  await prisma.rateLimit.deleteMany();
});

describe("who may ask for an email change", () => {
  it("takes the current password, or a sign-in within the last few minutes", async () => {
    const user = await reader();
    const old = await signedIn(user.id, RECENT_SIGN_IN_MS + 60_000);
    await expect(confirmIdentity(user.id, old, undefined)).rejects.toThrow(PASSWORD_NEEDED);
    await expect(confirmIdentity(user.id, old, "not-it")).rejects.toThrow(WRONG_PASSWORD);
    await expect(confirmIdentity(user.id, old, "old-password-1")).resolves.toBeUndefined();
    await prisma.session.deleteMany();
    await expect(confirmIdentity(user.id, await signedIn(user.id), undefined)).resolves.toBeUndefined();
  });

  it("gives an account without a password the recent sign-in, and says how to get one", async () => {
    const user = await reader(null);
    await expect(confirmIdentity(user.id, await signedIn(user.id), undefined)).resolves.toBeUndefined();
    await prisma.session.deleteMany();
    const old = await signedIn(user.id, RECENT_SIGN_IN_MS + 1000);
    await expect(confirmIdentity(user.id, old, "anything")).rejects.toThrow(SIGN_IN_AGAIN);
  });

  it("counts wrong passwords like sign-ins to the account", async () => {
    const user = await reader();
    const old = await signedIn(user.id, RECENT_SIGN_IN_MS + 1000);
    for (let i = 0; i < 10; i++)
      await expect(confirmIdentity(user.id, old, `guess-${i}`)).rejects.toThrow(WRONG_PASSWORD);
    await expect(confirmIdentity(user.id, old, "old-password-1")).rejects.toBeInstanceOf(TooManyRequestsError);
  });
});

describe("mail limits", () => {
  it("limits the links one account can make the site send", async () => {
    const user = await reader();
    for (let i = 0; i < MAIL_LIMITS.account.limit; i++)
      await requestEmailChange(user.id, `a${i}@victim.test`, "http://x");
    await expect(requestEmailChange(user.id, "one-more@victim.test", "http://x")).rejects.toBeInstanceOf(
      TooManyRequestsError,
    );
  });

  it("limits the mail one address receives, whoever asks, password resets included", async () => {
    const senders = await Promise.all([reader(), reader(), reader(), reader()]);
    for (const sender of senders.slice(0, MAIL_LIMITS.recipient.limit))
      await requestEmailChange(sender.id, "target@victim.test", "http://x");
    await expect(requestEmailChange(senders[3]?.id as string, "target@victim.test", "http://x")).rejects.toThrow(
      "Too many emails",
    );
    // A reset link to an account's address counts against the same allowance, silently.
    const owner = await reader();
    for (let i = 0; i < MAIL_LIMITS.recipient.limit; i++) await requestPasswordReset(owner.email, "http://x");
    // Each new link replaces the one before (reset.server.ts): one is left, and no more are made.
    const last = await prisma.passwordReset.findMany({ where: { userId: owner.id } });
    expect(last).toHaveLength(1);
    for (let i = 0; i < 2; i++) await requestPasswordReset(owner.email, "http://x");
    expect(await prisma.passwordReset.findMany({ where: { userId: owner.id } })).toEqual(last);
  });
});

describe("undoing a change from the old address", () => {
  it("restores the old address once, ends the other sessions and every other pending link", async () => {
    const user = await reader();
    // The thief's session.
    await signedIn(user.id);
    const link = await requestEmailChange(user.id, "thief@evil.test", "http://x");
    const confirmed = await confirmEmailChange(new URL(link).searchParams.get("token") as string);
    if (!confirmed.ok) throw new Error("not confirmed");
    const token = new URL(confirmed.restoreLink).searchParams.get("token") as string;
    expect(new URL(confirmed.restoreLink).pathname).toBe("/restore-email");
    const row = await prisma.emailRestore.findFirstOrThrow({ where: { userId: user.id } });
    expect(row).toMatchObject({ oldEmail: user.email, newEmail: "thief@evil.test", tokenHash: hashEmailToken(token) });
    expect(row.expiresAt.getTime() - row.createdAt.getTime()).toBeGreaterThan(EMAIL_RESTORE_TTL_MS - 60_000);
    expect(await pendingEmailRestore(token)).toEqual({ oldEmail: user.email, newEmail: "thief@evil.test" });
    // Download my data holds it, without the token's hash.
    const exported = await exportAccountData(user.id);
    expect(exported.emailChangeUndoLinks).toEqual([expect.objectContaining({ oldEmail: user.email })]);
    expect(JSON.stringify(exported)).not.toContain(row.tokenHash);

    // The thief moves it on, and gets an undo link of their own at the second address.
    const second = await requestEmailChange(user.id, "thief2@evil.test", "http://x");
    const moved = await confirmEmailChange(new URL(second).searchParams.get("token") as string);
    if (!moved.ok) throw new Error("not moved");
    await prisma.passwordReset.create({ data: { userId: user.id, tokenHash: "e".repeat(64), expiresAt: new Date() } });

    const owner = new Request("http://localhost/restore-email", { method: "POST" });
    expect(await restoreEmail(token, owner)).toEqual({ ok: true, email: user.email, endedSessions: 1 });
    expect((await prisma.user.findUniqueOrThrow({ where: { id: user.id } })).email).toBe(user.email);
    expect(await prisma.session.count({ where: { userId: user.id } })).toBe(0);
    expect(await prisma.passwordReset.count({ where: { userId: user.id } })).toBe(0);
    // Used once; the thief's own undo link does not move it back.
    expect(await restoreEmail(token, owner)).toEqual({ ok: false, reason: "invalid" });
    const thiefs = new URL(moved.restoreLink).searchParams.get("token") as string;
    expect(await restoreEmail(thiefs, owner)).toEqual({ ok: false, reason: "invalid" });
  });

  it("expires, and keeps the address when another account took the old one meanwhile", async () => {
    const user = await reader();
    const link = await requestEmailChange(user.id, "elsewhere@horror.test", "http://x");
    const confirmed = await confirmEmailChange(new URL(link).searchParams.get("token") as string);
    if (!confirmed.ok) throw new Error("not confirmed");
    const token = new URL(confirmed.restoreLink).searchParams.get("token") as string;
    const request = new Request("http://localhost/restore-email", { method: "POST" });
    expect(await restoreEmail(token, request, Date.now() + EMAIL_RESTORE_TTL_MS + 1000)).toEqual({
      ok: false,
      reason: "invalid",
    });
    await prisma.user.create({ data: { email: user.email, username: "squatter", usernameKey: "squatter" } });
    expect(await restoreEmail(token, request)).toEqual({ ok: false, reason: "taken" });
    expect((await prisma.user.findUniqueOrThrow({ where: { id: user.id } })).email).toBe("elsewhere@horror.test");
    // Nothing was used up: it still works once the address is free again.
    expect(await pendingEmailRestore(token)).not.toBeNull();
  });
});
