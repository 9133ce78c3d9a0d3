// Story downloads (issue 44, docs/decisions/042): a story as EPUB 3 or as one
// HTML file, and a reader's shelf as one EPUB. What a reader may download is
// what they may read: the same content chain and the same rules as the pages
// (a draft, a hidden or an unpublished story is a 404 here as there). Every
// download counts against a per-address limit, and a built file is kept per
// story version, so a story everyone downloads is built once.
import { createHash } from "node:crypto";
import { LRUCache } from "lru-cache";
import { data, type RouterContextProvider, redirect } from "react-router";
import { clientAddress } from "~/auth/client-address.server";
import { enforceRateLimit, type RateLimitRule } from "~/auth/rate-limit.server";
import { contentChain } from "~/content/content.server";
import type { Story } from "~/content/story";
import { prisma } from "~/db.server";
import { env } from "~/env.server";
import { imageToken, isImageSource } from "~/images/image-url.server";
import { imageService } from "~/images/images.server";
import { loadSharp } from "~/images/sharp.server";
import { isCommunityOpen } from "~/site/site-settings.server";
import { getCommunityStory } from "~/stories/community.server";
import { takenDownResponse, wasTakenDown } from "~/stories/take-down.server";
import { parseWarnings, warningLabel } from "~/stories/warnings";
import { SITE } from "~/utils/site";
import { isSlug } from "~/utils/slug";
import { storyPath } from "~/utils/story-paths";
import type { Book, Chapter } from "./book";
import { writeEpub } from "./epub.server";
import { DOWNLOAD_FORMATS, type DownloadFormat } from "./formats";
import { writeHtmlFile } from "./html-file.server";

/**
 * Downloads per client address: enough for a reader taking a whole evening's
 * reading (each story in both formats and a shelf or two), far too few to
 * mirror the site. A cached file costs little, so this guards the builds and
 * the wire rather than the database.
 */
export const DOWNLOAD_LIMIT: RateLimitRule = { limit: 30, windowMs: 10 * 60_000 };

/** The cover's width: small enough for a phone's library view (about 20 KB JPEG), from the image endpoint's widths. */
const COVER_WIDTH = 480;

export const MEDIA_TYPES: Record<DownloadFormat, string> = {
  epub: "application/epub+zip",
  html: "text/html; charset=utf-8",
};

/**
 * The single HTML file runs no script and loads nothing: its image is inline
 * and its styles are its own (the site's own policy would allow the site's scripts).
 */
const HTML_FILE_POLICY =
  "default-src 'none'; img-src data:; style-src 'unsafe-inline'; base-uri 'none'; form-action 'none'; frame-ancestors 'none'";

type Built = { body: Buffer; etag: string };

// Bounded in bytes: a key names a story version that exists, but a reader could still ask for many.
const built = new LRUCache<string, Built>({ maxSize: 32 * 1024 * 1024, sizeCalculation: (b) => b.body.length });
const building = new Map<string, Promise<Built>>();

/** Builds once per key: readers who ask at the same moment share one build, later ones the cached file. */
async function once(key: string, build: () => Promise<Buffer>): Promise<Built> {
  const cached = built.get(key);
  if (cached) return cached;
  let job = building.get(key);
  if (!job) {
    job = build()
      .then((body) => {
        const file = { body, etag: `"${createHash("sha256").update(body).digest("base64url").slice(0, 27)}"` };
        built.set(key, file);
        return file;
      })
      .finally(() => building.delete(key));
    building.set(key, job);
  }
  return job;
}

/** A story's version: everything a download shows, so an edit anywhere makes a new file. */
const versionOf = (parts: unknown) => createHash("sha256").update(JSON.stringify(parts)).digest("hex").slice(0, 32);

/** The page a story is read at: the content chain's stories, or a writer's community story. */
export type StoryKind = "story" | "community";
const pagePath = (kind: StoryKind, slug: string) => storyPath({ slug, community: kind === "community" });

const notFound = () => data({ message: "No story has this address." }, { status: 404 });

/** A story as its page finds it, with the content warnings its writer set (own and community stories have them). */
async function readableStory(kind: StoryKind, slug: string): Promise<{ story: Story; warnings: string[] } | null> {
  if (!isSlug(slug)) return null;
  if (kind === "community") {
    if (!(await isCommunityOpen())) return null;
    const found = await getCommunityStory(slug);
    return found ? { story: found.story, warnings: found.warnings.map(warningLabel) } : null;
  }
  const story = await contentChain.getStory(slug);
  if (!story || story.placeholder) return null;
  if (story.source !== "own") return { story, warnings: [] };
  const post = await prisma.post.findUnique({ where: { slug }, select: { warnings: true } });
  return { story, warnings: parseWarnings(post?.warnings ?? "").map(warningLabel) };
}

async function coverOf(story: Story): Promise<Book["cover"]> {
  const image = story.image;
  if (!image || !isImageSource(image.src)) return null;
  try {
    const { body } = await imageService().rendition(imageToken(image.src), `${COVER_WIDTH}.jpg`);
    const sharp = await loadSharp();
    const { width = COVER_WIDTH, height = COVER_WIDTH } = await sharp(body).metadata();
    return { jpeg: body, alt: image.alt, width, height };
  } catch {
    // A source that cannot be read costs the book its cover, not the download.
    return null;
  }
}

function chapterOf(story: Story, warnings: string[], kind: StoryKind): Chapter {
  return {
    title: story.title,
    author: story.community?.author ?? story.author,
    url: new URL(pagePath(kind, story.slug), env.SITE_URL).href,
    siteName: SITE.name,
    warnings,
    sealed: story.protected,
    contentHtml: story.protected ? "" : story.contentHtml,
  };
}

const subjectsOf = (stories: Story[]) => [
  ...new Set(stories.flatMap((s) => [...s.categories, ...s.tags].map((t) => t.name)).filter(Boolean)),
];

function fileResponse(request: Request, file: Built, format: DownloadFormat, name: string, cache: string) {
  const headers = new Headers({
    "Content-Type": MEDIA_TYPES[format],
    "Content-Disposition": `attachment; filename="${name}.${format}"`,
    "Cache-Control": cache,
    ETag: file.etag,
  });
  if (format === "html") headers.set("Content-Security-Policy", HTML_FILE_POLICY);
  if (request.headers.get("If-None-Match") === file.etag) return new Response(null, { status: 304, headers });
  return new Response(new Uint8Array(file.body), { headers });
}

export function parseFormat(value: string | undefined): DownloadFormat {
  if (!(DOWNLOAD_FORMATS as readonly string[]).includes(value ?? "")) {
    throw data({ message: "Download a story as epub or html." }, { status: 404 });
  }
  return value as DownloadFormat;
}

/** GET /story/{slug}/download/{format} and /community-story/{slug}/download/{format}. */
export async function storyDownload(args: {
  request: Request;
  context: Readonly<RouterContextProvider>;
  kind: StoryKind;
  slug: string;
  format: string | undefined;
}): Promise<Response> {
  // A person who followed or typed the address is shown a page, not the JSON a script gets: the
  // story's own page, which is the site's 404 page when there is no such story.
  const page = (refusal: unknown) =>
    args.request.headers.get("Sec-Fetch-Dest") === "document"
      ? redirect(pagePath(args.kind, encodeURIComponent(args.slug)))
      : refusal;
  let format: DownloadFormat;
  try {
    format = parseFormat(args.format);
  } catch (refusal) {
    throw page(refusal);
  }
  await enforceRateLimit(`download:${clientAddress(args.context)}`, DOWNLOAD_LIMIT);
  const found = await readableStory(args.kind, args.slug);
  // A community story taken down after readers could read it: 410, as its page (docs/decisions/060).
  if (!found) throw page(isSlug(args.slug) && (await wasTakenDown(args.slug)) ? takenDownResponse() : notFound());
  const { story, warnings } = found;
  const key = `${format}:${args.kind}:${story.slug}:${versionOf({ story, warnings })}`;
  const file = await once(key, async () => {
    const chapter = chapterOf(story, warnings, args.kind);
    const book: Book = {
      identifier: chapter.url,
      title: story.title,
      creators: chapter.author ? [chapter.author] : [],
      description: story.excerpt,
      date: story.date,
      modified: story.modified ?? story.date,
      subjects: subjectsOf([story]),
      siteName: SITE.name,
      siteUrl: new URL("/", env.SITE_URL).href,
      url: chapter.url,
      cover: await coverOf(story),
      chapters: [chapter],
    };
    return format === "epub" ? writeEpub(book) : Buffer.from(writeHtmlFile(book));
  });
  // Kept by the reader's browser a while, but by no shared cache (nor the server's page cache), so
  // every download passes the rate limit; the build itself is shared through `built`.
  return fileResponse(args.request, file, format, story.slug, "private, max-age=300");
}

/** A shelf's stories in the order the library lists them; ones no longer readable are left out. */
export async function shelfDownload(args: {
  request: Request;
  context: Readonly<RouterContextProvider>;
  userId: string;
  shelf: string;
  label: string;
}): Promise<Response> {
  await enforceRateLimit(`download:${clientAddress(args.context)}`, DOWNLOAD_LIMIT);
  const rows = await prisma.bookmark.findMany({
    where: { userId: args.userId, shelf: args.shelf },
    orderBy: [{ createdAt: "desc" }, { id: "asc" }],
    take: SHELF_MAX_STORIES,
    select: { story: { select: { slug: true } } },
  });
  const found = await Promise.all(rows.map((row) => readableStory("story", row.story.slug)));
  const stories = found.filter((f): f is NonNullable<typeof f> => f !== null);
  if (!stories.length) throw data({ message: "There is no story on this shelf to download." }, { status: 404 });
  const url = new URL(`/bookmarks?shelf=${args.shelf}`, env.SITE_URL).href;
  const key = `epub:shelf:${args.userId}:${args.shelf}:${versionOf(stories)}`;
  const file = await once(key, () => {
    const chapters = stories.map((s) => chapterOf(s.story, s.warnings, "story"));
    const dates = stories.map((s) => s.story.modified ?? s.story.date).sort();
    return writeEpub({
      identifier: `urn:horror-stories:shelf:${versionOf([args.userId, args.shelf])}`,
      title: `${args.label}: stories from ${SITE.name}`,
      creators: [...new Set(chapters.map((c) => c.author).filter((a): a is string => Boolean(a)))],
      description: `${chapters.length === 1 ? "One story" : `${chapters.length} stories`} from the shelf ${args.label}.`,
      date: stories.map((s) => s.story.date).sort()[0] ?? new Date().toISOString(),
      modified: dates.at(-1) ?? new Date().toISOString(),
      subjects: subjectsOf(stories.map((s) => s.story)),
      siteName: SITE.name,
      siteUrl: new URL("/", env.SITE_URL).href,
      url,
      cover: null,
      chapters,
    });
  });
  return fileResponse(args.request, file, "epub", args.shelf, "private, no-store");
}

/** A shelf's book holds its newest stories up to this many: one build stays within a second. */
export const SHELF_MAX_STORIES = 50;
