// GET /api/posts and /api/posts/{slug} (spec §7 Content): the stories kept in
// the database, the product's own and the synced copies, newest first, so a
// newly synced story is posts[0] of ?limit=1 (the new-story poll).
// Items carry the spec's own-API fields (id, createdAt, slug, title, content,
// excerpt) with title, content and excerpt as WordPress-style {rendered}
// objects, plus date, so both readers the spec names find what they read.
import { escapeText } from "entities";
import { prisma } from "~/db.server";
import { timeValue } from "~/site/sql.server";
import { htmlToText, sanitizeStoryHtml, stripControlCharacters } from "./html.server";
import { excerptOf } from "./normalize.server";
import { publishedNow } from "./own-posts.server";
import { RemotePostSchema } from "./remote-post";

export type ApiPost = {
  id: number;
  source: "own" | "synced";
  createdAt: string;
  date: string;
  slug: string;
  title: { rendered: string };
  content: { rendered: string; protected: boolean };
  excerpt: { rendered: string };
};

type OwnRow = { id: number; slug: string; title: string; content: string; excerpt: string | null; createdAt: Date };
type SyncedRow = { id: number; slug: string; date: Date; data: string };

function fromOwn(post: OwnRow): ApiPost {
  const date = post.createdAt.toISOString();
  return {
    id: post.id,
    source: "own",
    createdAt: date,
    date,
    slug: post.slug,
    title: { rendered: escapeText(stripControlCharacters(post.title)) },
    content: { rendered: sanitizeStoryHtml(post.content), protected: false },
    excerpt: { rendered: escapeText(excerptOf(post.excerpt, post.content)) },
  };
}

function fromSynced(row: SyncedRow): ApiPost | null {
  let parsed: unknown;
  try {
    parsed = JSON.parse(row.data);
  } catch {
    return null;
  }
  const result = RemotePostSchema.safeParse(parsed);
  if (!result.success) return null;
  const post = result.data;
  const date = row.date.toISOString();
  return {
    id: post.id,
    source: "synced",
    createdAt: date,
    date,
    slug: post.slug,
    // The remote's title is untrusted HTML: it leaves as escaped plain text, like an own post's.
    title: { rendered: escapeText(htmlToText(post.title.rendered)) },
    content: {
      rendered: post.content.protected ? "" : sanitizeStoryHtml(post.content.rendered),
      protected: post.content.protected === true,
    },
    excerpt: { rendered: sanitizeStoryHtml(post.excerpt.rendered) },
  };
}

export async function listApiPosts(page: number, limit: number) {
  // One ordered list over both tables; then the rows of this page are loaded whole.
  const refs = await prisma.$queryRaw<{ src: "own" | "synced"; id: number | bigint }[]>`
    SELECT 'own' AS src, id, "createdAt" AS d FROM "Post"
    WHERE status = 'published' AND ("publishedAt" IS NULL OR "publishedAt" <= ${timeValue(new Date())})
    UNION ALL
    SELECT 'synced' AS src, id, date AS d FROM "SyncedPost"
    ORDER BY d DESC, id DESC
    LIMIT ${limit + 1} OFFSET ${(page - 1) * limit}`;
  const hasMore = refs.length > limit;
  const pageRefs = refs.slice(0, limit).map((r) => ({ src: r.src, id: Number(r.id) }));
  const [own, synced] = await Promise.all([
    prisma.post.findMany({ where: { id: { in: pageRefs.filter((r) => r.src === "own").map((r) => r.id) } } }),
    prisma.syncedPost.findMany({ where: { id: { in: pageRefs.filter((r) => r.src === "synced").map((r) => r.id) } } }),
  ]);
  const ownById = new Map(own.map((p) => [p.id, p]));
  const syncedById = new Map(synced.map((p) => [p.id, p]));
  const posts = pageRefs
    .map((ref) => {
      if (ref.src === "own") {
        const row = ownById.get(ref.id);
        return row ? fromOwn(row) : null;
      }
      const row = syncedById.get(ref.id);
      return row ? fromSynced(row) : null;
    })
    .filter((p): p is ApiPost => p !== null);
  return { posts, hasMore, page, limit };
}

export async function getApiPost(slug: string): Promise<ApiPost | null> {
  const synced = await prisma.syncedPost.findUnique({ where: { slug } });
  if (synced) return fromSynced(synced);
  const own = await prisma.post.findFirst({ where: { AND: [publishedNow(), { slug }] } });
  return own ? fromOwn(own) : null;
}
