// A story as one self-contained HTML file: its styles inline, its image a
// data: URI, nothing fetched when it is opened from a reader's disk, and no
// script at all (its Content-Security-Policy says so too: downloads.server.ts).
import { formatDate } from "~/utils/dates";
import { escapeHtml } from "~/utils/html";
import { type Book, sealedText } from "./book";
import { downloadText } from "./xhtml.server";

/** Readable on a phone and on paper, light or dark as the reader's system is. */
const STYLE = `:root { color-scheme: light dark; }
body { font-family: Georgia, "Times New Roman", serif; line-height: 1.6; max-width: 38em; margin: 0 auto; padding: 1em; }
h1, h2 { line-height: 1.2; }
img { max-width: 100%; height: auto; }
.meta, .site { font-style: italic; }
.warnings { border: 1px solid; padding: 0 1em; }
figure { margin: 1em 0; }`;

export function writeHtmlFile(book: Book): string {
  const cover = book.cover
    ? `<figure><img src="data:image/jpeg;base64,${book.cover.jpeg.toString("base64")}" alt="${escapeHtml(book.cover.alt)}" width="${book.cover.width}" height="${book.cover.height}"></figure>`
    : "";
  const articles = book.chapters.map((chapter) => {
    const warnings = chapter.warnings.length
      ? `<section class="warnings" aria-label="Content warnings">
<h2>Content warnings</h2>
<ul>
${chapter.warnings.map((w) => `<li>${escapeHtml(w)}</li>`).join("\n")}
</ul>
</section>`
      : "";
    const text = chapter.sealed ? sealedText(chapter) : downloadText(chapter.contentHtml, book.siteUrl, "html");
    return `<article>
<header>
<h1>${escapeHtml(chapter.title)}</h1>
<p class="meta">${chapter.author ? `by ${escapeHtml(chapter.author)} · ` : ""}<time datetime="${escapeHtml(book.date)}">${formatDate(book.date)}</time></p>
${book.subjects.length ? `<p>${escapeHtml(book.subjects.join(", "))}</p>` : ""}
</header>
${book.chapters.length === 1 ? cover : ""}
${warnings}
${text}
<footer>
<p class="site">From <a href="${escapeHtml(book.siteUrl)}">${escapeHtml(book.siteName)}</a>: <a href="${escapeHtml(chapter.url)}">read it online</a>.</p>
</footer>
</article>`;
  });
  return `<!DOCTYPE html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escapeHtml(book.title)} · ${escapeHtml(book.siteName)}</title>
${book.creators.length ? `<meta name="author" content="${escapeHtml(book.creators.join(", "))}">` : ""}
${book.description ? `<meta name="description" content="${escapeHtml(book.description)}">` : ""}
<link rel="canonical" href="${escapeHtml(book.url)}">
<style>
${STYLE}
</style>
</head>
<body>
<main>
${articles.join("\n")}
</main>
</body>
</html>
`;
}
