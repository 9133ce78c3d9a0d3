// Discussion text: plain text as the reader typed it, turned on the server into
// a small structure (paragraphs, quote blocks, line breaks, links) that React
// renders. No HTML from a reader ever reaches the page as markup: React escapes
// every character, and the only links are http(s) URLs found in the text, with
// rel="ugc nofollow noopener". See docs/decisions/015.
import { firstWords } from "~/utils/text";

/** A run of text, or a link found in it. */
export type Inline = { text: string } | { text: string; href: string };
/** A paragraph (lines kept), or a quote block made of lines that start with ">". */
export type TextBlock = { kind: "p" | "quote"; lines: Inline[][] };

/** Sizes, checked by the forms' schemas (docs/decisions/015). */
export const TEXT_LIMITS = {
  title: { min: 3, max: 120 },
  body: { min: 2, max: 5000 },
  reportDetails: { max: 500 },
  /** Paragraphs and lines past these are joined: a post of 5000 newlines is one block, not 5000. */
  maxBlocks: 60,
  maxLines: 40,
  /** A link's address is shown and linked up to this length; a longer one stays text. */
  maxHref: 2000,
} as const;

/** rel of every link in readers' text: user content, not endorsed, no window.opener. */
export const UGC_REL = "ugc nofollow noopener";

// An http(s) URL up to whitespace or a character that cannot start markup.
const URL_PATTERN = /https?:\/\/[^\s<>"'`]+/gi;
// Punctuation that usually ends a sentence rather than the URL.
const TRAILING = /[.,;:!?)\]}'"*]+$/;

/** Newlines normalised, invisible direction overrides and zero-width marks out, ends trimmed. */
export function normaliseText(text: string): string {
  return (
    text
      .replace(/\r\n?/g, "\n")
      // Bidi overrides and isolates can make a name or a link read as something else.
      .replace(/[\u202a-\u202e\u2066-\u2069\u200b-\u200f\ufeff]/g, "")
      .replace(/[ \t]+\n/g, "\n")
      .trim()
  );
}

/** The links of one line: http(s) URLs that parse, without trailing punctuation. */
export function linkify(line: string): Inline[] {
  const out: Inline[] = [];
  let last = 0;
  for (const match of line.matchAll(URL_PATTERN)) {
    let url = match[0].replace(TRAILING, "");
    // A closing parenthesis belongs to the URL when it opened one (Wikipedia-style links).
    if (match[0][url.length] === ")" && url.split("(").length > url.split(")").length) url += ")";
    const start = match.index;
    if (url.length > TEXT_LIMITS.maxHref || !isWebUrl(url)) continue;
    if (start > last) out.push({ text: line.slice(last, start) });
    out.push({ text: url, href: new URL(url).href });
    last = start + url.length;
  }
  if (last < line.length) out.push({ text: line.slice(last) });
  return out.length ? out : [{ text: "" }];
}

function isWebUrl(url: string): boolean {
  if (!URL.canParse(url)) return false;
  const parsed = new URL(url);
  return (parsed.protocol === "http:" || parsed.protocol === "https:") && parsed.hostname.length > 0;
}

/**
 * The blocks of a text: paragraphs split at blank lines; a paragraph whose
 * lines all start with ">" is a quote block (the ">" and one space dropped).
 */
export function formatText(text: string): TextBlock[] {
  const paragraphs = normaliseText(text)
    .split(/\n{2,}/)
    .filter((p) => p.trim() !== "");
  const capped =
    paragraphs.length > TEXT_LIMITS.maxBlocks
      ? [...paragraphs.slice(0, TEXT_LIMITS.maxBlocks - 1), paragraphs.slice(TEXT_LIMITS.maxBlocks - 1).join(" ")]
      : paragraphs;
  return capped.map((paragraph) => {
    let lines = paragraph.split("\n");
    const quote = lines.every((l) => l.startsWith(">"));
    if (quote) lines = lines.map((l) => l.replace(/^>\s?/, ""));
    if (lines.length > TEXT_LIMITS.maxLines)
      lines = [...lines.slice(0, TEXT_LIMITS.maxLines - 1), lines.slice(TEXT_LIMITS.maxLines - 1).join(" ")];
    return { kind: quote ? "quote" : "p", lines: lines.map(linkify) };
  });
}

/** The first words of a text, for a notification or a quote preview. */
export function excerptOf(text: string, max = 160): string {
  return firstWords(normaliseText(text).replace(/\s+/g, " "), max);
}

/**
 * The start of a text as blocks, for the quote of a post above a reply: its paragraphs, line breaks
 * and links kept (a quoted verse stayed one line, its link plain text), cut after about `max`
 * characters at a space or line break, with "…". A cut inside a long word leaves no link: its
 * address would be cut too.
 */
export function excerptBlocks(text: string, max = 300): TextBlock[] {
  const normal = normaliseText(text);
  if (normal.length <= max) return formatText(normal);
  const cut = normal.slice(0, max - 1);
  const space = Math.max(cut.lastIndexOf(" "), cut.lastIndexOf("\n"));
  const blocks = formatText(space > max / 2 ? cut.slice(0, space) : cut);
  const lines = blocks.at(-1)?.lines;
  const line = lines?.at(-1);
  if (!lines || !line) return blocks;
  const last = line.at(-1);
  const end: Inline[] = last && "href" in last && space <= max / 2 ? [{ text: last.text }] : last ? [last] : [];
  lines[lines.length - 1] = [...line.slice(0, -1), ...end, { text: "…" }];
  return blocks;
}

/** Runs of a word longer than this get a break opportunity (<wbr>), so a 5000-letter word cannot widen the page. */
export const LONG_WORD = 30;

/** A text split where a long word may break: strings, with `null` where a <wbr> goes. */
export function breakLongWords(text: string): (string | null)[] {
  const out: (string | null)[] = [];
  for (const part of text.split(/(\S{31,})/)) {
    if (part.length <= LONG_WORD || /\s/.test(part)) {
      if (part) out.push(part);
      continue;
    }
    for (let i = 0; i < part.length; i += LONG_WORD) {
      if (i > 0) out.push(null);
      out.push(part.slice(i, i + LONG_WORD));
    }
  }
  return out;
}

/** What stands in the place of a post its author deleted (and in the quotes of it). */
export const WITHDRAWN_NOTICE = "This post was deleted by its author.";

/** A thread's title once its starter deleted their account with "Remove them" (or an admin deleted it so). */
export const TITLE_WITHDRAWN_NOTICE = "Title deleted by its author";
export const TITLE_DELETED_NOTICE = "Title deleted by a moderator";

/** The anchor of a post or comment on its page. */
export const postAnchor = (id: number) => `post-${id}`;

/** A thread's page. */
export const threadPath = (id: number) => `/community/threads/${id}`;
