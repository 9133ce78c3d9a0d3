// What the library knows of a story (StoryRecord, StoryTerm): written when a
// signed-in reader shelves or reads a story, and refreshed from the content
// chain's newest lists for recommendations. Remote stories live only in the
// chain, so shelves and rankings rely on this copy, never on loading stories.

import { contentChain } from "~/content/content.server";
import { storyFromOwn } from "~/content/normalize.server";
import { storyBlocks } from "~/content/paragraphs.server";
import type { Story, StorySummary, Term } from "~/content/story";
import { prisma } from "~/db.server";

type TermRow = { kind: "category" | "tag" | "author"; slug: string; name: string };

/** An author is matched by name: sources have no shared author ids. */
export const authorTerm = (name: string): TermRow => ({
  kind: "author",
  slug: name.trim().toLowerCase().replace(/\s+/g, " ").slice(0, 200),
  name: name.trim().slice(0, 200),
});

function termsOf(story: StorySummary & { tags?: Term[] }): TermRow[] {
  const rows: TermRow[] = [
    ...story.categories.map((t) => ({ kind: "category" as const, slug: t.slug, name: t.name })),
    ...(story.tags ?? []).map((t) => ({ kind: "tag" as const, slug: t.slug, name: t.name })),
    ...(story.author ? [authorTerm(story.author)] : []),
  ];
  const seen = new Set<string>();
  return rows.filter((r) => {
    const key = `${r.kind}|${r.slug}`;
    if (seen.has(key) || !r.slug) return false;
    seen.add(key);
    return true;
  });
}

/** The client the records are written with: the app's, or a caller's transaction. */
type Db = Pick<typeof prisma, "storyRecord" | "storyTerm" | "post">;

/** The writes of a story's record, run by the caller (one batch, or inside its transaction). */
function recordWrites(db: Db, story: StorySummary | Story, paragraphs?: number) {
  const full = "contentHtml" in story;
  const count = paragraphs ?? (full ? storyBlocks(story.contentHtml).length : undefined);
  const fields = {
    title: story.title.slice(0, 500),
    excerpt: story.excerpt.slice(0, 1000),
    author: story.author,
    date: new Date(story.date),
    ...(count === undefined ? {} : { paragraphs: count }),
  };
  return [
    db.storyRecord.upsert({ where: { slug: story.slug }, create: { slug: story.slug, ...fields }, update: fields }),
    ...(full ? [db.storyTerm.deleteMany({ where: { storySlug: story.slug } })] : []),
    ...termsOf(story).map((t) =>
      db.storyTerm.upsert({
        where: { storySlug_kind_slug: { storySlug: story.slug, kind: t.kind, slug: t.slug } },
        create: { storySlug: story.slug, ...t },
        update: { name: t.name },
      }),
    ),
  ];
}

/**
 * Writes the record of a story a reader has in hand. A full story (with tags
 * and its text) replaces the terms; a list summary only adds what it knows.
 */
export async function recordStory(story: StorySummary | Story, paragraphs?: number) {
  await prisma.$transaction(recordWrites(prisma, story, paragraphs));
}

/**
 * Brings the records of these community stories (their slugs) up to date with their Post: the
 * writer's name, the category, tags, title and text as readers now see them. The library's shelves,
 * Continue reading and recommendations show the record, not the Post, so each change to what a
 * record holds calls this, in its own transaction where it has one: an approval (a first
 * publication, an approved edit), a writer's new username, an account deletion (stories credited to
 * "Anonymous"), a take-down. A story taken down for good keeps its record (readers' shelves hang on
 * it, and say it was taken down) without its writer's name. Only slugs the library has a record of
 * are touched; own posts and remote stories are refreshed by the content chain (refreshStoryRecords).
 */
export async function refreshCommunityRecords(slugs: string[], db: Db = prisma): Promise<void> {
  if (!slugs.length) return;
  const recorded = (
    await db.storyRecord.findMany({ where: { slug: { in: [...new Set(slugs)] } }, select: { slug: true } })
  ).map((r) => r.slug);
  if (!recorded.length) return;
  const posts = await db.post.findMany({
    where: { slug: { in: recorded } },
    include: { category: true, tags: { orderBy: { name: "asc" } }, author: { select: { username: true } } },
  });
  for (const post of posts) for (const write of recordWrites(db, storyFromOwn(post))) await write;
  const gone = recorded.filter((slug) => !posts.some((post) => post.slug === slug));
  if (gone.length) {
    await db.storyRecord.updateMany({ where: { slug: { in: gone } }, data: { author: null } });
    await db.storyTerm.deleteMany({ where: { storySlug: { in: gone }, kind: "author" } });
  }
}

/** The story from the content chain, recorded; null when no source has it. */
export async function recordStoryBySlug(slug: string): Promise<{ story: Story; paragraphs: number } | null> {
  const story = await contentChain.getStory(slug);
  if (!story || story.protected) return null;
  const paragraphs = storyBlocks(story.contentHtml).length;
  await recordStory(story, paragraphs);
  return { story, paragraphs };
}

const REFRESH_KEY = "library:records-refreshed";
/** The chain caches lists for 30 minutes; refreshing more often would only rewrite the same rows. */
export const RECORDS_REFRESH_MS = 30 * 60_000;
/** Newest stories taken into the candidates at each refresh (5 pages of the chain's lists). */
const REFRESH_PAGES = 5;
const REFRESH_PER_PAGE = 20;
/**
 * Remote lists carry no category or tag names, so the newest stories the
 * library has not read in full are fetched whole (through the chain's cache),
 * a few at a time and at most this many per refresh.
 */
const FULL_FETCHES_PER_REFRESH = 40;
const FETCH_CONCURRENCY = 4;

/** Brings the newest stories of the chain into the records, at most every 30 minutes. */
export async function refreshStoryRecords(now = Date.now()) {
  const row = await prisma.keyValue.findUnique({ where: { key: REFRESH_KEY } });
  if (row && now - Number(row.value) < RECORDS_REFRESH_MS) return;
  await prisma.keyValue.upsert({
    where: { key: REFRESH_KEY },
    create: { key: REFRESH_KEY, value: String(now) },
    update: { value: String(now) },
  });
  const slugs: string[] = [];
  for (let page = 1; page <= REFRESH_PAGES; page++) {
    const result = await contentChain.listStories({ page, perPage: REFRESH_PER_PAGE });
    for (const story of result.stories) {
      await recordStory(story);
      slugs.push(story.slug);
    }
    if (page >= result.totalPages) break;
  }
  const unread = await prisma.storyRecord.findMany({
    where: { slug: { in: slugs }, paragraphs: 0 },
    select: { slug: true },
    take: FULL_FETCHES_PER_REFRESH,
  });
  const queue = unread.map((r) => r.slug);
  await Promise.all(
    Array.from({ length: FETCH_CONCURRENCY }, async () => {
      for (let slug = queue.shift(); slug; slug = queue.shift()) {
        await recordStoryBySlug(slug).catch(() => null);
      }
    }),
  );
}
