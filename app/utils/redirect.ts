/** Longer redirect targets fall back: no page of this site has an address that long. */
export const MAX_REDIRECT_LENGTH = 2048;

/**
 * A same-site path to send the reader back to, or the fallback. Anything that
 * could leave the site (absolute URLs, protocol-relative `//host`, `/\host`)
 * is refused, so a redirectTo parameter is never an open redirect. The path
 * comes back as a URL parser writes it (non-ASCII percent-encoded), so it can
 * always go into a Location header.
 */
export function safeRedirectPath(to: FormDataEntryValue | string | null | undefined, fallback = "/"): string {
  if (typeof to !== "string" || !to.startsWith("/") || to.startsWith("//") || to.startsWith("/\\")) {
    return fallback;
  }
  if (to.length > MAX_REDIRECT_LENGTH) return fallback;
  // Control characters (tabs, newlines) are stripped by URL parsers and can
  // turn "/\t/evil.com" into "//evil.com".
  if ([...to].some((ch) => ch.charCodeAt(0) < 0x20 || ch.charCodeAt(0) === 0x7f)) return fallback;
  // Lone surrogates cannot be encoded; the URL parser would turn them into U+FFFD.
  if (!to.isWellFormed()) return fallback;
  const base = "http://site.invalid";
  const url = new URL(to, base);
  const path = `${url.pathname}${url.search}${url.hash}`;
  if (url.origin !== base || path.startsWith("//") || path.length > MAX_REDIRECT_LENGTH) return fallback;
  return path;
}
