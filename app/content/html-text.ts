// Text out of HTML and what never leaves the server in text: plain modules (relative imports with
// their extension), so the seed script (prisma/seed.ts) reads a story as the app does.
import { decodeHTML } from "entities";
import sanitizeHtml from "sanitize-html";

/**
 * What never leaves the server in text: the characters XML 1.0 forbids
 * (https://www.w3.org/TR/xml/#charsets: C0 controls but tab, LF and CR, lone
 * surrogates, U+FFFE and U+FFFF), and DEL and the C1 controls, which it
 * discourages. One of them makes /feed.xml unreadable to every feed reader.
 */
const FORBIDDEN_CHARACTERS = /[^\t\n\r\u0020-\u007E\u00A0-\uD7FF\uE000-\uFFFD\u{10000}-\u{10FFFF}]/gu;

export function stripControlCharacters(text: string): string {
  return text.replace(FORBIDDEN_CHARACTERS, "");
}

/** Plain text from rendered HTML: tags dropped, entities decoded ("Salt &#038; Ash" -> "Salt & Ash"). */
export function htmlToText(html: string): string {
  const withoutTags = sanitizeHtml(html, { allowedTags: [], allowedAttributes: {}, nonTextTags: ["script", "style"] });
  // Decoding comes first: "&#1;" is a control character too.
  return stripControlCharacters(decodeHTML(withoutTags)).replace(/\s+/g, " ").trim();
}
