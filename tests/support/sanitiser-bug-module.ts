// What `sanitize-html` is in a site started with tests/support/sanitiser-bug.ts.
import sanitizeHtml from "sanitize-html";

type Options = Parameters<typeof sanitizeHtml>[1];

/** The allow-list sanitiser lets everything through; the plain-text one works. */
export default function brokenSanitizer(html: string, options?: Options): string {
  const allowList = options?.allowedTags;
  return Array.isArray(allowList) && allowList.length > 0 ? html : sanitizeHtml(html, options);
}
