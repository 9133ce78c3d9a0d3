// Source 4 of the content chain: the product's own posts (the Post table):
// the demo stories and, later, stories writers submit.
import { prisma } from "~/db.server";
import type { Prisma } from "~/generated/prisma/client";
import { storyFromOwn, summaryFromOwn } from "./normalize.server";
import type { Story, StorySummary, Term } from "./story";

const PUBLISHED = { status: "published" } as const;

const listSelect = {
  id: true,
  slug: true,
  title: true,
  excerpt: true,
  content: true,
  createdAt: true,
  authorName: true,
  category: { select: { slug: true, name: true } },
} as const;

export type OwnListParams = { page: number; perPage: number; category?: string; tag?: string; search?: string };

function where({ category, tag, search }: Omit<OwnListParams, "page" | "perPage">): Prisma.PostWhereInput {
  return {
    ...PUBLISHED,
    ...(category ? { category: { slug: category } } : {}),
    ...(tag ? { tags: { some: { slug: tag } } } : {}),
    ...(search ? { OR: [{ title: { contains: search } }, { content: { contains: search } }] } : {}),
  };
}

export async function listOwnStories(params: OwnListParams) {
  const filter = where(params);
  const [rows, total] = await Promise.all([
    prisma.post.findMany({
      where: filter,
      orderBy: [{ createdAt: "desc" }, { id: "desc" }],
      skip: (params.page - 1) * params.perPage,
      take: params.perPage,
      select: listSelect,
    }),
    prisma.post.count({ where: filter }),
  ]);
  return { stories: rows.map(summaryFromOwn), total, totalPages: Math.ceil(total / params.perPage) };
}

export async function countOwnStories() {
  return prisma.post.count({ where: PUBLISHED });
}

export async function getOwnStory(slug: string, siteOrigin?: string): Promise<Story | null> {
  const post = await prisma.post.findFirst({
    where: { ...PUBLISHED, slug },
    include: { category: true, tags: { orderBy: { name: "asc" } } },
  });
  return post ? storyFromOwn(post, siteOrigin) : null;
}

/** The stories just before and after a date, for "previous" and "next" links. */
export async function ownNeighbours(date: Date): Promise<{ previous: StorySummary | null; next: StorySummary | null }> {
  const [previous, next] = await Promise.all([
    prisma.post.findFirst({
      where: { ...PUBLISHED, createdAt: { lt: date } },
      orderBy: { createdAt: "desc" },
      select: listSelect,
    }),
    prisma.post.findFirst({
      where: { ...PUBLISHED, createdAt: { gt: date } },
      orderBy: { createdAt: "asc" },
      select: listSelect,
    }),
  ]);
  return { previous: previous ? summaryFromOwn(previous) : null, next: next ? summaryFromOwn(next) : null };
}

export async function ownTerms(): Promise<{ categories: Term[]; tags: Term[] }> {
  const [categories, tags] = await Promise.all([
    prisma.category.findMany({
      where: { posts: { some: PUBLISHED } },
      orderBy: { name: "asc" },
      select: { slug: true, name: true },
    }),
    prisma.tag.findMany({
      where: { posts: { some: PUBLISHED } },
      orderBy: { name: "asc" },
      select: { slug: true, name: true },
    }),
  ]);
  return { categories, tags };
}
