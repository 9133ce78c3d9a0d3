// Story downloads (issue 44, docs/decisions/042), with JavaScript on and off: a
// story page's Download control gives an EPUB that EPUBCheck passes with no
// error and no warning, and one HTML file that the suite's HTML check reads
// (kept beside the pages); a shelf of /bookmarks downloads as one EPUB, a
// chapter a story.
import { readFile } from "node:fs/promises";
import type { Page } from "@playwright/test";
import { newReader, signUp } from "../support/accounts";
import { downloadFromStoryPage } from "../support/downloads";
import { epubcheck } from "../support/epubcheck";
import { keepHtmlDocument } from "../support/html-pages";
import { bookmarkThisStory } from "../support/library";
import { expect, test } from "../support/test";

const FERRY = { slug: "last-ferry-to-hollin-isle", title: "Last Ferry to Hollin Isle" };
const BREAD = { slug: "bread-and-salt" };

const download = (page: Page, name: string) => downloadFromStoryPage(page, test.info(), name);

test("a story downloads as an EPUB that EPUBCheck passes, with its metadata, cover and a link back", async ({
  page,
  checkA11y,
}) => {
  test.setTimeout(90_000);
  await page.goto(`/story/${FERRY.slug}`);
  await checkA11y();
  const { file, download: epub } = await download(page, "Download EPUB");
  expect(epub.suggestedFilename()).toBe(`${FERRY.slug}.epub`);
  const report = await epubcheck(file);
  expect(report.messages).toEqual([]);
  expect(report.publication.title).toBe(FERRY.title);
  expect(report.publication.language).toBe("en");
  expect(report.publication.publisher).toBe("Horror Stories");
  expect(report.publication.subject.length).toBeGreaterThan(0);
  expect(report.publication.isScripted).toBe(false);
  const files = report.items.map((i) => i.fileName);
  // The cover is the story's image, re-encoded small by the image endpoint's pipeline.
  expect(files).toEqual(
    expect.arrayContaining(["EPUB/nav.xhtml", "EPUB/title.xhtml", "EPUB/cover.jpg", "EPUB/story-1.xhtml"]),
  );
});

test("a story downloads as one HTML file: no script, its image inline, a link back to the story", async ({ page }) => {
  await page.goto(`/story/${FERRY.slug}`);
  const { file } = await download(page, "Download HTML");
  const html = await readFile(file, "utf8");
  expect(html).not.toMatch(/<script/i);
  expect(html).toContain(`<h1>${FERRY.title}</h1>`);
  expect(html).toMatch(/<img src="data:image\/jpeg;base64,/);
  expect(html).toMatch(new RegExp(`<a href="[^"]*/story/${FERRY.slug}">read it online</a>`));
  // Put through the Nu Html Checker with the pages at the end of the run.
  await keepHtmlDocument(html, page.url().replace(/$/, "/download/html"), 200, test.info().title);
});

test("a shelf of /bookmarks downloads as one EPUB with a chapter for each story", async ({ page, checkA11y }) => {
  test.setTimeout(90_000);
  await signUp(page, newReader());
  for (const story of [FERRY, BREAD]) {
    await page.goto(`/story/${story.slug}`);
    await bookmarkThisStory(page);
  }
  await page.goto("/bookmarks");
  const shelf = page.getByRole("region", { name: "Take a shelf with you" });
  await checkA11y();
  const [epub] = await Promise.all([
    page.waitForEvent("download"),
    shelf.getByRole("link", { name: "Download Bookmarked as EPUB" }).click(),
  ]);
  const file = test.info().outputPath("bookmarked.epub");
  await epub.saveAs(file);
  const report = await epubcheck(file);
  expect(report.messages).toEqual([]);
  expect(report.publication.title).toBe("Bookmarked: stories from Horror Stories");
  const chapters = report.items.filter((i) => /^EPUB\/story-\d+\.xhtml$/.test(i.fileName));
  expect(chapters).toHaveLength(2);
  // Shelves with nothing on them offer nothing.
  await expect(shelf.getByRole("link")).toHaveCount(1);
});

test("a story that does not exist has no download", async ({ page }) => {
  const reply = await page.request.get("/story/no-such-story/download/epub");
  expect(reply.status()).toBe(404);
  expect((await page.request.get(`/story/${FERRY.slug}/download/pdf`)).status()).toBe(404);
});

test("a download address typed wrong shows a page, not JSON: the site's 404 for no story, the story for no format", async ({
  page,
}) => {
  const missing = await page.goto("/story/no-such-story/download/epub");
  expect(missing?.status()).toBe(404);
  await expect(page.getByRole("heading", { level: 1, name: "Page Not Found" })).toBeVisible();
  await expect(page.getByText('"message"')).toHaveCount(0);

  await page.goto(`/story/${FERRY.slug}/download/pdf`);
  await expect(page).toHaveURL(`/story/${FERRY.slug}`);
  await expect(page.getByRole("heading", { level: 1, name: FERRY.title })).toBeVisible();

  // A script still gets the refusal it can read.
  const api = await page.request.get("/story/no-such-story/download/epub");
  expect(api.status()).toBe(404);
  expect(await api.json()).toEqual({ message: "No story has this address." });
});
