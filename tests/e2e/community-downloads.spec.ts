// A community story's downloads (issue 44, docs/decisions/042), JavaScript on
// and off: the same Download control as a WordPress story's, on a site of its
// own (story-site.ts), since a published community story changes the Story
// Index that other specs count on the shared server.
import { randomUUID } from "node:crypto";
import { readFile } from "node:fs/promises";
import { newReader, signUp } from "../support/accounts";
import { downloadFromStoryPage } from "../support/downloads";
import { epubcheck } from "../support/epubcheck";
import { keepHtmlDocument } from "../support/html-pages";
import { expect, test } from "./story-site";

test("a community story downloads as an EPUB that EPUBCheck passes and as one HTML file", async ({ page, site }) => {
  test.setTimeout(120_000);
  const writer = newReader();
  await signUp(page, writer);
  const id = randomUUID().slice(0, 8);
  const story = { slug: `the-widows-clock-${id}`, title: `The Widow’s Clock ${id}` };
  const [user] = await site.query<{ id: string }>('SELECT id FROM "User" WHERE username = ?', [writer.username]);
  await site.query(
    `INSERT INTO "Post" (slug, title, content, excerpt, status, "authorId", "submittedAt", "createdAt", "updatedAt", "announcedAt")
     VALUES (?, ?, '<p>The clock on the landing ran backward.</p><p>Nobody wound it.</p>', 'The clock ran backward.', 'published', ?, ?, ?, ?, ?)`,
    [story.slug, story.title, user?.id ?? "", ...Array(4).fill(new Date().toISOString())],
  );

  await page.goto(`/community-story/${story.slug}`);
  const { file, download: epub } = await downloadFromStoryPage(page, test.info(), "Download EPUB");
  expect(epub.suggestedFilename()).toBe(`${story.slug}.epub`);
  const report = await epubcheck(file);
  expect(report.messages).toEqual([]);
  expect(report.publication.title).toBe(story.title);
  expect(report.publication.publisher).toBe("Horror Stories");
  expect(report.publication.isScripted).toBe(false);
  expect(report.items.map((i) => i.fileName)).toEqual(expect.arrayContaining(["EPUB/nav.xhtml", "EPUB/story-1.xhtml"]));

  const { file: htmlFile, download: html } = await downloadFromStoryPage(page, test.info(), "Download HTML");
  expect(html.suggestedFilename()).toBe(`${story.slug}.html`);
  const text = await readFile(htmlFile, "utf8");
  expect(text).not.toMatch(/<script/i);
  expect(text).toContain(`<h1>${story.title}</h1>`);
  expect(text).toContain("ran backward");
  expect(text).toMatch(new RegExp(`<a href="[^"]*/community-story/${story.slug}">read it online</a>`));
  await keepHtmlDocument(text, page.url().replace(/$/, "/download/html"), 200, test.info().title);
});
