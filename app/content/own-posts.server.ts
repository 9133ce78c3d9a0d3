// Source 4 of the content chain: the product's own posts (the Post table):
// the demo stories and the community stories writers submit (a Post with an
// authorId, published through moderation: app/stories/). Community stories
// are left out everywhere while the community content flag is off.

import { prisma } from "~/db.server";
import type { Prisma } from "~/generated/prisma/client";
import { foldForSearch } from "~/site/search-text";
import { isCommunityOpen } from "~/site/site-settings.server";
import { wordsWhere } from "~/site/sql.server";
import { storyFromOwn, summaryFromOwn } from "./normalize.server";
import type { ListOrder, Story, StorySummary, Term } from "./story";

/**
 * Published, and its publish date reached: the one rule for "a reader may see
 * this post". An own post scheduled by an admin (`publishedAt` in the future)
 * stays out of every list, page, feed, search and the API until then; posts
 * without a date (the demo stories) are published as they are.
 */
export function publishedNow(now: Date = new Date()): Prisma.PostWhereInput {
  return { status: "published", OR: [{ publishedAt: null }, { publishedAt: { lte: now } }] };
}
/**
 * A community story: one a writer submitted (the demo stories never were). Not
 * "has an author": a writer who deletes their account may leave their
 * published stories behind, anonymised (app/account/data.server.ts).
 */
export const COMMUNITY_STORY = { submittedAt: { not: null } } as const;

const listSelect = {
  id: true,
  slug: true,
  title: true,
  excerpt: true,
  content: true,
  createdAt: true,
  publishedAt: true,
  authorName: true,
  author: { select: { username: true } },
  submittedAt: true,
  category: { select: { slug: true, name: true } },
} as const;

export type OwnListParams = {
  page: number;
  perPage: number;
  category?: string;
  tag?: string;
  search?: string;
  /** Community stories only (a writer behind them), or one writer's. */
  community?: boolean;
  authorId?: string;
  order?: ListOrder;
};

/** Published, and not a community story while the community is closed. */
async function visible(): Promise<Prisma.PostWhereInput> {
  const published = publishedNow();
  return (await isCommunityOpen()) ? published : { AND: [published, { authorId: null }] };
}

/**
 * The posts a search finds, for readers' lists and the admin's alike: what a reader saw on the
 * story's card finds it too, the excerpt (a writer's summary) as well as the title and the text, as
 * WordPress's own search does (the remote sources, spec §7, and WordPress's admin), without regard
 * to accents (search-index.ts). No words: every post.
 */
export function postSearchWhere(search: string | null | undefined): Promise<Prisma.PostWhereInput> {
  return wordsWhere<Prisma.PostWhereInput>("Post", ["searchText"], search && foldForSearch(search));
}

async function where({
  category,
  tag,
  search,
  community,
  authorId,
}: Omit<OwnListParams, "page" | "perPage">): Promise<Prisma.PostWhereInput> {
  // Each condition in AND: the closed-community rule (authorId null) is never overwritten by another.
  return {
    AND: [
      await visible(),
      ...(community ? [COMMUNITY_STORY] : []),
      ...(authorId ? [{ authorId }] : []),
      await postSearchWhere(search),
    ],
    ...(category ? { category: { slug: category } } : {}),
    ...(tag ? { tags: { some: { slug: tag } } } : {}),
  };
}

/**
 * A list of posts in a list order; "newest" is by publication date, which `createdAt` holds for every
 * dated post (datedAt, ./publication-date.ts), as readers' lists are (ties by id).
 */
export function postOrder(order: ListOrder = "newest"): Prisma.PostOrderByWithRelationInput[] {
  if (order === "title") return [{ title: "asc" }, { id: "asc" }];
  const dir = order === "oldest" ? ("asc" as const) : ("desc" as const);
  return [{ createdAt: dir }, { id: dir }];
}

export async function listOwnStories(params: OwnListParams) {
  const filter = await where(params);
  const [rows, total] = await Promise.all([
    prisma.post.findMany({
      where: filter,
      orderBy: postOrder(params.order),
      skip: (params.page - 1) * params.perPage,
      take: params.perPage,
      select: listSelect,
    }),
    prisma.post.count({ where: filter }),
  ]);
  return { stories: rows.map(summaryFromOwn), total, totalPages: Math.ceil(total / params.perPage) };
}

export async function countOwnStories() {
  return prisma.post.count({ where: await visible() });
}

/**
 * Own posts listed alongside a list from another source (a remote or the synced copies; the chain
 * merges them in): the community stories, and in a category's or a tag's list every own post with
 * that term, so a story's term links lead to a list that holds it (decision 004). The unfiltered
 * index keeps the own posts as the chain's fallback. The same one query as before either way.
 */
export function listOwnAlongside(params: Omit<OwnListParams, "community">) {
  return listOwnStories({ ...params, community: !(params.category || params.tag) });
}

/**
 * Which of these stories are community stories a reader may see at their own
 * pages (only while the community is open: closed, those pages are 404): lists
 * that hold only slugs (the library's) link those there, where their warnings
 * and comments are (app/utils/story-paths.ts), and /story/{slug} sends them
 * there. A community story whose writer left (anonymised, no author) is one.
 */
export async function communitySlugs(slugs: string[]): Promise<Set<string>> {
  if (!slugs.length || !(await isCommunityOpen())) return new Set();
  const rows = await prisma.post.findMany({
    where: { AND: [await visible(), COMMUNITY_STORY, { slug: { in: slugs } }] },
    select: { slug: true },
  });
  return new Set(rows.map((row) => row.slug));
}

export async function getOwnStory(
  slug: string,
  siteOrigin?: string,
  { community = false }: { community?: boolean } = {},
): Promise<Story | null> {
  const post = await prisma.post.findFirst({
    where: { AND: [await visible(), ...(community ? [COMMUNITY_STORY] : []), { slug }] },
    include: { category: true, tags: { orderBy: { name: "asc" } }, author: { select: { username: true } } },
  });
  return post ? storyFromOwn(post, siteOrigin) : null;
}

/** The stories just before and after a date, for "previous" and "next" links. */
export async function ownNeighbours(date: Date): Promise<{ previous: StorySummary | null; next: StorySummary | null }> {
  const [previous, next] = await Promise.all([
    prisma.post.findFirst({
      where: { ...(await visible()), createdAt: { lt: date } },
      orderBy: { createdAt: "desc" },
      select: listSelect,
    }),
    prisma.post.findFirst({
      where: { ...(await visible()), createdAt: { gt: date } },
      orderBy: { createdAt: "asc" },
      select: listSelect,
    }),
  ]);
  return { previous: previous ? summaryFromOwn(previous) : null, next: next ? summaryFromOwn(next) : null };
}

export async function ownTerms(): Promise<{ categories: Term[]; tags: Term[] }> {
  const shown = await visible();
  const [categories, tags] = await Promise.all([
    prisma.category.findMany({
      where: { posts: { some: shown } },
      orderBy: { name: "asc" },
      select: { slug: true, name: true },
    }),
    prisma.tag.findMany({
      where: { posts: { some: shown } },
      orderBy: { name: "asc" },
      select: { slug: true, name: true },
    }),
  ]);
  return { categories, tags };
}
