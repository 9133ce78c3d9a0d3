// Changing the email address: a single-use link to the NEW address, valid for
// an hour; the account's address changes only when that link is confirmed.
// Only the token's SHA-256 is stored (as for password resets).
import { createHash, randomBytes } from "node:crypto";
import { AuthError } from "~/auth/auth.server";
import { confirmEmailChangeEmail } from "~/auth/mail.server";
import { prisma } from "~/db.server";
import { siteMailer } from "~/messages/site-mailer.server";

export const EMAIL_CHANGE_TTL_MS = 60 * 60_000;

export const hashEmailToken = (token: string) => createHash("sha256").update(token).digest("hex");

export const EMAIL_TAKEN = "Another account uses this address.";

/** Sends the confirmation link to `newEmail`; returns the link (the tests of this module read it). */
export async function requestEmailChange(userId: string, newEmail: string, origin: string, now = Date.now()) {
  const email = newEmail.toLowerCase();
  const user = await prisma.user.findUniqueOrThrow({ where: { id: userId }, select: { email: true, username: true } });
  if (user.email === email) throw new AuthError("This is already your address.", "email");
  if (await prisma.user.findUnique({ where: { email }, select: { id: true } }))
    throw new AuthError(EMAIL_TAKEN, "email");
  const token = randomBytes(32).toString("hex");
  // One pending change at a time: an older link stops working.
  await prisma.$transaction([
    prisma.emailChange.deleteMany({ where: { userId } }),
    prisma.emailChange.create({
      data: {
        userId,
        newEmail: email,
        tokenHash: hashEmailToken(token),
        expiresAt: new Date(now + EMAIL_CHANGE_TTL_MS),
      },
    }),
  ]);
  const link = `${origin.replace(/\/$/, "")}/confirm-email?${new URLSearchParams({ token })}`;
  await siteMailer.send({
    to: email,
    ...confirmEmailChangeEmail({ username: user.username, link, minutes: EMAIL_CHANGE_TTL_MS / 60_000 }),
  });
  return link;
}

/** The pending change a token names, if it can still be used. */
export async function pendingEmailChange(token: string, now = Date.now()) {
  const row = await prisma.emailChange.findUnique({
    where: { tokenHash: hashEmailToken(token) },
    select: { newEmail: true, usedAt: true, expiresAt: true },
  });
  return row && !row.usedAt && row.expiresAt.getTime() > now ? { newEmail: row.newEmail } : null;
}

export type ConfirmResult = { ok: true; email: string } | { ok: false; reason: "invalid" | "taken" };

/** Uses the token once: the address changes now. Pending password-reset links (sent to the old address) stop working. */
export async function confirmEmailChange(token: string, now = Date.now()): Promise<ConfirmResult> {
  const tokenHash = hashEmailToken(token);
  try {
    return await prisma.$transaction(async (tx) => {
      const claimed = await tx.emailChange.updateMany({
        where: { tokenHash, usedAt: null, expiresAt: { gt: new Date(now) } },
        data: { usedAt: new Date(now) },
      });
      if (claimed.count !== 1) return { ok: false, reason: "invalid" } as const;
      const change = await tx.emailChange.findUniqueOrThrow({ where: { tokenHash } });
      await tx.user.update({ where: { id: change.userId }, data: { email: change.newEmail } });
      await tx.passwordReset.deleteMany({ where: { userId: change.userId } });
      return { ok: true, email: change.newEmail } as const;
    });
  } catch (error) {
    // Someone registered the address after the link was sent (the unique email).
    if ((error as { code?: string }).code === "P2002") return { ok: false, reason: "taken" };
    throw error;
  }
}
