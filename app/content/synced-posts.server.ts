// Source 3 of the content chain: the posts the content sync copied from a
// remote source, with the term names it stored beside them.
import { z } from "zod";
import { prisma } from "~/db.server";
import { Prisma } from "~/generated/prisma/client";
import { foldForSearch } from "~/site/search-text";
import { onPostgres, wordsWhere } from "~/site/sql.server";
import { storyFromRemote, summaryFromRemote, termMap } from "./normalize.server";
import { type RemotePost, RemotePostSchema } from "./remote-post";
import type { ListOrder, Story, StoryImage, StorySummary, Term } from "./story";

export const SYNCED_TERMS_KEY = "sync:terms";

type StoredTerms = { categories: (Term & { id: number })[]; tags: (Term & { id: number })[] };

export async function syncedTerms(): Promise<StoredTerms> {
  const row = await prisma.keyValue.findUnique({ where: { key: SYNCED_TERMS_KEY } });
  if (!row) return { categories: [], tags: [] };
  try {
    return JSON.parse(row.value) as StoredTerms;
  } catch {
    return { categories: [], tags: [] };
  }
}

function parse(data: string): RemotePost | null {
  try {
    const result = RemotePostSchema.safeParse(JSON.parse(data));
    return result.success ? result.data : null;
  } catch {
    return null;
  }
}

const SyncedImageSchema = z.object({
  mediaId: z.number().int(),
  alt: z.string(),
  src: z.string().max(1024),
  width: z.number().int().positive(),
  height: z.number().int().positive(),
});

/** A copy's stored featured image (app/content/sync.server.ts writes it), or null. */
export function parseSyncedImage(json: string | null): (StoryImage & { mediaId: number }) | null {
  if (!json) return null;
  try {
    const result = SyncedImageSchema.safeParse(JSON.parse(json));
    return result.success ? result.data : null;
  } catch {
    return null;
  }
}

export type SyncedListParams = {
  page: number;
  perPage: number;
  category?: string;
  tag?: string;
  search?: string;
  order?: ListOrder;
};

export async function countSyncedStories() {
  return prisma.syncedPost.count();
}

export async function listSyncedStories(params: SyncedListParams) {
  const terms = await syncedTerms();
  const categoryId = params.category ? terms.categories.find((c) => c.slug === params.category)?.id : undefined;
  const tagId = params.tag ? terms.tags.find((t) => t.slug === params.tag)?.id : undefined;
  if ((params.category && categoryId === undefined) || (params.tag && tagId === undefined)) {
    return { stories: [], total: 0, totalPages: 0 };
  }
  // Term ids live inside the stored JSON: SQLite's json_each filters on them, PostgreSQL's
  // jsonb containment (@>) does the same in one operator.
  const idFilter: Prisma.SyncedPostWhereInput[] = [];
  if (categoryId !== undefined || tagId !== undefined) {
    const has = (list: "categories" | "tags", id: number | undefined) => {
      if (id === undefined) return Prisma.sql`1 = 1`;
      return onPostgres
        ? Prisma.sql`(data::jsonb -> ${Prisma.raw(`'${list}'`)}) @> to_jsonb(${id}::int)`
        : Prisma.sql`EXISTS (SELECT 1 FROM json_each(json_extract(data, ${Prisma.raw(`'$.${list}'`)})) WHERE value = ${id})`;
    };
    const ids = await prisma.$queryRaw<{ id: number }[]>`SELECT id FROM "SyncedPost" WHERE
      ${has("categories", categoryId)} AND ${has("tags", tagId)}`;
    idFilter.push({ id: { in: ids.map((r) => Number(r.id)) } });
  }
  const where: Prisma.SyncedPostWhereInput = {
    AND: [
      ...idFilter,
      // The text column holds the title, the excerpt and the text, folded (search-index.ts).
      await wordsWhere<Prisma.SyncedPostWhereInput>(
        "SyncedPost",
        ["text"],
        params.search && foldForSearch(params.search),
      ),
    ],
  };
  const [rows, total] = await Promise.all([
    prisma.syncedPost.findMany({
      where,
      orderBy:
        params.order === "title"
          ? [{ title: "asc" as const }, { id: "asc" as const }]
          : params.order === "oldest"
            ? [{ date: "asc" as const }, { id: "asc" as const }]
            : [{ date: "desc" as const }, { id: "desc" as const }],
      skip: (params.page - 1) * params.perPage,
      take: params.perPage,
    }),
    prisma.syncedPost.count({ where }),
  ]);
  const categories = termMap(terms.categories);
  const stories = rows.map((row) => parse(row.data)).filter((p): p is RemotePost => p !== null);
  return {
    stories: stories.map((post) => summaryFromRemote(post, categories)),
    total,
    totalPages: Math.ceil(total / params.perPage),
  };
}

/**
 * Removes the synced copy of `slug` when it came from one of `sources`, each of which answered that it
 * has no such story while it lists others: the story was deleted or unpublished there (a copyright
 * claim, say), and its copy kept it readable here. Whether a copy went.
 */
export async function removeSyncedCopy(slug: string, sources: readonly string[]): Promise<boolean> {
  // Read first: an address no source has (a mistyped link, a crawler's guess) costs no write.
  const row = await prisma.syncedPost.findUnique({ where: { slug }, select: { source: true } });
  if (!row || !sources.includes(row.source)) return false;
  const { count } = await prisma.syncedPost.deleteMany({ where: { slug, source: row.source } });
  return count > 0;
}

export async function getSyncedStory(slug: string, siteOrigin?: string): Promise<Story | null> {
  const row = await prisma.syncedPost.findUnique({ where: { slug } });
  const post = row ? parse(row.data) : null;
  if (!post) return null;
  const terms = await syncedTerms();
  const stored = parseSyncedImage(row?.image ?? null);
  const story = storyFromRemote(post, "synced", {
    categories: termMap(terms.categories),
    tags: termMap(terms.tags),
    siteOrigin,
  });
  return stored
    ? { ...story, image: { alt: stored.alt, src: stored.src, width: stored.width, height: stored.height } }
    : story;
}

export async function syncedNeighbours(
  date: Date,
): Promise<{ previous: StorySummary | null; next: StorySummary | null }> {
  const [previous, next] = await Promise.all([
    prisma.syncedPost.findFirst({ where: { date: { lt: date } }, orderBy: { date: "desc" } }),
    prisma.syncedPost.findFirst({ where: { date: { gt: date } }, orderBy: { date: "asc" } }),
  ]);
  const summary = (row: typeof previous) => {
    const post = row ? parse(row.data) : null;
    return post ? summaryFromRemote(post) : null;
  };
  return { previous: summary(previous), next: summary(next) };
}
