// Who is signed in, in a form the offline worker can read without the network
// (docs/decisions/042). The session cookie is HttpOnly, and a sign-in, a sign-out
// or an expiry may never pass through the worker (the JSON API called by another
// tool, cookies cleared by hand, a session deleted on the server). So every
// answer keeps a second cookie in step with it: a one-way mark of the session
// cookie (an HMAC: it can neither be turned back into the session id nor stand
// in for it), readable by scripts. The worker notes the mark when it keeps a
// reader's pages and reads it again (the Cookie Store API) before it serves any
// of them: another mark, or none, and it drops them all.
import { createHmac } from "node:crypto";
import type { MiddlewareFunction } from "react-router";
import { getSessionId } from "~/auth/session.server";
import { prisma } from "~/db.server";
import { secureCookies, sessionSecrets } from "~/env.server";
import { withHeaders } from "~/utils/http";
import { COOKIE_NAMES } from "~/utils/site";
import { SESSION_MARK_COOKIE } from "./offline";

/** A cookie's raw value in a Cookie request header, or null. */
function cookieValue(header: string | null, name: string): string | null {
  for (const part of (header ?? "").split(";")) {
    const at = part.indexOf("=");
    if (at > 0 && part.slice(0, at).trim() === name) return part.slice(at + 1).trim() || null;
  }
  return null;
}

/** The mark of a session cookie's raw value. */
export const sessionMark = (sessionCookie: string) =>
  createHmac("sha256", sessionSecrets[0] as string)
    .update(`session-mark:${sessionCookie}`)
    .digest("base64url")
    .slice(0, 22);

/** The Set-Cookie of the mark: `maxAge` as the session cookie's (none: until the browser closes), 0 clears it. */
function markCookie(value: string, maxAge: number | null): string {
  return [
    `${SESSION_MARK_COOKIE}=${value}`,
    "Path=/",
    "SameSite=Lax",
    ...(maxAge === null ? [] : [`Max-Age=${maxAge}`]),
    ...(secureCookies ? ["Secure"] : []),
  ].join("; ");
}

/** What a response's own Set-Cookie does to the session: a new value and its Max-Age, or a clearing. */
function sessionSetBy(response: Response): { value: string | null; maxAge: number | null } | undefined {
  const prefix = `${COOKIE_NAMES.session}=`;
  const cookie = response.headers.getSetCookie().find((c) => c.startsWith(prefix));
  if (!cookie) return undefined;
  const value = cookie.slice(prefix.length).split(";")[0]?.trim() || null;
  const maxAge = cookie.match(/;\s*Max-Age=(-?\d+)/i)?.[1];
  const expired = maxAge !== undefined && Number(maxAge) <= 0;
  return { value: expired ? null : value, maxAge: maxAge === undefined ? null : Number(maxAge) };
}

/**
 * The mark for a session cookie the browser already holds, or null when its session is over: only
 * asked when the browser's mark is missing or wrong (sessions from before the mark, a mark cleared
 * by hand), so the lookup is rare.
 */
async function markFor(request: Request, raw: string): Promise<string | null> {
  const id = await getSessionId(request);
  const session = id
    ? await prisma.session.findUnique({ where: { id }, select: { remember: true, expiresAt: true } })
    : null;
  const left = session ? Math.floor((session.expiresAt.getTime() - Date.now()) / 1000) : 0;
  if (!session || left <= 0) return null;
  return markCookie(sessionMark(raw), session.remember ? left : null);
}

/** Root middleware: every answer leaves the mark in step with the session cookie (see above). */
export const sessionMarkMiddleware: MiddlewareFunction<Response> = async ({ request }, next) => {
  const response = await next();
  const header = request.headers.get("Cookie");
  const held = cookieValue(header, SESSION_MARK_COOKIE);
  const set = sessionSetBy(response);
  let cookie: string | null = null;
  if (set) {
    // A sign-in, a sign-out or a deletion: the mark changes in the same answer.
    cookie = set.value ? markCookie(sessionMark(set.value), set.maxAge) : held ? markCookie("", 0) : null;
  } else {
    const raw = cookieValue(header, COOKIE_NAMES.session);
    if (raw && held !== sessionMark(raw)) cookie = (await markFor(request, raw)) ?? (held ? markCookie("", 0) : null);
    else if (!raw && held) cookie = markCookie("", 0);
  }
  return cookie ? withHeaders(response, (headers) => headers.append("Set-Cookie", cookie)) : response;
};
