// Sessions are rows in the database; the cookie holds only the signed session
// id, so a session can be revoked (sign-out deletes the row).
import { createCookie } from "react-router";
import { prisma } from "~/db.server";
import { secureCookies, sessionSecrets } from "~/env.server";
import { COOKIE_NAMES } from "~/utils/site";
import { SIGNED_OUT_COOKIE } from "./signed-out-cookie-name";

export const REMEMBER_MS = 30 * 24 * 60 * 60 * 1000;
/** A browser-session sign-in also ends on the server after a day without "remember me". */
export const BROWSER_SESSION_MS = 24 * 60 * 60 * 1000;

const sessionCookie = createCookie(COOKIE_NAMES.session, {
  path: "/",
  sameSite: "lax",
  httpOnly: true,
  secure: secureCookies,
  secrets: sessionSecrets,
});

export type SessionUser = { id: string; email: string; username: string; avatar: string | null; isAdmin: boolean };

const userSelect = { id: true, email: true, username: true, avatar: true, isAdmin: true } as const;

export async function getSessionId(request: Request): Promise<string | null> {
  const value = await sessionCookie.parse(request.headers.get("Cookie"));
  return typeof value === "string" ? value : null;
}

/** A session's last use is written at most this often, not on every request (/settings/privacy shows it). */
export const SESSION_TOUCH_MS = 5 * 60_000;

export async function getSessionUser(request: Request): Promise<SessionUser | null> {
  const id = await getSessionId(request);
  if (!id) return null;
  const session = await prisma.session.findUnique({
    where: { id },
    select: { expiresAt: true, lastUsedAt: true, user: { select: { ...userSelect, suspendedAt: true } } },
  });
  const now = Date.now();
  if (!session || session.expiresAt.getTime() <= now) return null;
  // A suspended account's sessions end when it is suspended; one that slipped through counts as signed out.
  if (session.user.suspendedAt) return null;
  if (!session.lastUsedAt || now - session.lastUsedAt.getTime() >= SESSION_TOUCH_MS) {
    await touchSession(id, request.headers.get("User-Agent"), now);
  }
  const { suspendedAt: _suspended, ...user } = session.user;
  return user;
}

/** Records the last use and the device; the condition keeps two requests at once to one write. */
async function touchSession(id: string, userAgent: string | null, now: number) {
  const before = new Date(now - SESSION_TOUCH_MS);
  try {
    await prisma.session.updateMany({
      where: { id, OR: [{ lastUsedAt: null }, { lastUsedAt: { lte: before } }] },
      data: { lastUsedAt: new Date(now), userAgent: userAgent ? userAgent.slice(0, 500) : null },
    });
  } catch (error) {
    // Bookkeeping only: a database that takes no writes (busy, full, read-only) must not fail a page read.
    console.warn("[session] could not record the last use:", error instanceof Error ? error.message : error);
  }
}

/** Creates a session row and the Set-Cookie header that carries its id. */
export async function createSession(userId: string, remember: boolean): Promise<string> {
  // Expired rows of this user go as a new one comes, so the table does not grow forever.
  await prisma.session.deleteMany({ where: { userId, expiresAt: { lte: new Date() } } });
  const session = await prisma.session.create({
    data: { userId, remember, expiresAt: new Date(Date.now() + (remember ? REMEMBER_MS : BROWSER_SESSION_MS)) },
  });
  return sessionCookie.serialize(session.id, remember ? { maxAge: REMEMBER_MS / 1000 } : {});
}

/** SIGNED_OUT_COOKIE as signing out sets it: it holds nothing but "1" (requireUser reads it). */
const signedOutCookie = () =>
  `${SIGNED_OUT_COOKIE}=1; Path=/; HttpOnly; SameSite=Lax; Max-Age=${BROWSER_SESSION_MS / 1000}${secureCookies ? "; Secure" : ""}`;

/** Signing out (the form and the JSON API alike): this session ends, and the browser keeps that it signed out. */
export async function signOutHeaders(request: Request): Promise<Headers> {
  return new Headers([
    ["Set-Cookie", await destroySession(request)],
    ["Set-Cookie", signedOutCookie()],
  ]);
}

/**
 * Whether a request without a valid session comes from a browser that had one: its cookie is still
 * there (the session ended elsewhere, or expired), or it signed out here a short while ago.
 */
export async function hadSession(request: Request): Promise<boolean> {
  if (await getSessionId(request)) return true;
  const cookies = request.headers.get("Cookie") ?? "";
  return cookies.split(";").some((c) => c.trim() === `${SIGNED_OUT_COOKIE}=1`);
}

/** Deletes this request's session row; returns the Set-Cookie that clears the cookie. */
export async function destroySession(request: Request): Promise<string> {
  const id = await getSessionId(request);
  if (id) await prisma.session.deleteMany({ where: { id } });
  return sessionCookie.serialize("", { maxAge: 0 });
}

export async function destroyAllSessions(userId: string) {
  await prisma.session.deleteMany({ where: { userId } });
}

/** Ends every session of the account but this request's; returns how many ended. */
export async function destroyOtherSessions(userId: string, request: Request): Promise<number> {
  const current = await getSessionId(request);
  const others = { userId, ...(current ? { id: { not: current } } : {}) };
  // Expired ones go too, uncounted: nobody was signed in there any more ("Signed out on N devices").
  const [, { count }] = await prisma.$transaction([
    prisma.session.deleteMany({ where: { ...others, expiresAt: { lte: new Date() } } }),
    prisma.session.deleteMany({ where: others }),
  ]);
  return count;
}
