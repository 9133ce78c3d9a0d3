// The second page links the stylesheet the first one left in the HTTP cache (issue 45,
// docs/decisions/044): "critical CSS on the first visit, a cached link afterwards".
//
// site.css (the whole site's stylesheet, fingerprinted, cached a year) is answered with a cookie
// that names its version, `hs_css=<fingerprint>`: set by the stylesheet's own response, it says
// that this browser fetched this version. No id, the same value for every reader (not a tracker),
// HttpOnly (no script reads it), and it expires with the stylesheet's cache lifetime. A document
// asked for with the current version's cookie links site.css in its head instead of inlining the
// page's rules (server/page-css.ts): at 6,250 B/s the 2 KB of inlined CSS before the story's `<h1>`
// cost 0.3 s. A stale version's cookie, or none, gets the inlined sheet as before.
//
// The HTTP layer takes the cookie out of the request before the page cache and the app see it: to
// the app the reader stays anonymous (public pages stay public, `Vary: Cookie` keeps any shared
// cache's copies apart), the page cache keys its entries on the variant (http-cache.ts), and the
// document's finishing step reads the variant (request-handler.ts).
import type { IncomingMessage, ServerResponse } from "node:http";
import { SITE_CSS_COOKIE } from "~/styles/site-css-cookie-name";

/** How long site.css is cached (server/app.ts's `maxAge: "1y"`), in seconds: the cookie's lifetime too. */
export const SITE_CSS_MAX_AGE_S = 365 * 24 * 60 * 60;

/** `/assets/site-BS-U0_T-.css` → `BS-U0_T-`: the fingerprint the build gave this version. */
export function siteCssVersion(url: string): string {
  return /\/site-([\w-]+)\.css$/.exec(url)?.[1] ?? url;
}

/** The Set-Cookie header of site.css's response. */
export function siteCssCookie(url: string, secure: boolean): string {
  return `${SITE_CSS_COOKIE}=${siteCssVersion(url)}; Path=/; Max-Age=${SITE_CSS_MAX_AGE_S}; HttpOnly; SameSite=Lax${secure ? "; Secure" : ""}`;
}

/** Express middleware before the assets: site.css's answer (200 or 304) carries the cookie. */
export function markSiteCss(url: string, secure: boolean) {
  const cookie = siteCssCookie(url, secure);
  const path = url.replace(/^\/assets/, "");
  return (req: IncomingMessage, res: ServerResponse, next: () => void) => {
    if (req.url?.split("?")[0] === path) res.setHeader("Set-Cookie", cookie);
    next();
  };
}

const holdsSiteCss = new WeakSet<IncomingMessage>();

const COOKIE_PAIR = new RegExp(`(?:^|;\\s*)${SITE_CSS_COOKIE}=([^;]*)`, "g");

/**
 * Takes the site.css cookie out of the request's Cookie header (the header goes when nothing is
 * left) and notes whether it names `url`'s version on a navigation (`Sec-Fetch-Dest: document`);
 * hasSiteCss answers for the request afterwards.
 */
export function takeSiteCssCookie(req: IncomingMessage, url: string): void {
  const header = req.headers.cookie;
  if (!header?.includes(`${SITE_CSS_COOKIE}=`)) return;
  const version = siteCssVersion(url);
  let current = false;
  const rest = header
    .replace(COOKIE_PAIR, (_pair, value: string) => {
      if (value.trim() === version) current = true;
      return "";
    })
    .replace(/^[;\s]+|[;\s]+$/g, "");
  if (rest) req.headers.cookie = rest;
  else delete req.headers.cookie;
  // Only a page the browser is about to show: the offline worker's fetch of a saved page
  // (app/offline/worker) says `empty`, and the copy it keeps must carry its own rules offline.
  if (current && req.headers["sec-fetch-dest"] === "document") holdsSiteCss.add(req);
}

/** Whether the browser said it holds the current site.css (takeSiteCssCookie ran first). */
export function hasSiteCss(req: IncomingMessage): boolean {
  return holdsSiteCss.has(req);
}
