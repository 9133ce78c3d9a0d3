/**
 * The one rule for slugs, of stories, categories and tags alike, whether they
 * come from a URL or from a remote source: lower-case letters, digits and
 * dashes, starting with a letter or digit. Anything else is not a slug: a URL
 * with it is a 404 and a remote item with it is dropped, so a hostile source
 * cannot turn a card's link into another route (`../../api/auth/logout`).
 */
export const SLUG_PATTERN = /^[a-z0-9][a-z0-9-]{0,199}$/;

export const isSlug = (value: unknown): value is string => typeof value === "string" && SLUG_PATTERN.test(value);

/** A slug from a title ("The Widow's Clock" -> "the-widows-clock"), within the rule above; empty when nothing is left. */
export function slugify(text: string, maxLength = 80): string {
  return text
    .normalize("NFKD")
    .replace(/[\u0300-\u036f]/g, "")
    .toLowerCase()
    .replace(/['’]/g, "")
    .replace(/[^a-z0-9]+/g, "-")
    .replace(/^-+|-+$/g, "")
    .slice(0, maxLength)
    .replace(/-+$/, "");
}
