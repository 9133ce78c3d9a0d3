// Text helpers: what WordPress does to titles, content and excerpts.

/** A small wptexturize: curly quotes, dashes, ellipses and &#038; in text (tags left alone). */
export function texturize(html: string): string {
  return html
    .split(/(<[^>]*>)/)
    .map((part, index) => {
      if (index % 2 === 1) return part;
      return part
        .replace(/&(?!#\d+;|#x[\da-f]+;|[a-z][a-z\d]*;)/gi, "&#038;")
        .replace(/\.\.\./g, "&#8230;")
        .replace(/ -- /g, " &#8212; ")
        .replace(/ - /g, " &#8211; ")
        .replace(/(^|[\s(])"/g, "$1&#8220;")
        .replace(/"/g, "&#8221;")
        .replace(/([\p{L}\d.,!?])'/gu, "$1&#8217;")
        .replace(/'/g, "&#8216;");
    })
    .join("");
}

/** wp_trim_excerpt: the first 55 words of the tag-stripped content, " [&hellip;]" when cut, wrapped by wpautop. */
export function wordpressExcerpt(contentRendered: string, words = 55): string {
  const text = contentRendered
    .replace(/<(script|style)[^>]*?>[\s\S]*?<\/\1>/gi, "")
    .replace(/<[^>]*>/g, "")
    .trim();
  const all = text.split(/[\n\r\t ]+/).filter(Boolean);
  if (all.length === 0) return "";
  const cut = all.length > words;
  return `<p>${all.slice(0, words).join(" ")}${cut ? " [&hellip;]" : ""}</p>\n`;
}

const NAMED_ENTITIES: Record<string, string> = {
  amp: "&",
  lt: "<",
  gt: ">",
  quot: '"',
  apos: "'",
  hellip: "…",
  nbsp: " ",
};

export function decodeEntities(text: string): string {
  return text.replace(/&(#\d+|#x[\da-f]+|[a-z]+);/gi, (whole, name: string) => {
    if (name[0] === "#") {
      const code =
        name[1] === "x" || name[1] === "X" ? Number.parseInt(name.slice(2), 16) : Number.parseInt(name.slice(1), 10);
      return Number.isFinite(code) ? String.fromCodePoint(code) : whole;
    }
    return NAMED_ENTITIES[name.toLowerCase()] ?? whole;
  });
}

/** Block-editor style rendered content: "\n<p>…</p>\n\n\n\n<p>…</p>\n". */
export const blocks = (paragraphs: string[]) =>
  `\n${paragraphs.map((p) => `<p>${texturize(p)}</p>`).join("\n\n\n\n")}\n`;
