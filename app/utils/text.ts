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

/** A word: letters (with their marks, as Hindi's vowel signs) or digits, joined by an apostrophe or a hyphen. */
const WORD = /[\p{L}\p{M}\p{N}]+(?:['’-][\p{L}\p{M}\p{N}]+)*/gu;
/** Scripts written without spaces between words: Chinese, Japanese, Thai, Lao, Khmer, Burmese. */
const UNSPACED = /[\p{sc=Han}\p{sc=Hiragana}\p{sc=Katakana}\p{sc=Thai}\p{sc=Lao}\p{sc=Khmer}\p{sc=Myanmar}]/u;
let wordSegmenter: Intl.Segmenter | null | undefined;

/**
 * Words as a reader counts them, in any script: runs of letters or digits, marks of Markdown or
 * HTML aside ("well-house" and "it's" are one word each). A run in a script written without spaces
 * is split by the browser's or Node's own dictionary (`Intl.Segmenter`), made only when such a run
 * is met: its ICU data costs a process megabytes (see formatCount). Where there is no segmenter,
 * each of its characters counts as one word, as word processors count Chinese.
 */
export function countWords(text: string): number {
  let count = 0;
  for (const [run] of text.matchAll(WORD)) {
    if (!UNSPACED.test(run)) {
      count += 1;
      continue;
    }
    wordSegmenter ??=
      typeof Intl.Segmenter === "function" ? new Intl.Segmenter(undefined, { granularity: "word" }) : null;
    if (wordSegmenter) for (const part of wordSegmenter.segment(run)) count += part.isWordLike ? 1 : 0;
    else count += [...run].length;
  }
  return count;
}
