// Password reset: a single-use link that expires in an hour. Only the token's
// SHA-256 is stored; using it ends every session of the account.
import { createHash, randomBytes } from "node:crypto";
import { allowMailTo } from "~/auth/mail-limit.server";
import { prisma } from "~/db.server";
import { runAfterAnswer } from "~/site/schedule.server";
import { siteMailer } from "~/site/site-mailer.server";
import { hashPassword } from "./password.server";
import { resetPasswordEmail } from "./reset-mail.server";
import { destroyAllSessions } from "./session.server";

export const RESET_TTL_MS = 60 * 60_000;

const hashToken = (token: string) => createHash("sha256").update(token).digest("hex");

/**
 * Sends a reset link when the address has an account. The caller answers the
 * same either way, so the answer never reveals whether an account exists.
 */
export async function requestPasswordReset(email: string, origin: string): Promise<void> {
  const user = await prisma.user.findUnique({
    where: { email: email.toLowerCase() },
    select: { id: true, username: true, email: true },
  });
  if (!user) return;
  // The per-recipient limit of every mail a stranger can ask for (docs/decisions/032); the
  // caller's answer is the same either way, so it tells nothing about the account.
  if (!(await allowMailTo(user.email)).allowed) return;
  // A new link replaces every earlier one: only the newest link in the mailbox works.
  await prisma.passwordReset.deleteMany({ where: { userId: user.id } });
  const token = randomBytes(32).toString("hex");
  await prisma.passwordReset.create({
    data: { tokenHash: hashToken(token), userId: user.id, expiresAt: new Date(Date.now() + RESET_TTL_MS) },
  });
  const link = `${origin.replace(/\/$/, "")}/reset-password?${new URLSearchParams({ token })}`;
  const message = resetPasswordEmail({ username: user.username, link, minutes: RESET_TTL_MS / 60_000 });
  await siteMailer.send({ to: user.email, ...message, kind: "password reset" });
}

/** Whether a reset token can still be used (to show the form or a clear message). */
export async function isResetTokenUsable(token: string): Promise<boolean> {
  const reset = await prisma.passwordReset.findUnique({ where: { tokenHash: hashToken(token) } });
  return Boolean(reset && !reset.usedAt && reset.expiresAt.getTime() > Date.now());
}

/** Sets the new password; false when the link is unknown, used or expired. */
export async function resetPassword(token: string, password: string): Promise<boolean> {
  const tokenHash = hashToken(token);
  const hash = await hashPassword(password);
  const userId = await prisma.$transaction(async (tx) => {
    // Claim the token first: a second use of the same link finds nothing to update.
    const claimed = await tx.passwordReset.updateMany({
      where: { tokenHash, usedAt: null, expiresAt: { gt: new Date() } },
      data: { usedAt: new Date() },
    });
    if (claimed.count !== 1) return null;
    const reset = await tx.passwordReset.findUniqueOrThrow({ where: { tokenHash } });
    await tx.password.upsert({
      where: { userId: reset.userId },
      create: { userId: reset.userId, hash },
      update: { hash },
    });
    await tx.passwordReset.updateMany({ where: { userId: reset.userId, usedAt: null }, data: { usedAt: new Date() } });
    return reset.userId;
  });
  if (!userId) return false;
  await destroyAllSessions(userId);
  return true;
}

/**
 * `requestPasswordReset` after the answer (app/routes/reset-password.tsx): what fails is the
 * operators' line on stderr ("[password reset mail] failed: …"), never the reader's answer, and a
 * clean shutdown waits for it.
 */
export function sendResetMailAfterAnswer(email: string, origin: string): void {
  runAfterAnswer("password reset mail", () => requestPasswordReset(email, origin));
}
