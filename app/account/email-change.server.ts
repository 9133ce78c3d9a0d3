// Changing the email address (issue 13, hardened in issue 39, docs/decisions/032):
// - asking needs the current password, or a sign-in within the last few minutes
//   (the only way for an account made through a sign-in provider, which has no password);
// - a single-use link to the NEW address, valid for an hour, counted against the
//   mail limits (app/messages/mail-limit.server.ts); the address changes only when
//   that link is confirmed;
// - then the OLD address is told, with a single-use link that undoes the change and
//   signs out every other session: a stolen session cannot move the account for good.
// Only the tokens' SHA-256 is stored (as for password resets).
import { createHash, randomBytes } from "node:crypto";
import { RECENT_SIGN_IN_MINUTES } from "~/account/account";
import { AuthError } from "~/auth/auth.server";
import { allowMailTo, mailLimitMessage } from "~/auth/mail-limit.server";
import { destroyOtherSessions, getSessionId } from "~/auth/session.server";
import { isUniqueViolation, prisma } from "~/db.server";
import { env } from "~/env.server";
import { MailNotSentError } from "~/site/mail.server";
import { siteMailer } from "~/site/site-mailer.server";
import { checkCurrentPassword, TooManyRequestsError } from "./current-password.server";
import { confirmEmailChangeEmail, emailChangedNoticeEmail } from "./email-change-mail.server";

export const EMAIL_CHANGE_TTL_MS = 60 * 60_000;
/** How long the old address can undo a change: a week, since its owner may not read mail every day. */
export const EMAIL_RESTORE_TTL_MS = 7 * 24 * 60 * 60_000;
/** A sign-in this recent stands in for the password (OWASP ASVS re-authentication before a sensitive change). */
export const RECENT_SIGN_IN_MS = RECENT_SIGN_IN_MINUTES * 60_000;

export const hashEmailToken = (token: string) => createHash("sha256").update(token).digest("hex");
const newToken = () => randomBytes(32).toString("hex");
const linkTo = (origin: string, path: string, token: string) =>
  `${origin.replace(/\/$/, "")}${path}?${new URLSearchParams({ token })}`;

export const EMAIL_TAKEN = "Another account uses this address.";
export const PASSWORD_NEEDED = "Type your current password to change your address.";
/**
 * The mail server refused the confirmation link or could not be reached: no change is pending,
 * and the settings form answers 503 with this message.
 */
export class EmailNotSentError extends Error {
  constructor() {
    super(
      "We could not send the confirmation link just now, so your address is unchanged. Please try again in a few minutes.",
    );
    this.name = "EmailNotSentError";
  }
}
export const SIGN_IN_AGAIN = `Sign out and sign in again to change your address: for ${RECENT_SIGN_IN_MINUTES} minutes after signing in, no password is needed.`;

/** What the email form asks for: a password when the account has one, unless this session signed in recently. */
export async function emailChangeIdentity(userId: string, request: Request, now = Date.now()) {
  const id = await getSessionId(request);
  const [session, password] = await Promise.all([
    id ? prisma.session.findUnique({ where: { id }, select: { userId: true, createdAt: true } }) : null,
    prisma.password.findUnique({ where: { userId }, select: { hash: true } }),
  ]);
  // The session row is made at sign-in (app/auth/session.server.ts createSession) and never renewed.
  const recent = session?.userId === userId && now - session.createdAt.getTime() < RECENT_SIGN_IN_MS;
  return { hasPassword: password !== null, recent, hash: password?.hash ?? null };
}

/** Throws unless the sender proved they are the account's owner: the current password, or a recent sign-in. */
export async function confirmIdentity(userId: string, request: Request, currentPassword: string | undefined) {
  const { hasPassword, recent, hash } = await emailChangeIdentity(userId, request);
  if (currentPassword && hash) return checkCurrentPassword(userId, currentPassword, hash);
  if (recent) return;
  throw new AuthError(hasPassword ? PASSWORD_NEEDED : SIGN_IN_AGAIN, hasPassword ? "password" : null);
}

/** Sends the confirmation link to `newEmail`; returns the link (the tests of this module read it). */
export async function requestEmailChange(userId: string, newEmail: string, origin: string, now = Date.now()) {
  const email = newEmail.toLowerCase();
  const user = await prisma.user.findUniqueOrThrow({ where: { id: userId }, select: { email: true, username: true } });
  if (user.email === email) throw new AuthError("This is already your address.", "email");
  if (await prisma.user.findUnique({ where: { email }, select: { id: true } }))
    throw new AuthError(EMAIL_TAKEN, "email");
  const allowance = await allowMailTo(email, userId);
  if (!allowance.allowed)
    throw new TooManyRequestsError(mailLimitMessage(allowance), "email", allowance.retryAfterSeconds);
  const token = newToken();
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
  const link = linkTo(origin, "/confirm-email", token);
  try {
    await siteMailer.send({
      kind: "email change confirmation",
      to: email,
      ...confirmEmailChangeEmail({ username: user.username, link, minutes: EMAIL_CHANGE_TTL_MS / 60_000 }),
    });
  } catch (error) {
    // The link never went out: no change is pending, and the reader is told.
    await prisma.emailChange.deleteMany({ where: { userId, tokenHash: hashEmailToken(token) } });
    if (!(error instanceof MailNotSentError)) throw error;
    console.error(`[mail] an email change confirmation was not sent: ${error.message}`);
    throw new EmailNotSentError();
  }
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

export type ConfirmResult =
  | { ok: true; email: string; restoreLink: string }
  | { ok: false; reason: "invalid" | "taken" };

/**
 * Uses the token once: the address changes now, and the old address gets the
 * undo link. Pending password-reset links (sent to the old address) stop working.
 */
export async function confirmEmailChange(
  token: string,
  now = Date.now(),
  origin = env.SITE_URL,
): Promise<ConfirmResult> {
  const tokenHash = hashEmailToken(token);
  const restoreToken = newToken();
  let changed: { userId: string; oldEmail: string; newEmail: string; username: string };
  try {
    const result = await prisma.$transaction(async (tx) => {
      const claimed = await tx.emailChange.updateMany({
        where: { tokenHash, usedAt: null, expiresAt: { gt: new Date(now) } },
        data: { usedAt: new Date(now) },
      });
      if (claimed.count !== 1) return null;
      const change = await tx.emailChange.findUniqueOrThrow({ where: { tokenHash } });
      const before = await tx.user.findUniqueOrThrow({
        where: { id: change.userId },
        select: { email: true, username: true },
      });
      await tx.user.update({ where: { id: change.userId }, data: { email: change.newEmail } });
      await tx.passwordReset.deleteMany({ where: { userId: change.userId } });
      await tx.emailRestore.create({
        data: {
          userId: change.userId,
          oldEmail: before.email,
          newEmail: change.newEmail,
          tokenHash: hashEmailToken(restoreToken),
          expiresAt: new Date(now + EMAIL_RESTORE_TTL_MS),
        },
      });
      return { userId: change.userId, oldEmail: before.email, newEmail: change.newEmail, username: before.username };
    });
    if (!result) return { ok: false, reason: "invalid" };
    changed = result;
  } catch (error) {
    // Someone registered the address after the link was sent (the unique email).
    if (isUniqueViolation(error)) return { ok: false, reason: "taken" };
    throw error;
  }
  const restoreLink = linkTo(origin, "/restore-email", restoreToken);
  // Not counted against the mail limits: it goes to the account's own address, once per
  // confirmed change, and a security notice must not be the mail that is dropped.
  try {
    await siteMailer.send({
      kind: "email change notice",
      to: changed.oldEmail,
      ...emailChangedNoticeEmail({
        username: changed.username,
        newEmail: changed.newEmail,
        link: restoreLink,
        days: EMAIL_RESTORE_TTL_MS / (24 * 60 * 60_000),
      }),
    });
  } catch (error) {
    console.error("[email change] the notice to the old address failed:", (error as Error).message);
  }
  return { ok: true, email: changed.newEmail, restoreLink };
}

/** The change an undo token names, if it can still be undone. */
export async function pendingEmailRestore(token: string, now = Date.now()) {
  const row = await prisma.emailRestore.findUnique({
    where: { tokenHash: hashEmailToken(token) },
    select: { oldEmail: true, newEmail: true, usedAt: true, expiresAt: true },
  });
  return row && !row.usedAt && row.expiresAt.getTime() > now
    ? { oldEmail: row.oldEmail, newEmail: row.newEmail }
    : null;
}

export type RestoreResult =
  | { ok: true; email: string; endedSessions: number }
  | { ok: false; reason: "invalid" | "taken" };

/**
 * Uses an undo token once: the old address comes back; every pending change,
 * reset link and other undo link of the account stops working (an undo link
 * mailed to the attacker's address must not move it back again), and every
 * session but this request's ends.
 */
export async function restoreEmail(token: string, request: Request, now = Date.now()): Promise<RestoreResult> {
  const tokenHash = hashEmailToken(token);
  let restored: { userId: string; email: string } | null;
  try {
    restored = await prisma.$transaction(async (tx) => {
      const claimed = await tx.emailRestore.updateMany({
        where: { tokenHash, usedAt: null, expiresAt: { gt: new Date(now) } },
        data: { usedAt: new Date(now) },
      });
      if (claimed.count !== 1) return null;
      const row = await tx.emailRestore.findUniqueOrThrow({ where: { tokenHash } });
      await tx.user.update({ where: { id: row.userId }, data: { email: row.oldEmail } });
      await tx.emailChange.deleteMany({ where: { userId: row.userId } });
      await tx.passwordReset.deleteMany({ where: { userId: row.userId } });
      await tx.emailRestore.deleteMany({ where: { userId: row.userId, id: { not: row.id } } });
      return { userId: row.userId, email: row.oldEmail };
    });
  } catch (error) {
    // The old address was taken by another account meanwhile.
    if (isUniqueViolation(error)) return { ok: false, reason: "taken" };
    throw error;
  }
  if (!restored) return { ok: false, reason: "invalid" };
  const endedSessions = await destroyOtherSessions(restored.userId, request);
  return { ok: true, email: restored.email, endedSessions };
}
