// The product's own posts (the Post table): the demo stories and, later,
// stories writers submit. The content-chain issue puts the remote sources in
// front of this; pages already read through these functions.
import { prisma } from "~/db.server";

export const DEFAULT_PER_PAGE = 10;
export const EXCERPT_FALLBACK_LENGTH = 150;

const published = { status: "published" } as const;

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

type ListRow = { content: string; excerpt: string | null };

/** A list item carries its excerpt, never the whole story. */
function toListItem<T extends ListRow>({ content, ...post }: T) {
  return { ...post, excerpt: excerptOf({ excerpt: post.excerpt, content }) };
}

/** Spec §3: a missing excerpt is the first 150 characters of the content plus "...". */
export function excerptOf(post: { excerpt: string | null; content: string }): string {
  if (post.excerpt) return post.excerpt;
  const text = post.content
    .replace(/<[^>]*>/g, " ")
    .replace(/\s+/g, " ")
    .trim();
  return `${text.slice(0, EXCERPT_FALLBACK_LENGTH)}...`;
}

export async function listOwnPosts({ page = 1, perPage = DEFAULT_PER_PAGE }: { page?: number; perPage?: number } = {}) {
  const [rows, total] = await Promise.all([
    prisma.post.findMany({
      where: published,
      orderBy: [{ createdAt: "desc" }, { id: "desc" }],
      skip: (page - 1) * perPage,
      take: perPage,
      select: listSelect,
    }),
    prisma.post.count({ where: published }),
  ]);
  return { posts: rows.map(toListItem), total, totalPages: Math.ceil(total / perPage) };
}

export async function getOwnPost(slug: string) {
  return prisma.post.findFirst({
    where: { ...published, slug },
    include: { category: true, tags: { orderBy: { name: "asc" } } },
  });
}

export async function listCategories() {
  return prisma.category.findMany({
    orderBy: { name: "asc" },
    select: { slug: true, name: true, _count: { select: { posts: { where: published } } } },
  });
}

/** About 260 words a minute for fiction. */
export function readingMinutes(html: string): number {
  const words = html
    .replace(/<[^>]*>/g, " ")
    .split(/\s+/)
    .filter(Boolean).length;
  return Math.max(1, Math.round(words / 260));
}

export async function searchOwnPosts(q: string, limit = 20) {
  const rows = await prisma.post.findMany({
    where: {
      ...published,
      OR: [{ title: { contains: q } }, { content: { contains: q } }, { excerpt: { contains: q } }],
    },
    orderBy: { createdAt: "desc" },
    take: limit,
    select: listSelect,
  });
  return rows.map(toListItem);
}
