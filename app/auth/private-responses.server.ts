// A response built for a request that carries a session is private (docs/decisions/031):
// one place, the outermost root middleware, so that no route has to remember it
// and a new one cannot forget it. Every signed-in page and its `.data` hold the
// reader's name and the sign-out form's CSRF token (app/root.tsx), so they are
// `no-store` as well: neither a shared cache (a CDN, a proxy that keeps what has
// no Cache-Control) nor the browser's disk keeps them (OWASP ASVS 5.0 V14.3.2).
// The same holds for an anonymous page that holds a CSRF token (the sign-in,
// contact and feedback forms): it is built for one browser. Other anonymous
// answers are left exactly as their routes answer them: their public pages stay
// cacheable (app/site/cache-policy.ts, server/http-cache.ts).
import type { MiddlewareFunction } from "react-router";
import { isOfflineCopy } from "~/offline/offline";
import { withHeaders } from "~/utils/http";
import { COOKIE_NAMES } from "~/utils/site";
import { issuedCsrfToken } from "./csrf.server";
import { getSessionId } from "./session.server";

/** What a session's answer says at least. */
export const SESSION_CACHE_CONTROL = "private, no-store";

/** Directives that let a cache keep or share an answer: replaced by SESSION_CACHE_CONTROL. */
const STORING = new Set([
  "public",
  "private",
  "no-cache",
  "no-store",
  "max-age",
  "s-maxage",
  "stale-while-revalidate",
  "stale-if-error",
  "immutable",
  "must-revalidate",
  "proxy-revalidate",
]);

/** SESSION_CACHE_CONTROL, keeping the answer's other directives (an event stream's no-transform). */
export function sessionCacheControl(existing: string | null): string {
  const kept = (existing ?? "")
    .split(",")
    .map((part) => part.trim())
    .filter((part) => part && !STORING.has(part.split("=")[0]?.trim().toLowerCase() ?? ""));
  return [SESSION_CACHE_CONTROL, ...kept].join(", ");
}

/**
 * A page or its data is always built for the reader (the root loader). A resource route may
 * answer a session with `public` when its answer is the same for everyone: a resized image, an
 * avatar, the feed, the public post API.
 */
function mayStayPublic(request: Request, response: Response): boolean {
  const type = response.headers.get("Content-Type") ?? "";
  if (/^text\/(html|x-script)\b/i.test(type) || new URL(request.url).pathname.endsWith(".data")) return false;
  return /(^|,)\s*public\s*(,|$)/i.test(response.headers.get("Cache-Control") ?? "");
}

/** The answer of a sign-in: it sets the session cookie, so it is built for that reader too. */
const startsSession = (response: Response) =>
  response.headers.getSetCookie().some((cookie) => cookie.startsWith(`${COOKIE_NAMES.session}=`));

/** Root middleware, outermost: every answer built for one reader or browser is private (see above). */
export const privateResponsesMiddleware: MiddlewareFunction<Response> = async ({ request, context }, next) => {
  const response = await next();
  if (mayStayPublic(request, response)) return response;
  // The service worker's kept copy (app/offline/offline.ts) is not what everyone else gets at its
  // address either: no shared cache may keep it for them.
  const personal =
    startsSession(response) ||
    issuedCsrfToken(context) ||
    isOfflineCopy(request) ||
    Boolean(await getSessionId(request));
  if (!personal) return response;
  const cacheControl = sessionCacheControl(response.headers.get("Cache-Control"));
  return withHeaders(response, (headers) => headers.set("Cache-Control", cacheControl));
};
