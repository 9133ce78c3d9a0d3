/**
 * What search results show of a page's description (about 155-160 characters): a story's excerpt
 * goes into its description and og:description, both before its first line, so the rest would
 * only be bytes a slow-2g reader waits for (issue 45).
 */
export const DESCRIPTION_MAX = 160;

/**
 * The first words of a one-line text, at most `max` characters with the ellipsis: cut at the last
 * space that keeps a word whole, or mid-word when the first word alone is longer.
 */
export function firstWords(text: string, max: number): string {
  if (text.length <= max) return text;
  const cut = text.slice(0, max - 1);
  const space = cut.lastIndexOf(" ");
  return `${(space > max / 2 ? cut.slice(0, space) : cut).trimEnd()}…`;
}

/**
 * A number as the site writes it, with a comma between thousands ("20,000") and at most three
 * decimals, as `toLocaleString("en-US")` would. Written without Intl, as `formatDate` is: the first Intl number
 * formatter in a process maps about 6 MB of ICU's data and code into it, and every server process
 * paid that at start for two messages of the story form (docs/decisions/030, 2026-11-29 evening).
 */
export function formatCount(value: number): string {
  const [whole = "", fraction] = String(Math.round(value * 1000) / 1000).split(".");
  const grouped = whole.replace(/\B(?=(\d{3})+(?!\d))/g, ",");
  return fraction ? `${grouped}.${fraction}` : grouped;
}
