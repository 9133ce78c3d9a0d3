// A signed-in reader's library: shelves (Bookmark) and reading positions.
// Every change names the reader, so nobody reaches another reader's rows.
import { communitySlugs, publishedNow } from "~/content/own-posts.server";
import { prisma } from "~/db.server";
import type { Prisma } from "~/generated/prisma/client";
import { TAKEN_DOWN, takenDownCommunitySlugs } from "~/stories/take-down.server";
import { storyPath } from "~/utils/story-paths";
import { type LibrarySort, percentRead, reachedEnd, SHELVES, type Shelf, shelfAfterReading } from "./shelves";
import { recordStoryBySlug } from "./story-records.server";

/** A request the reader can fix (an unknown story, a paragraph the story has not): pages and the API each show it their way. */
export class LibraryError extends Error {
  readonly status: number;
  constructor(message: string, status: number) {
    super(message);
    this.name = "LibraryError";
    this.status = status;
  }
}

/** Each story with its page's address: the library keeps slugs, and a community story has a page of its own. */
export async function withStoryPaths<T extends { slug: string }>(items: T[]): Promise<(T & { path: string })[]> {
  const community = await communitySlugs(items.map((item) => item.slug));
  return items.map((item) => ({ ...item, path: storyPath({ slug: item.slug, community: community.has(item.slug) }) }));
}

const notFound = () => new LibraryError("No story has this address.", 404);

/** What its card in the library and its line in Continue reading say (sent as data: no client code carries it). */
const TAKEN_DOWN_CARD = "No longer available: this story was taken down.";

/**
 * The stories of these that were taken down: an own or community post that is no longer published
 * (unpublished, withdrawn, rescheduled), or a community story deleted after readers could read it
 * (takenDownCommunitySlugs, docs/decisions/060). A remote story deleted at its source is not known
 * here (its page answers 404 once the source says so, decision 004).
 */
export async function takenDownSlugs(slugs: string[]): Promise<Set<string>> {
  if (!slugs.length) return new Set();
  const [rows, removed] = await Promise.all([
    prisma.post.findMany({ where: { slug: { in: slugs }, NOT: publishedNow() }, select: { slug: true } }),
    takenDownCommunitySlugs(slugs),
  ]);
  return new Set([...rows.map((row) => row.slug), ...removed]);
}

/** The story's record, fetched from the content chain when the library has not seen it yet. */
async function ensureRecord(slug: string, needParagraphs: boolean) {
  const record = await prisma.storyRecord.findUnique({ where: { slug }, select: { slug: true, paragraphs: true } });
  if (record && (!needParagraphs || record.paragraphs > 0)) return record;
  const fetched = await recordStoryBySlug(slug);
  if (!fetched) throw notFound();
  return { slug, paragraphs: fetched.paragraphs };
}

const asShelf = (value: string): Shelf =>
  (SHELVES as readonly string[]).includes(value) ? (value as Shelf) : "bookmarked";

/** Puts a story on a shelf (adding it to the library if needed); the date added stays. */
export async function shelveStory(userId: string, slug: string, shelf: Shelf) {
  await ensureRecord(slug, false);
  const bookmark = await prisma.bookmark.upsert({
    where: { userId_storySlug: { userId, storySlug: slug } },
    create: { userId, storySlug: slug, shelf },
    update: { shelf },
    select: { shelf: true, createdAt: true, story: { select: { title: true } } },
  });
  return { slug, shelf: asShelf(bookmark.shelf), added: bookmark.createdAt.toISOString(), title: bookmark.story.title };
}

/** Takes a story off the reader's shelves; what it was, for Undo, or null when it was not there. */
export async function removeFromLibrary(userId: string, slug: string) {
  const existing = await prisma.bookmark.findUnique({
    where: { userId_storySlug: { userId, storySlug: slug } },
    select: { shelf: true, createdAt: true, story: { select: { title: true } } },
  });
  if (!existing) return null;
  await prisma.bookmark.deleteMany({ where: { userId, storySlug: slug } });
  return { slug, shelf: asShelf(existing.shelf), added: existing.createdAt.getTime(), title: existing.story.title };
}

/** Undo a removal: the story goes back on its shelf with its first date added. */
export async function restoreToLibrary(userId: string, slug: string, shelf: Shelf, added: Date) {
  await ensureRecord(slug, false);
  const createdAt = added.getTime() > Date.now() ? new Date() : added;
  const bookmark = await prisma.bookmark.upsert({
    where: { userId_storySlug: { userId, storySlug: slug } },
    create: { userId, storySlug: slug, shelf, createdAt },
    update: { shelf, createdAt },
    select: { story: { select: { title: true } } },
  });
  return { slug, shelf, title: bookmark.story.title };
}

/** The shelf of each of these stories the reader has (story cards of a list). */
export async function shelvesOf(userId: string, slugs: string[]): Promise<Record<string, Shelf>> {
  if (!slugs.length) return {};
  const rows = await prisma.bookmark.findMany({
    where: { userId, storySlug: { in: slugs } },
    select: { storySlug: true, shelf: true },
  });
  return Object.fromEntries(rows.map((r) => [r.storySlug, asShelf(r.shelf)]));
}

/**
 * The bookmark buttons of a list page: the signed-in reader's shelves of its
 * stories, or undefined for an anonymous reader (whose page is public and the
 * same for everyone).
 */
export function listShelves(user: { id: string } | null, stories: { slug: string }[]) {
  return user
    ? shelvesOf(
        user.id,
        stories.map((story) => story.slug),
      )
    : Promise.resolve(undefined);
}

export const LIBRARY_PER_PAGE = 20;

export type LibraryQuery = { shelf?: Shelf; category?: string; sort: LibrarySort; page: number };

/** A page of the library, filtered and sorted on the server (the query string of /bookmarks). */
export async function listLibrary(userId: string, query: LibraryQuery) {
  const where: Prisma.BookmarkWhereInput = {
    userId,
    ...(query.shelf ? { shelf: query.shelf } : {}),
    ...(query.category ? { story: { terms: { some: { kind: "category", slug: query.category } } } } : {}),
  };
  const orderBy: Prisma.BookmarkOrderByWithRelationInput[] =
    query.sort === "title"
      ? [{ story: { title: "asc" } }]
      : [{ createdAt: query.sort === "added" ? "asc" : "desc" }, { id: "asc" }];
  const [rows, total, shelfCounts, categories] = await Promise.all([
    prisma.bookmark.findMany({
      where,
      orderBy,
      skip: (query.page - 1) * LIBRARY_PER_PAGE,
      take: LIBRARY_PER_PAGE,
      select: {
        shelf: true,
        createdAt: true,
        story: {
          select: {
            slug: true,
            title: true,
            excerpt: true,
            author: true,
            terms: { where: { kind: "category" }, select: { slug: true, name: true } },
            positions: { where: { userId }, select: { percent: true, paragraph: true } },
          },
        },
      },
    }),
    prisma.bookmark.count({ where }),
    prisma.bookmark.groupBy({ by: ["shelf"], where: { userId }, _count: { _all: true } }),
    prisma.storyTerm.findMany({
      where: { kind: "category", story: { bookmarks: { some: { userId } } } },
      distinct: ["slug"],
      orderBy: { name: "asc" },
      select: { slug: true, name: true },
    }),
  ]);
  const counts = Object.fromEntries(SHELVES.map((s) => [s, 0])) as Record<Shelf, number>;
  for (const row of shelfCounts) counts[asShelf(row.shelf)] += row._count._all;
  const gone = await takenDownSlugs(rows.map((row) => row.story.slug));
  return {
    items: await withStoryPaths(
      rows.map((row) => ({
        slug: row.story.slug,
        title: row.story.title,
        excerpt: row.story.excerpt,
        author: row.story.author,
        categories: row.story.terms,
        shelf: asShelf(row.shelf),
        added: row.createdAt.toISOString(),
        percent: row.story.positions[0]?.percent ?? null,
        paragraph: row.story.positions[0]?.paragraph ?? null,
        gone: gone.has(row.story.slug) ? TAKEN_DOWN_CARD : null,
      })),
    ),
    total,
    totalPages: Math.max(1, Math.ceil(total / LIBRARY_PER_PAGE)),
    counts,
    categories,
  };
}

/**
 * Saves where the reader stopped. The last paragraph finishes the story; the
 * shelf follows (shelfAfterReading), in the same transaction as the position.
 */
export async function savePosition(userId: string, slug: string, paragraph: number) {
  // A page left open on a story taken down since keeps sending places: they are refused, and the
  // story stays on its shelf as it was (not moved to Finished by the page's last save).
  if ((await takenDownSlugs([slug])).size) throw new LibraryError(TAKEN_DOWN, 410);
  const record = await ensureRecord(slug, true);
  if (paragraph >= record.paragraphs) {
    throw new LibraryError(
      `This story has ${record.paragraphs} paragraphs; paragraph ${paragraph + 1} is not one of them.`,
      400,
    );
  }
  const percent = percentRead(paragraph, record.paragraphs);
  const atEnd = reachedEnd(paragraph, record.paragraphs);
  return prisma.$transaction(async (tx) => {
    const [existing, bookmark] = await Promise.all([
      tx.readingPosition.findUnique({ where: { userId_storySlug: { userId, storySlug: slug } } }),
      tx.bookmark.findUnique({ where: { userId_storySlug: { userId, storySlug: slug } }, select: { shelf: true } }),
    ]);
    const finishedAt = atEnd ? (existing?.finishedAt ?? new Date()) : (existing?.finishedAt ?? null);
    // The reader's first finished story ever: the page celebrates it (confetti, spec §2).
    const firstFinish =
      atEnd &&
      !existing?.finishedAt &&
      (await tx.readingPosition.count({ where: { userId, finishedAt: { not: null } } })) === 0;
    await tx.readingPosition.upsert({
      where: { userId_storySlug: { userId, storySlug: slug } },
      create: { userId, storySlug: slug, paragraph, percent, finishedAt },
      update: { paragraph, percent, finishedAt },
    });
    const shelf = shelfAfterReading(bookmark ? asShelf(bookmark.shelf) : null, atEnd);
    if (!bookmark) await tx.bookmark.create({ data: { userId, storySlug: slug, shelf } });
    else if (bookmark.shelf !== shelf) {
      await tx.bookmark.update({ where: { userId_storySlug: { userId, storySlug: slug } }, data: { shelf } });
    }
    return { slug, paragraph, percent, finished: atEnd, firstFinish, shelf };
  });
}

export async function getPosition(userId: string, slug: string) {
  const row = await prisma.readingPosition.findUnique({
    where: { userId_storySlug: { userId, storySlug: slug } },
    select: { paragraph: true, percent: true, finishedAt: true, updatedAt: true },
  });
  return row
    ? {
        slug,
        paragraph: row.paragraph,
        percent: row.percent,
        finished: row.finishedAt !== null,
        updatedAt: row.updatedAt.toISOString(),
      }
    : null;
}

/** The stories the reader stopped in the middle of, latest first (/reader). */
export async function continueReading(userId: string, take = 3) {
  const rows = await prisma.readingPosition.findMany({
    where: { userId, percent: { lt: 100 } },
    orderBy: { updatedAt: "desc" },
    take,
    select: { storySlug: true, paragraph: true, percent: true, story: { select: { title: true } } },
  });
  const gone = await takenDownSlugs(rows.map((r) => r.storySlug));
  return withStoryPaths(
    rows.map((r) => ({
      slug: r.storySlug,
      title: r.story.title,
      paragraph: r.paragraph,
      percent: r.percent,
      gone: gone.has(r.storySlug) ? TAKEN_DOWN_CARD : null,
    })),
  );
}

/** The counts of /profile: stories on shelves, finished stories, submitted stories. */
export async function libraryCounts(userId: string) {
  const [bookmarks, finished, submitted] = await Promise.all([
    prisma.bookmark.count({ where: { userId } }),
    prisma.bookmark.count({ where: { userId, shelf: "finished" } }),
    // Submitted: sent for review at least once (a draft never sent, or one withdrawn, is not).
    prisma.post.count({ where: { authorId: userId, submittedAt: { not: null }, status: { not: "withdrawn" } } }),
  ]);
  return { bookmarks, finished, submitted };
}
