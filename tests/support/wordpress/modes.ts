// How the test WordPress misbehaves on purpose; POST /__control/mode switches between them.

export type WordPressMode =
  | "healthy"
  | "hang"
  | "error500"
  | "html"
  | "invalid-items"
  | "object"
  | "empty"
  | "redirect"
  | "huge-body"
  | "endless-body"
  | "oversized-page"
  | "hostile"
  | "broken-uploads";

/**
 * redirect: every API request answers 302 to the same path under /moved/ on
 *   the `redirectTo` origin (this server's own when not given), which answers it.
 * huge-body: a valid JSON list of one post whose excerpt is 50 MB, streamed.
 * endless-body: `[` and then whitespace, forever (until the client goes away).
 * oversized-page: 500 posts whatever per_page asked for.
 * hostile: the first posts carry slugs that are paths or not slugs, control
 *   characters and HTML in their titles; the rest are healthy.
 * broken-uploads: the API is healthy, and every file under /wp-content/uploads/ answers 500
 *   with the HTML error page (a full disk, a broken media offload plugin).
 */
export const WORDPRESS_MODES: readonly WordPressMode[] = [
  "healthy",
  "hang",
  "error500",
  "html",
  "invalid-items",
  "object",
  "empty",
  "redirect",
  "huge-body",
  "endless-body",
  "oversized-page",
  "hostile",
  "broken-uploads",
];
