// One rule for "does this link stay on the site?" (issue 39): the link is read
// as the browser will read it, against the site's origin, and its parsed origin
// is compared. A string prefix is not enough: with SITE_URL http://localhost:3000,
// "http://localhost:3000@evil.example/" starts with it (user info, then the real
// host), and with https://site.example, "https://site.example.evil.com/" does.

/** A base for relative links where the caller knows no origin: relative links stay on the site either way. */
const NO_ORIGIN = "http://site.invalid";

/**
 * True when `href`, resolved against `siteOrigin`, has the site's origin
 * (scheme, host and port). Relative links ("/x", "x", "?q", "#a") do;
 * protocol-relative ("//host"), other hosts, other schemes (mailto:) and
 * anything that does not parse do not.
 */
export function isSiteLink(href: string, siteOrigin: string = NO_ORIGIN): boolean {
  const base = URL.parse(siteOrigin);
  const url = base ? URL.parse(href, base) : null;
  return Boolean(base && url && url.origin !== "null" && url.origin === base.origin);
}

/** A link a browser opens as a web page elsewhere (or one that does not parse): it gets rel="nofollow ugc" and a new tab. */
export function isExternalWebLink(href: string, siteOrigin?: string): boolean {
  if (isSiteLink(href, siteOrigin)) return false;
  const url = URL.parse(href, siteOrigin ?? NO_ORIGIN);
  // mailto: and the like are not web pages; an unparsable address is treated as foreign.
  return !url || url.protocol === "http:" || url.protocol === "https:";
}
