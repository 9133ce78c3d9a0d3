import { writeFile } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import sharp from "sharp";
import { describe, expect, it } from "vitest";
import { sanitizeStoryHtml } from "~/content/html.server";
import { epubcheck } from "../../tests/support/epubcheck";
import type { Book, Chapter } from "./book";
import { writeEpub } from "./epub.server";
import { writeHtmlFile } from "./html-file.server";

// What WordPress may send (content.rendered is not sanitised there), through the page's own sanitiser.
const HOSTILE = `<p>It began&nbsp;at dusk &amp; ended <em>never</em>.<br>Line two</p>
<p></p><script>alert(1)</script><p onclick="x()">Clicked</p>
<figure><img src="https://wp.example/a.png" alt="a"><figcaption>An image</figcaption></figure>
<p><img src="https://wp.example/b.png" alt="inline"> and <a href="/stories?tag=fog">a site link</a>,
<a href="javascript:alert(1)">bad</a>, <a href="https://elsewhere.example/x?a=1&b=2">away</a></p>
<table><tr><th>A</th><td>B</td></tr></table><ul><li>one</li></ul><hr><blockquote><p>q</p></blockquote>
<h2>Part &lt;two&gt;</h2><p>Text with \u00a0 and “quotes” — and é.</p>`;

const chapter = (over: Partial<Chapter> = {}): Chapter => ({
  title: "Salt & Ash <2>",
  author: "Ada Lovelace",
  url: "https://horror.example/story/salt-and-ash",
  siteName: "Horror Stories",
  warnings: ["Body horror", "Death or grief"],
  sealed: false,
  contentHtml: sanitizeStoryHtml(HOSTILE, "https://horror.example"),
  ...over,
});

async function book(over: Partial<Book> = {}): Promise<Book> {
  const jpeg = await sharp({ create: { width: 48, height: 27, channels: 3, background: "#402020" } })
    .jpeg()
    .toBuffer();
  return {
    identifier: "https://horror.example/story/salt-and-ash",
    title: "Salt & Ash <2>",
    creators: ["Ada Lovelace"],
    description: "A story of salt.",
    date: "2024-03-01T10:20:30.123Z",
    modified: "2024-03-02T00:00:00.000Z",
    subjects: ["Gothic", "Sea & shore"],
    siteName: "Horror Stories",
    siteUrl: "https://horror.example/",
    url: "https://horror.example/story/salt-and-ash",
    cover: { jpeg, alt: "A grey sea", width: 48, height: 27 },
    chapters: [chapter()],
    ...over,
  };
}

async function check(epub: Buffer) {
  const file = path.join(os.tmpdir(), `hs-epub-${process.pid}-${Math.random().toString(36).slice(2)}.epub`);
  await writeFile(file, epub);
  return (await epubcheck(file)).messages;
}

describe("writeEpub", () => {
  it("writes an EPUB 3 that EPUBCheck passes with no error and no warning", { timeout: 60_000 }, async () => {
    const epub = await writeEpub(await book());
    // The mimetype entry first and stored: the first bytes name the format.
    expect(epub.subarray(30, 58).toString("latin1")).toBe("mimetypeapplication/epub+zip");
    expect(await check(epub)).toEqual([]);
  });

  it("passes with several chapters, a sealed story and no cover", { timeout: 60_000 }, async () => {
    const epub = await writeEpub(
      await book({
        cover: null,
        chapters: [chapter(), chapter({ title: "Sealed", sealed: true, contentHtml: "", warnings: [] })],
      }),
    );
    expect(await check(epub)).toEqual([]);
  });

  it("is the same file for the same book, so a cached copy and a rebuilt one agree", async () => {
    const b = await book();
    expect((await writeEpub(b)).equals(await writeEpub(b))).toBe(true);
  });
});

describe("writeHtmlFile", () => {
  it("is one file: no script, no remote image, links absolute, the cover inline", async () => {
    const html = writeHtmlFile(await book());
    expect(html).not.toMatch(/<script|onclick|javascript:/i);
    expect(html).not.toContain("wp.example");
    expect(html).toContain('href="https://horror.example/stories?tag=fog"');
    expect(html).toContain('src="data:image/jpeg;base64,');
    expect(html).toContain("<h2>Content warnings</h2>");
    expect(html).toContain("Salt &amp; Ash &lt;2&gt;");
  });
});
