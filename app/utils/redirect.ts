/**
 * A same-site path to send the reader back to, or the fallback. Anything that
 * could leave the site (absolute URLs, protocol-relative `//host`, `/\host`)
 * is refused, so a redirectTo parameter is never an open redirect.
 */
export function safeRedirectPath(to: FormDataEntryValue | string | null | undefined, fallback = "/"): string {
  if (typeof to !== "string" || !to.startsWith("/") || to.startsWith("//") || to.startsWith("/\\")) {
    return fallback;
  }
  // Control characters (tabs, newlines) are stripped by URL parsers and can
  // turn "/\t/evil.com" into "//evil.com".
  if ([...to].some((ch) => ch.charCodeAt(0) < 0x20 || ch.charCodeAt(0) === 0x7f)) return fallback;
  return to;
}
