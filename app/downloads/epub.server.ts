// An EPUB 3 of one story or of a shelf (one chapter a story), written with
// yazl (docs/decisions/042). The layout is the one EPUB 3.3 asks for
// (https://www.w3.org/TR/epub-33/): `mimetype` first and stored, then
// META-INF/container.xml naming the package document, which lists every file
// (manifest), the reading order (spine) and the metadata. The same book gives
// the same bytes (fixed entry dates), so a cached copy and a rebuilt one agree.
import yazl from "yazl";
import { escapeHtml } from "~/utils/html";
import { type Book, type Chapter, sealedText } from "./book";
import { downloadText } from "./xhtml.server";

const XHTML = "application/xhtml+xml";

const page = (title: string, body: string, options: { type?: string } = {}) =>
  `<?xml version="1.0" encoding="utf-8"?>
<!DOCTYPE html>
<html xmlns="http://www.w3.org/1999/xhtml" xmlns:epub="http://www.idpf.org/2007/ops" xml:lang="en" lang="en">
<head>
<meta charset="utf-8"/>
<title>${escapeHtml(title)}</title>
<link rel="stylesheet" type="text/css" href="style.css"/>
</head>
<body${options.type ? ` epub:type="${options.type}"` : ""}>
${body}
</body>
</html>
`;

const STYLE = `body { font-family: serif; line-height: 1.5; margin: 0 5%; }
h1, h2 { line-height: 1.2; }
.byline, .site { font-style: italic; }
.cover { text-align: center; margin: 0; }
.cover img { max-width: 100%; max-height: 100%; }
`;

/** An EPUB date: W3CDTF to the second, in UTC (dcterms:modified must be exactly this shape). */
const epubDate = (iso: string) => `${new Date(iso).toISOString().slice(0, 19)}Z`;

const link = (href: string, text: string) => `<a href="${escapeHtml(href)}">${escapeHtml(text)}</a>`;

function titlePage(book: Book): string {
  const stories = book.chapters.length > 1;
  return page(
    book.title,
    `<section epub:type="titlepage">
<h1>${escapeHtml(book.title)}</h1>
${book.creators.length ? `<p class="byline">by ${escapeHtml(book.creators.join(", "))}</p>` : ""}
${
  stories
    ? `<ol>\n${book.chapters.map((c) => `<li>${link(c.url, c.title)}</li>`).join("\n")}\n</ol>`
    : `<p>Read it online: ${link(book.url, book.url)}</p>`
}
<p class="site">From ${link(book.siteUrl, book.siteName)}.</p>
</section>`,
  );
}

function warningsPage(chapter: Chapter): string {
  return page(
    `Content warnings: ${chapter.title}`,
    `<section epub:type="preamble" aria-labelledby="warnings-title">
<h2 id="warnings-title">Content warnings</h2>
<p>${escapeHtml(chapter.title)} deals with:</p>
<ul>
${chapter.warnings.map((w) => `<li>${escapeHtml(w)}</li>`).join("\n")}
</ul>
</section>`,
  );
}

function chapterPage(chapter: Chapter, siteUrl: string): string {
  const text = chapter.sealed ? sealedText(chapter) : downloadText(chapter.contentHtml, siteUrl, "xhtml");
  return page(
    chapter.title,
    `<section epub:type="chapter" aria-labelledby="title">
<h1 id="title">${escapeHtml(chapter.title)}</h1>
${chapter.author ? `<p class="byline">by ${escapeHtml(chapter.author)}</p>` : ""}
${text}
<p class="site">${link(chapter.url, `Read “${chapter.title}” on ${chapter.siteName}`)}</p>
</section>`,
  );
}

function coverPage(book: Book): string {
  return page(
    book.title,
    `<figure class="cover"><img src="cover.jpg" alt="${escapeHtml(book.cover?.alt || `The cover of ${book.title}`)}"/></figure>`,
    { type: "cover" },
  );
}

function navigation(book: Book, files: { href: string; title: string }[]): string {
  return page(
    book.title,
    `<nav epub:type="toc" id="toc" aria-labelledby="toc-title">
<h1 id="toc-title">Contents</h1>
<ol>
${files.map((f) => `<li>${link(f.href, f.title)}</li>`).join("\n")}
</ol>
</nav>`,
  );
}

type Item = { id: string; href: string; type: string; properties?: string; body: string | Buffer; linear?: boolean };

function packageDocument(book: Book, items: Item[], spine: Item[]): string {
  const meta = [
    `<dc:identifier id="uid">${escapeHtml(book.identifier)}</dc:identifier>`,
    `<dc:title>${escapeHtml(book.title)}</dc:title>`,
    ...book.creators.map((c) => `<dc:creator>${escapeHtml(c)}</dc:creator>`),
    "<dc:language>en</dc:language>",
    `<dc:date>${epubDate(book.date)}</dc:date>`,
    `<meta property="dcterms:modified">${epubDate(book.modified)}</meta>`,
    ...book.subjects.map((s) => `<dc:subject>${escapeHtml(s)}</dc:subject>`),
    `<dc:publisher>${escapeHtml(book.siteName)}</dc:publisher>`,
    `<dc:source>${escapeHtml(book.url)}</dc:source>`,
    ...(book.description ? [`<dc:description>${escapeHtml(book.description)}</dc:description>`] : []),
  ];
  return `<?xml version="1.0" encoding="utf-8"?>
<package xmlns="http://www.idpf.org/2007/opf" version="3.0" unique-identifier="uid" xml:lang="en">
<metadata xmlns:dc="http://purl.org/dc/elements/1.1/">
${meta.join("\n")}
</metadata>
<manifest>
${items
  .map(
    (i) =>
      `<item id="${i.id}" href="${i.href}" media-type="${i.type}"${i.properties ? ` properties="${i.properties}"` : ""}/>`,
  )
  .join("\n")}
</manifest>
<spine>
${spine.map((i) => `<itemref idref="${i.id}"${i.linear === false ? ' linear="no"' : ""}/>`).join("\n")}
</spine>
</package>
`;
}

const CONTAINER = `<?xml version="1.0" encoding="utf-8"?>
<container version="1.0" xmlns="urn:oasis:names:tc:opendocument:xmlns:container">
<rootfiles>
<rootfile full-path="EPUB/package.opf" media-type="application/oebps-package+xml"/>
</rootfiles>
</container>
`;

/** The book's files in reading order, with the navigation document and the package document. */
function bookFiles(book: Book): { items: Item[]; spine: Item[] } {
  const spine: Item[] = [];
  const toc: { href: string; title: string }[] = [];
  if (book.cover) spine.push({ id: "cover", href: "cover.xhtml", type: XHTML, body: coverPage(book) });
  spine.push({ id: "title-page", href: "title.xhtml", type: XHTML, body: titlePage(book) });
  toc.push({ href: "title.xhtml", title: book.chapters.length > 1 ? "Title page" : book.title });
  book.chapters.forEach((chapter, index) => {
    const n = index + 1;
    if (chapter.warnings.length) {
      spine.push({ id: `warnings-${n}`, href: `warnings-${n}.xhtml`, type: XHTML, body: warningsPage(chapter) });
      toc.push({ href: `warnings-${n}.xhtml`, title: `Content warnings: ${chapter.title}` });
    }
    spine.push({ id: `story-${n}`, href: `story-${n}.xhtml`, type: XHTML, body: chapterPage(chapter, book.siteUrl) });
    toc.push({ href: `story-${n}.xhtml`, title: chapter.title });
  });
  const nav: Item = { id: "nav", href: "nav.xhtml", type: XHTML, properties: "nav", body: navigation(book, toc) };
  const style: Item = { id: "style", href: "style.css", type: "text/css", body: STYLE };
  const cover: Item[] = book.cover
    ? [{ id: "cover-image", href: "cover.jpg", type: "image/jpeg", properties: "cover-image", body: book.cover.jpeg }]
    : [];
  // The navigation document is in the manifest but out of the linear reading order: a reader shows it as the contents.
  return { items: [...spine, nav, style, ...cover], spine: [...spine, { ...nav, linear: false }] };
}

/** The EPUB file of a book. */
export function writeEpub(book: Book): Promise<Buffer> {
  const zip = new yazl.ZipFile();
  const mtime = new Date(book.modified);
  // `mimetype` first and uncompressed, so the file's first bytes say what it is (EPUB OCF §4.2.3).
  zip.addBuffer(Buffer.from("application/epub+zip"), "mimetype", { mtime, compress: false });
  zip.addBuffer(Buffer.from(CONTAINER), "META-INF/container.xml", { mtime });
  const { items, spine } = bookFiles(book);
  zip.addBuffer(Buffer.from(packageDocument(book, items, spine)), "EPUB/package.opf", { mtime });
  for (const item of items) {
    // A JPEG is compressed already.
    zip.addBuffer(Buffer.isBuffer(item.body) ? item.body : Buffer.from(item.body), `EPUB/${item.href}`, {
      mtime,
      compress: !Buffer.isBuffer(item.body),
    });
  }
  zip.end();
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    zip.outputStream.on("data", (chunk: Buffer) => chunks.push(chunk));
    zip.outputStream.on("end", () => resolve(Buffer.concat(chunks)));
    zip.outputStream.on("error", reject);
  });
}
