// The site's own posts (source 4 of the content chain: Post rows no writer
// submitted), written by admins at /admin/posts: create, edit, schedule,
// unpublish, delete. Every change writes its audit row in the same
// transaction. Community stories are the writers' (app/stories/); an admin
// only unpublishes them here.
import type { SessionUser } from "~/auth/session.server";
import { announceDueStories } from "~/content/announce.server";
import { htmlToText } from "~/content/html.server";
import { postOrder, postSearchWhere } from "~/content/own-posts.server";
import { datedAt, publicationDate } from "~/content/publication-date";
import { postSearchText } from "~/content/search-index";
import type { ListOrder } from "~/content/story";
import { prisma } from "~/db.server";
import { env } from "~/env.server";
import type { Prisma } from "~/generated/prisma/client";
import { recordAdminAction } from "~/site/audit.server";
import { settlePages } from "~/site/list-query";
import { renderStoryMarkdown } from "~/stories/markdown.server";
import { freeSlug, tagIds } from "~/stories/moderation.server";
import { notifyWriter } from "~/stories/notify-writer.server";
import { splitTags } from "~/stories/story-form";
import { editStoryPath } from "~/utils/story-paths";
import { countWords } from "~/utils/text";
import {
  type AdminPostFormValues,
  type AdminPostInput,
  ownPostState,
  type PostFilter,
  parsePublishAt,
  publishAtValue,
} from "./post-form";

/** A refusal the admin caused: a 4xx with the message shown as it is. */
export class PostError extends Error {
  constructor(
    message: string,
    readonly status: 400 | 404 | 409 = 400,
  ) {
    super(message);
  }
}

export const POST_NOT_FOUND = "There is no own post with this number.";

/** Own posts: no writer submitted them (the demo stories and the admins' posts). */
const OWN_POST = { submittedAt: null } as const;

export const POSTS_PER_PAGE = 20;

function filterWhere(filter: PostFilter, now: Date): Prisma.PostWhereInput {
  switch (filter) {
    case "published":
      return { status: "published", OR: [{ publishedAt: null }, { publishedAt: { lte: now } }] };
    case "scheduled":
      return { status: "published", publishedAt: { gt: now } };
    case "draft":
      return { status: { not: "published" } };
    default:
      return {};
  }
}

export async function listOwnPosts({
  request,
  filter = "all",
  search,
  page = 1,
  order,
  now = new Date(),
}: {
  /** The page's request: a page past the last answers a redirect to it (settlePages). */
  request: Request;
  filter?: PostFilter;
  search?: string;
  page?: number;
  order?: ListOrder;
  now?: Date;
}) {
  const where: Prisma.PostWhereInput = {
    AND: [OWN_POST, filterWhere(filter, now), await postSearchWhere(search)],
  };
  // Counted first: a page past the end is a redirect to the last one, as on every list (list-query.ts).
  const total = await prisma.post.count({ where });
  const shown = settlePages(request, { page, total, size: POSTS_PER_PAGE });
  const rows = await prisma.post.findMany({
    where,
    orderBy: postOrder(order),
    skip: (shown.page - 1) * POSTS_PER_PAGE,
    take: POSTS_PER_PAGE,
    select: {
      id: true,
      slug: true,
      title: true,
      status: true,
      createdAt: true,
      publishedAt: true,
      category: { select: { name: true } },
      tags: { select: { name: true }, orderBy: { name: "asc" } },
    },
  });
  return {
    total,
    page: shown.page,
    totalPages: shown.pages,
    posts: rows.map((r) => ({
      id: r.id,
      slug: r.slug,
      title: r.title,
      state: ownPostState(r, now),
      date: publicationDate(r).toISOString(),
      category: r.category?.name ?? null,
      tags: r.tags.map((t) => t.name),
    })),
  };
}

async function findOwnPost(id: number) {
  const post = await prisma.post.findFirst({
    where: { id, ...OWN_POST },
    include: { category: { select: { slug: true } }, tags: { select: { slug: true } } },
  });
  if (!post) throw new PostError(POST_NOT_FOUND, 404);
  return post;
}

/** The editor's values for an own post. Posts from before Markdown (the demo stories) open with their text as it is. */
export async function ownPostForm(
  id: number,
): Promise<{ id: number; slug: string; values: AdminPostFormValues; state: ReturnType<typeof ownPostState> }> {
  const post = await findOwnPost(id);
  return {
    id: post.id,
    slug: post.slug,
    state: ownPostState(post),
    values: {
      title: post.title,
      summary: post.summary || post.excerpt || "",
      markdown: post.markdown || htmlToMarkdown(post.content),
      category: post.category?.slug ?? "",
      tag: post.tags.map((t) => t.slug),
      newTags: "",
      warnings: post.warnings ? post.warnings.split(",") : [],
      mature: post.mature,
      publishAt: publishAtValue(post.publishedAt),
    },
  };
}

/**
 * A post written before Markdown (the demo stories hold HTML) as Markdown for
 * the editor: paragraphs, headings, quotations, italics and bold survive;
 * other markup is dropped to its text.
 */
export function htmlToMarkdown(html: string): string {
  const inline = (chunk: string) =>
    chunk
      .replace(/<\/?(em|i)>/gi, "*")
      .replace(/<\/?(strong|b)>/gi, "**")
      .replace(/<br\s*\/?>/gi, " ");
  return html
    .split(/<\/(?:p|h[1-6]|blockquote|li)>/i)
    .map((block) => {
      const heading = /<h[1-6][^>]*>/i.test(block);
      const quote = /<blockquote[^>]*>/i.test(block);
      const text = htmlToText(inline(block));
      return text ? `${heading ? "## " : quote ? "> " : ""}${text}` : "";
    })
    .filter(Boolean)
    .join("\n\n");
}

/** What the audit row keeps of a post: the fields an admin changes, not its whole text. */
function auditView(post: {
  title: string;
  slug: string;
  status: string;
  publishedAt: Date | null;
  categoryId: number | null;
  wordCount?: number;
}) {
  return {
    title: post.title,
    slug: post.slug,
    status: post.status,
    publishedAt: post.publishedAt?.toISOString() ?? null,
    categoryId: post.categoryId,
    ...(post.wordCount === undefined ? {} : { wordCount: post.wordCount }),
  };
}

async function fields(input: AdminPostInput, now: Date) {
  const category = input.category
    ? await prisma.category.findUnique({ where: { slug: input.category }, select: { id: true } })
    : null;
  if (input.category && !category) throw new PostError("That category does not exist. Choose one from the list.");
  const existing = input.tag.length
    ? await prisma.tag.findMany({ where: { slug: { in: input.tag } }, select: { id: true } })
    : [];
  // An admin's new tags are created at once (a writer's wait for a moderator).
  const created = await tagIds(splitTags(input.newTags));
  const publish = input.intent === "publish";
  const content = renderStoryMarkdown(input.markdown, env.SITE_URL);
  return {
    data: {
      title: input.title,
      summary: input.summary,
      markdown: input.markdown,
      content,
      searchText: postSearchText({ title: input.title, summary: input.summary, content }),
      excerpt: input.summary || null,
      warnings: input.warnings.join(","),
      mature: input.mature === "on",
      wordCount: countWords(input.markdown),
      status: publish ? "published" : "draft",
      // Published now unless a date was given; a draft keeps the date it was given (or none).
      publishedAt: input.publishAt ? parsePublishAt(input.publishAt) : publish ? now : null,
      categoryId: category?.id ?? null,
    },
    tagIds: [...new Set([...existing.map((t) => t.id), ...created])],
  };
}

/** A new own post (draft, published or scheduled); returns its id. */
export async function createOwnPost(admin: SessionUser, input: AdminPostInput, now = new Date()) {
  const { data, tagIds: tags } = await fields(input, now);
  const slug = await freeSlug(input.title, 0);
  const created = await prisma.$transaction(async (tx) => {
    const post = await tx.post.create({
      data: {
        ...data,
        slug,
        authorName: null,
        // A dated post (published, scheduled or backdated) is listed by its date: a scheduled one appears
        // at the top when it goes out.
        ...(data.publishedAt ? datedAt(data.publishedAt) : { createdAt: now }),
        tags: { connect: tags.map((id) => ({ id })) },
      },
    });
    await recordAdminAction(tx, admin, {
      action: "post.create",
      objectType: "post",
      objectId: post.id,
      after: auditView(post),
    });
    return { id: post.id, state: ownPostState(post, now) };
  });
  // Public now: readers who want new stories are told at once (a scheduled one, when its date comes).
  await announceDueStories(now);
  return created;
}

export async function updateOwnPost(admin: SessionUser, id: number, input: AdminPostInput, now = new Date()) {
  const before = await findOwnPost(id);
  const { data, tagIds: tags } = await fields(input, now);
  // A post already public keeps its first publication date unless the admin gave another.
  if (input.intent === "publish" && !input.publishAt && before.status === "published" && before.publishedAt) {
    data.publishedAt = before.publishedAt;
  }
  const updated = await prisma.$transaction(async (tx) => {
    const post = await tx.post.update({
      where: { id },
      data: {
        ...data,
        ...(data.publishedAt ? datedAt(data.publishedAt) : {}),
        tags: { set: tags.map((tagId) => ({ id: tagId })) },
      },
    });
    await recordAdminAction(tx, admin, {
      action: "post.update",
      objectType: "post",
      objectId: id,
      before: auditView(before),
      after: auditView(post),
    });
    return { id, slug: post.slug, state: ownPostState(post, now) };
  });
  await announceDueStories(now);
  return updated;
}

export async function deleteOwnPost(admin: SessionUser, id: number) {
  const before = await findOwnPost(id);
  await prisma.$transaction(async (tx) => {
    await tx.post.delete({ where: { id } });
    await recordAdminAction(tx, admin, {
      action: "post.delete",
      objectType: "post",
      objectId: id,
      before: auditView(before),
    });
  });
  return { title: before.title, slug: before.slug };
}

/**
 * What an admin's Unpublish or Publish leaves behind, in its transaction: the audit row (the content
 * table reads the latest one, unpublishedByAdmin) and, for a community story, the moderation record
 * its writer's page shows.
 */
async function recordStatusChange(
  tx: Parameters<Parameters<typeof prisma.$transaction>[0]>[0],
  admin: SessionUser,
  post: { id: number; status: string; slug: string; title: string },
  change: { action: "unpublish" | "republish"; to: string; community: boolean; message: string },
) {
  if (change.community) {
    await tx.moderationAction.create({
      data: {
        postId: post.id,
        actorId: admin.id,
        action: change.action,
        fromStatus: post.status,
        toStatus: change.to,
        message: change.message,
      },
    });
  }
  await recordAdminAction(tx, admin, {
    action: `post.${change.action}`,
    objectType: "post",
    objectId: post.id,
    before: { status: post.status, slug: post.slug, title: post.title },
    after: { status: change.to },
  });
}

/**
 * Takes a published own or community story off the site. An own post becomes
 * a draft; a community story goes back to its writer as withdrawn (they may
 * edit and submit it again), with the moderator's note and a moderation record.
 */
export async function unpublishPost(admin: SessionUser, id: number) {
  const post = await prisma.post.findUnique({ where: { id } });
  if (!post) throw new PostError("There is no story with this number.", 404);
  if (post.status !== "published") throw new PostError(`"${post.title}" is not published.`, 409);
  const community = post.submittedAt !== null;
  const to = community ? "withdrawn" : "draft";
  await prisma.$transaction(async (tx) => {
    await tx.post.update({
      where: { id },
      data: { status: to, ...(community ? { moderationNote: "Unpublished by an administrator." } : {}) },
    });
    await recordStatusChange(tx, admin, post, {
      action: "unpublish",
      to,
      community,
      message: "Unpublished by an administrator.",
    });
  });
  // The writer hears of it, as of every moderation decision.
  if (community && post.authorId) {
    await notifyWriter(post.authorId, {
      kind: "story-changes",
      title: "Your story was unpublished",
      message: `An administrator took "${post.title}" off the site. You can edit it and submit it again.`,
      link: editStoryPath(id),
    });
  }
  return { title: post.title, community };
}

/**
 * Of these posts, those an admin's Unpublish took off and nothing changed since:
 * the latest audit row about the post is its unpublishing, and for a community
 * story the latest moderation record too (the writer's own saves, withdrawals
 * and submissions come after it). Only these get Publish back in the content
 * table: the undo of an Unpublish, never a way round the editor or the writer.
 */
export async function unpublishedByAdmin(ids: number[]): Promise<Set<number>> {
  if (!ids.length) return new Set();
  const [audits, moderation] = await Promise.all([
    prisma.adminAudit.findMany({
      where: { objectType: "post", objectId: { in: ids.map(String) } },
      orderBy: [{ createdAt: "desc" }, { id: "desc" }],
      select: { objectId: true, action: true },
    }),
    prisma.moderationAction.findMany({
      where: { postId: { in: ids } },
      orderBy: [{ createdAt: "desc" }, { id: "desc" }],
      select: { postId: true, action: true },
    }),
  ]);
  const latest = <K>(rows: { key: K; action: string }[]) => {
    const map = new Map<K, string>();
    for (const row of rows) if (!map.has(row.key)) map.set(row.key, row.action);
    return map;
  };
  const audit = latest(audits.map((a) => ({ key: Number(a.objectId), action: a.action })));
  const moderated = latest(moderation.map((m) => ({ key: m.postId, action: m.action })));
  return new Set(
    ids.filter((id) => audit.get(id) === "post.unpublish" && (moderated.get(id) ?? "unpublish") === "unpublish"),
  );
}

/**
 * The undo of unpublishPost: the story is public again as it was (an own post
 * keeps its publication date, so a scheduled one is scheduled again; a community
 * story is published again for its writer, who is told). Only a story whose last
 * change was an admin's Unpublish (unpublishedByAdmin).
 */
export async function republishPost(admin: SessionUser, id: number, now = new Date()) {
  const post = await prisma.post.findUnique({ where: { id } });
  if (!post) throw new PostError("There is no story with this number.", 404);
  if (post.status === "published") throw new PostError(`"${post.title}" is already published.`, 409);
  if (!(await unpublishedByAdmin([id])).has(id))
    throw new PostError(
      `"${post.title}" was changed since it was unpublished: publish it from its editor or the moderation queue.`,
      409,
    );
  const community = post.submittedAt !== null;
  await prisma.$transaction(async (tx) => {
    await tx.post.update({
      where: { id },
      data: {
        status: "published",
        // An own post without a date of publication is dated by its creation (the chain's order,
        // and the content table's date): it keeps none. A community story gets one, as on approval.
        ...(post.publishedAt || !community ? {} : datedAt(now)),
        ...(community ? { moderationNote: null } : {}),
      },
    });
    await recordStatusChange(tx, admin, post, {
      action: "republish",
      to: "published",
      community,
      message: "Published again by an administrator.",
    });
  });
  if (community && post.authorId) {
    await notifyWriter(post.authorId, {
      kind: "story-changes",
      title: "Your story is published again",
      message: `An administrator put "${post.title}" back on the site.`,
      link: editStoryPath(id),
    });
  }
  // An own post unpublished before it was ever announced is news now (a story already announced is not again).
  await announceDueStories(now);
  return { title: post.title, community };
}
