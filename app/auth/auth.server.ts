// Accounts: sign-in (verifyLogin, called by the form's action and the JSON API
// with values their zod schema checked), registration, and the guards routes
// use (requireUser, requireAdmin).
import { data, redirect } from "react-router";
import { prisma } from "~/db.server";
import { pageUrl } from "~/site/list-query";
import { REGISTRATION_CLOSED_MESSAGE } from "~/site/site-settings";
import { isRegistrationOpen } from "~/site/site-settings.server";
import { safeRedirectPath } from "~/utils/redirect";
import { keepForm } from "./kept-form.server";
import { hashPassword, verifyPassword } from "./password.server";
import { getSessionUser, hadSession, type SessionUser } from "./session.server";

/** A sign-in the reader can fix: the message is shown as it is. */
export class AuthError extends Error {
  readonly field: "email" | "password" | "username" | null;
  constructor(message: string, field: AuthError["field"] = null) {
    super(message);
    this.name = "AuthError";
    this.field = field;
  }
}

export const INVALID_CREDENTIALS = "The email or password is not right.";
/** Said only after the password was right, so it tells nothing to someone guessing addresses. */
export const ACCOUNT_SUSPENDED =
  "This account is suspended, so it cannot sign in. If you think this is a mistake, write to us through the contact page.";

// A hash to compare against when the email is unknown, so both cases take as long.
let dummyHash: Promise<string> | undefined;
const getDummyHash = () => {
  dummyHash ??= hashPassword("a password nobody has");
  return dummyHash;
};

export async function verifyLogin(email: string, password: string): Promise<SessionUser> {
  const user = await prisma.user.findUnique({
    where: { email: email.toLowerCase() },
    select: {
      id: true,
      email: true,
      username: true,
      avatar: true,
      isAdmin: true,
      suspendedAt: true,
      password: { select: { hash: true } },
    },
  });
  const ok = await verifyPassword(password, user?.password?.hash ?? (await getDummyHash()));
  if (!user?.password || !ok) throw new AuthError(INVALID_CREDENTIALS, "password");
  if (user.suspendedAt) throw new AuthError(ACCOUNT_SUSPENDED, "password");
  const { password: _hash, suspendedAt: _suspended, ...sessionUser } = user;
  return sessionUser;
}

/**
 * What makes two usernames the same: `CaseUser` and `caseuser` are one username
 * (the unique `User.usernameKey`); `User.username` keeps the spelling the reader chose.
 */
export const usernameKey = (username: string) => username.toLowerCase();

export async function registerUser(input: { email: string; username: string; password: string }): Promise<SessionUser> {
  if (!(await isRegistrationOpen())) throw new AuthError(REGISTRATION_CLOSED_MESSAGE);
  const email = input.email.toLowerCase();
  const key = usernameKey(input.username);
  const [emailTaken, usernameTaken] = await Promise.all([
    prisma.user.findUnique({ where: { email }, select: { id: true } }),
    prisma.user.findUnique({ where: { usernameKey: key }, select: { id: true } }),
  ]);
  if (emailTaken) throw new AuthError("An account with this email already exists. Sign in instead?", "email");
  if (usernameTaken) throw new AuthError("This username is taken. Try another one.", "username");
  const hash = await hashPassword(input.password);
  try {
    return await prisma.user.create({
      data: { email, username: input.username, usernameKey: key, password: { create: { hash } } },
      select: { id: true, email: true, username: true, avatar: true, isAdmin: true },
    });
  } catch {
    // Two registrations raced for the same email or username.
    throw new AuthError("This email or username was just taken. Try another one.", "email");
  }
}

export const getOptionalUser = getSessionUser;

/** An anonymous reader goes to /auth and comes back here after signing in. */
export async function requireUser(request: Request): Promise<SessionUser> {
  const user = await getSessionUser(request);
  if (user) return user;
  // A client-side data request (/page.data?_routes=...) comes back to the page itself.
  const url = pageUrl(request);
  const back = safeRedirectPath(url.pathname + url.search);
  // A form sent after the session ended (signed out in another tab, the session ended elsewhere or
  // expired): what it carried is kept for this browser and given back to the form after signing in,
  // and the sign-in page says so, or why it could not be kept (docs/decisions/056, 058). A plain
  // visit, and a reader who never signed in here, are not told anything, and nothing is kept.
  const query = new URLSearchParams({ redirectTo: back });
  if (request.method === "GET" || request.method === "HEAD" || !(await hadSession(request)))
    throw redirect(`/auth?${query}`);
  const { outcome, setCookie } = await keepForm(request);
  query.set("unsent", outcome === "file" || outcome === "large" ? outcome : "1");
  throw redirect(`/auth?${query}`, setCookie ? { headers: { "Set-Cookie": setCookie } } : undefined);
}

/** Signed-in readers who are not administrators get the 403 page. */
export async function requireAdmin(request: Request): Promise<SessionUser> {
  const user = await requireUser(request);
  if (!user.isAdmin) throw data({ message: "You don't have permission to access this page." }, { status: 403 });
  return user;
}

/**
 * Makes an account an administrator with a new password hash, ending every session and pending
 * reset link of it in one transaction: whatever anyone knew or held no longer opens it.
 */
export async function setAdminPassword(userId: string, hash: string) {
  await prisma.$transaction([
    prisma.session.deleteMany({ where: { userId } }),
    prisma.passwordReset.deleteMany({ where: { userId } }),
    prisma.password.upsert({ where: { userId }, create: { userId, hash }, update: { hash } }),
    prisma.user.update({ where: { id: userId }, data: { isAdmin: true } }),
  ]);
}

/**
 * The first administrator from ADMIN_EMAIL / ADMIN_PASSWORD, at start-up: created, or promoted if
 * the account exists. Anyone may have registered that address before the operator set it, so a
 * promotion takes the operator's password and ends every session and pending reset link of the
 * account, in one transaction: whatever the registrant knew or held no longer opens it. An account
 * that is already an administrator is left alone (its password may have been changed since).
 */
export async function ensureInitialAdmin(email: string | undefined, password: string | undefined) {
  if (!email || !password) return;
  const address = email.toLowerCase();
  const existing = await prisma.user.findUnique({ where: { email: address }, select: { id: true, isAdmin: true } });
  if (existing?.isAdmin) return;
  const hash = await hashPassword(password);
  if (existing) {
    await setAdminPassword(existing.id, hash);
    return;
  }
  const base =
    email
      .split("@")[0]
      ?.replace(/[^A-Za-z0-9_-]/g, "")
      .slice(0, 24) || "admin";
  const username = (await prisma.user.findUnique({ where: { usernameKey: usernameKey(base) } }))
    ? `${base}-admin`
    : base;
  await prisma.user.create({
    data: {
      email: address,
      username,
      usernameKey: usernameKey(username),
      isAdmin: true,
      password: { create: { hash } },
    },
  });
}
