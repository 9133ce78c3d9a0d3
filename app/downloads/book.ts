// What a download holds, whichever file it becomes (an EPUB, a single HTML
// file): a book of one story, or of a shelf with one chapter a story.
import { escapeHtml } from "~/utils/html";

export type Chapter = {
  title: string;
  author: string | null;
  /** The story's canonical page on the site. */
  url: string;
  siteName: string;
  /** Content warnings, as readers read them ("Body horror"): a page of their own before the text. */
  warnings: string[];
  /** Password-protected: no text, only a link to the page. */
  sealed: boolean;
  /** The text as the page has it: sanitised by the content chain (app/content/html.server.ts). */
  contentHtml: string;
};

export type Book = {
  /** Stable for the same story or shelf: an EPUB reader tells books apart by it. */
  identifier: string;
  title: string;
  creators: string[];
  description: string;
  /** ISO 8601: first published, and last changed. */
  date: string;
  modified: string;
  /** Categories and tags. */
  subjects: string[];
  siteName: string;
  siteUrl: string;
  /** The page the book comes from (a story, or the shelf on /bookmarks). */
  url: string;
  /** The story's image, re-encoded small by the image endpoint's pipeline (docs/decisions/027). */
  cover: { jpeg: Buffer; alt: string; width: number; height: number } | null;
  chapters: Chapter[];
};

/** What stands for the text of a password-protected story, in either file. */
export const sealedText = (chapter: Chapter) =>
  `<p>Its author has protected this story with a password: read it at <a href="${escapeHtml(chapter.url)}">${escapeHtml(chapter.url)}</a>.</p>`;
