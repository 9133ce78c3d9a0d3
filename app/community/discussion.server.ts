// Community discussion: threads with their posts, and the comment thread of
// each community story. Both are DiscussionPost rows (threadId or storyId).
// See docs/decisions/015.
import { data } from "react-router";
import type { RateLimitRule } from "~/auth/rate-limit.server";
import { COMMUNITY_STORY, publishedNow } from "~/content/own-posts.server";
import { prisma } from "~/db.server";
import { isCommunityOpen } from "~/site/site-settings.server";
import { notifyCommunity } from "./notify.server";
import { excerptBlocks, excerptOf, formatText, postAnchor, type TextBlock, threadPath } from "./text";

export { threadPath };

export const THREADS_PER_PAGE = 20;
export const POSTS_PER_PAGE = 50;
export const COMMENTS_LIMIT = 200;

/** Per client address (readCommunityForm) and per account: a person types slower than this. */
export const COMMUNITY_RATE_LIMITS = {
  thread: { limit: 5, windowMs: 60 * 60_000 },
  post: { limit: 20, windowMs: 10 * 60_000 },
  report: { limit: 20, windowMs: 60 * 60_000 },
  /** A reader's edits and deletions of their own posts: as many as they may write. */
  edit: { limit: 20, windowMs: 10 * 60_000 },
} as const satisfies Record<string, RateLimitRule>;

/** 404 while the community content flag is off. */
export async function requireCommunityOpen(): Promise<void> {
  if (!(await isCommunityOpen())) throw data({ message: "The community is not open yet." }, { status: 404 });
}

export type CommunityStoryCard = {
  id: number;
  slug: string;
  title: string;
  excerpt: string;
  author: string;
  createdAt: string;
};

/** The latest community stories (published; COMMUNITY_STORY is the one definition). */
export async function latestCommunityStories(limit = 6): Promise<CommunityStoryCard[]> {
  const rows = await prisma.post.findMany({
    where: { AND: [publishedNow(), COMMUNITY_STORY] },
    orderBy: [{ createdAt: "desc" }, { id: "desc" }],
    take: limit,
    select: {
      id: true,
      slug: true,
      title: true,
      excerpt: true,
      content: true,
      authorName: true,
      createdAt: true,
      author: { select: { username: true } },
    },
  });
  return rows.map((r) => ({
    id: r.id,
    slug: r.slug,
    title: r.title,
    excerpt: r.excerpt ?? excerptOf(r.content.replace(/<[^>]*>/g, " "), 150),
    author: r.author?.username ?? r.authorName ?? "A reader",
    createdAt: r.createdAt.toISOString(),
  }));
}

/** A published community story by slug, or null. */
export function findCommunityStory(slug: string) {
  return prisma.post.findFirst({
    where: { AND: [publishedNow(), COMMUNITY_STORY, { slug }] },
    select: { id: true, slug: true, title: true, authorId: true },
  });
}

export type ThreadSummary = {
  id: number;
  title: string;
  author: string | null;
  createdAt: string;
  lastPostAt: string;
  replies: number;
};

export async function listThreads(page: number) {
  const [total, rows] = await Promise.all([
    prisma.discussionThread.count(),
    prisma.discussionThread.findMany({
      orderBy: [{ lastPostAt: "desc" }, { id: "desc" }],
      skip: (page - 1) * THREADS_PER_PAGE,
      take: THREADS_PER_PAGE,
      select: {
        id: true,
        title: true,
        createdAt: true,
        lastPostAt: true,
        author: { select: { username: true } },
        _count: { select: { posts: true } },
      },
    }),
  ]);
  const threads: ThreadSummary[] = rows.map((r) => ({
    id: r.id,
    title: r.title,
    author: r.author?.username ?? null,
    createdAt: r.createdAt.toISOString(),
    lastPostAt: r.lastPostAt.toISOString(),
    replies: Math.max(0, r._count.posts - 1),
  }));
  return { threads, page, totalPages: Math.max(1, Math.ceil(total / THREADS_PER_PAGE)), total };
}

export async function createThread(user: { id: string }, input: { title: string; body: string }) {
  return prisma.$transaction(async (tx) => {
    const thread = await tx.discussionThread.create({ data: { title: input.title, authorId: user.id } });
    await tx.discussionPost.create({ data: { threadId: thread.id, authorId: user.id, body: input.body } });
    return thread;
  });
}

/** A post as a page shows it: its text already shaped, or null when a moderator removed it. */
export type DisplayPost = {
  id: number;
  anchor: string;
  author: string | null;
  createdAt: string;
  /** When its author last changed its text, or null. */
  editedAt: string | null;
  /** withdrawn: deleted by its author (a tombstone, as a moderator's delete is). */
  status: PostStatus;
  blocks: TextBlock[] | null;
  quote: { id: number; author: string | null; excerpt: TextBlock[] | null; status: PostStatus; href: string } | null;
  /** Its permalink, where a page needs one (the quoted post of a reply form). */
  href?: string;
  /** Written by the reader the page is for: no Report on it (the server refuses a report of one's own post). */
  mine: boolean;
  /** The reader the page is for has an open report of it: it says so where Report was (on a phone
      the answer's toast stands at the page's top, out of sight of the post it brings them back to). */
  reported: boolean;
};

const POST_SELECT = {
  id: true,
  threadId: true,
  storyId: true,
  body: true,
  status: true,
  createdAt: true,
  editedAt: true,
  quoteOfId: true,
  authorId: true,
  author: { select: { username: true } },
} as const;

type PostRow = {
  id: number;
  threadId: number | null;
  storyId: number | null;
  body: string;
  status: string;
  createdAt: Date;
  editedAt: Date | null;
  quoteOfId: number | null;
  authorId: string | null;
  author: { username: string } | null;
};

export type PostStatus = "visible" | "hidden" | "deleted" | "withdrawn";

const statusOf = (s: string): PostStatus => (s === "hidden" || s === "deleted" || s === "withdrawn" ? s : "visible");

/** `viewerId`: the signed-in reader the page is built for (their own posts are marked), or null. */
async function toDisplay(rows: PostRow[], viewerId: string | null = null): Promise<DisplayPost[]> {
  const quoteIds = [...new Set(rows.map((r) => r.quoteOfId).filter((id): id is number => id !== null))];
  const reported = new Set(
    viewerId && rows.length
      ? (
          await prisma.discussionReport.findMany({
            where: { openKey: { in: rows.map((r) => `${r.id}:${viewerId}`) } },
            select: { postId: true },
          })
        ).map((r) => r.postId)
      : [],
  );
  const quoted = quoteIds.length
    ? await prisma.discussionPost.findMany({ where: { id: { in: quoteIds } }, select: POST_SELECT })
    : [];
  const byId = new Map(quoted.map((q) => [q.id, q]));
  const hrefs = new Map<number, string>();
  for (const q of quoted) hrefs.set(q.id, await permalinkOf(q));
  return rows.map((r) => {
    const status = statusOf(r.status);
    const q = r.quoteOfId === null ? undefined : byId.get(r.quoteOfId);
    return {
      id: r.id,
      anchor: postAnchor(r.id),
      author: r.author?.username ?? null,
      createdAt: r.createdAt.toISOString(),
      editedAt: status === "visible" && r.editedAt ? r.editedAt.toISOString() : null,
      status,
      blocks: status === "visible" ? formatText(r.body) : null,
      mine: viewerId !== null && r.authorId === viewerId,
      reported: reported.has(r.id),
      quote: q
        ? {
            id: q.id,
            author: q.author?.username ?? null,
            excerpt: statusOf(q.status) === "visible" ? excerptBlocks(q.body, 300) : null,
            status: statusOf(q.status),
            href: hrefs.get(q.id) ?? "#",
          }
        : null,
    };
  });
}

export async function getThread(id: number, page: number, viewerId: string | null = null) {
  const thread = await prisma.discussionThread.findUnique({
    where: { id },
    select: { id: true, title: true, createdAt: true, authorId: true, author: { select: { username: true } } },
  });
  if (!thread) return null;
  const [total, rows] = await Promise.all([
    prisma.discussionPost.count({ where: { threadId: id } }),
    prisma.discussionPost.findMany({
      where: { threadId: id },
      orderBy: { id: "asc" },
      skip: (page - 1) * POSTS_PER_PAGE,
      take: POSTS_PER_PAGE,
      select: POST_SELECT,
    }),
  ]);
  return {
    thread: {
      id: thread.id,
      title: thread.title,
      author: thread.author?.username ?? null,
      createdAt: thread.createdAt.toISOString(),
    },
    posts: await toDisplay(rows, viewerId),
    page,
    totalPages: Math.max(1, Math.ceil(total / POSTS_PER_PAGE)),
  };
}

/** Where a post is read: its thread's page with its anchor, or its story's comments. */
async function permalinkOf(post: { id: number; threadId: number | null; storyId: number | null }): Promise<string> {
  if (post.threadId !== null) {
    const before = await prisma.discussionPost.count({ where: { threadId: post.threadId, id: { lt: post.id } } });
    const page = Math.floor(before / POSTS_PER_PAGE) + 1;
    return `${threadPath(post.threadId)}${page > 1 ? `?page=${page}` : ""}#${postAnchor(post.id)}`;
  }
  if (post.storyId !== null) {
    const story = await prisma.post.findUnique({ where: { id: post.storyId }, select: { slug: true } });
    return `/community-story/${story?.slug ?? ""}#${postAnchor(post.id)}`;
  }
  return "/community";
}

export async function permalink(postId: number): Promise<string | null> {
  const post = await prisma.discussionPost.findUnique({
    where: { id: postId },
    select: { id: true, threadId: true, storyId: true },
  });
  return post ? permalinkOf(post) : null;
}

/** A post that may be quoted from this thread or story: visible and in the same place. */
export async function quotablePost(postId: number, where: { threadId: number } | { storyId: number }) {
  const post = await prisma.discussionPost.findFirst({
    where: { id: postId, status: "visible", ...where },
    select: POST_SELECT,
  });
  const display = post ? (await toDisplay([post]))[0] : undefined;
  return post && display ? { ...display, href: await permalinkOf(post) } : null;
}

export class DiscussionError extends Error {
  constructor(
    message: string,
    readonly field: "body" | "quoteOf" = "body",
  ) {
    super(message);
  }
}

type NewPost = { body: string; quoteOf?: number | undefined };

async function checkQuote(quoteOf: number | undefined, where: { threadId: number } | { storyId: number }) {
  if (quoteOf === undefined) return null;
  const quoted = await prisma.discussionPost.findFirst({
    where: { id: quoteOf, status: "visible", ...where },
    select: { id: true, authorId: true },
  });
  if (!quoted)
    throw new DiscussionError("The post you quoted is no longer there. Remove the quote and send again.", "quoteOf");
  return quoted;
}

export async function addReply(user: { id: string; username: string }, threadId: number, input: NewPost) {
  const thread = await prisma.discussionThread.findUnique({
    where: { id: threadId },
    select: { id: true, title: true, authorId: true },
  });
  if (!thread) throw data({ message: "There is no thread with that number." }, { status: 404 });
  const quoted = await checkQuote(input.quoteOf, { threadId });
  const post = await prisma.$transaction(async (tx) => {
    const created = await tx.discussionPost.create({
      data: { threadId, authorId: user.id, body: input.body, quoteOfId: quoted?.id ?? null },
    });
    await tx.discussionThread.update({ where: { id: threadId }, data: { lastPostAt: created.createdAt } });
    return created;
  });
  const link = await permalinkOf(post);
  await notifyCommunity(
    thread.authorId,
    { kind: "thread-reply", threadTitle: thread.title, by: user.username, link },
    user.id,
  );
  if (quoted && quoted.authorId !== thread.authorId)
    await notifyCommunity(quoted.authorId, { kind: "quoted", by: user.username, link }, user.id);
  return { post, link };
}

/** The comments of a community story, oldest first (the newest COMMENTS_LIMIT). */
export async function listStoryComments(storyId: number, viewerId: string | null = null): Promise<DisplayPost[]> {
  const rows = await prisma.discussionPost.findMany({
    where: { storyId },
    orderBy: { id: "desc" },
    take: COMMENTS_LIMIT,
    select: POST_SELECT,
  });
  return toDisplay(rows.reverse(), viewerId);
}

export async function addComment(
  user: { id: string; username: string },
  story: { id: number; slug: string; title: string; authorId: string | null },
  input: NewPost,
) {
  const quoted = await checkQuote(input.quoteOf, { storyId: story.id });
  const post = await prisma.discussionPost.create({
    data: { storyId: story.id, authorId: user.id, body: input.body, quoteOfId: quoted?.id ?? null },
  });
  const link = `/community-story/${story.slug}#${postAnchor(post.id)}`;
  await notifyCommunity(
    story.authorId,
    { kind: "story-comment", storyTitle: story.title, by: user.username, link },
    user.id,
  );
  if (quoted && quoted.authorId !== story.authorId)
    await notifyCommunity(quoted.authorId, { kind: "quoted", by: user.username, link }, user.id);
  return { post, link };
}

/**
 * A post its author may change: their own, still visible, in an open place (a thread, or a
 * community story still published). Anyone else's, a removed one, or none at all is the
 * same 404: the page does not tell another reader whose post it is.
 */
export async function ownPost(user: { id: string }, postId: number) {
  const post = await prisma.discussionPost.findFirst({
    where: { id: postId, authorId: user.id, status: "visible" },
    select: { ...POST_SELECT, thread: { select: { id: true, title: true } } },
  });
  if (!post) throw data({ message: "There is no post of yours to change at this address." }, { status: 404 });
  let place: { kind: "thread"; title: string; first: boolean } | { kind: "story"; title: string };
  if (post.thread) {
    const first = await prisma.discussionPost.findFirst({
      where: { threadId: post.thread.id },
      orderBy: { id: "asc" },
      select: { id: true },
    });
    place = { kind: "thread", title: post.thread.title, first: first?.id === post.id };
  } else {
    const story = post.storyId
      ? await prisma.post.findFirst({
          where: { AND: [publishedNow(), COMMUNITY_STORY, { id: post.storyId }] },
          select: { title: true },
        })
      : null;
    if (!story) throw data({ message: "There is no post of yours to change at this address." }, { status: 404 });
    place = { kind: "story", title: story.title };
  }
  const [display] = await toDisplay([post], user.id);
  return { post: { ...(display as DisplayPost), href: await permalinkOf(post) }, body: post.body, place };
}

/** The author's new text (shaped on display by formatText, as every post is), and when it changed. */
export async function editOwnPost(user: { id: string }, postId: number, body: string) {
  const { count } = await prisma.discussionPost.updateMany({
    where: { id: postId, authorId: user.id, status: "visible" },
    data: { body, editedAt: new Date() },
  });
  if (count === 0) throw data({ message: "There is no post of yours to change at this address." }, { status: 404 });
}

/**
 * The author deletes their post: a tombstone like a moderator's delete (the text emptied, the row,
 * its anchor and the quotes of it kept), shown as deleted by its author. Open reports of it are
 * closed as dismissed: there is nothing left for a moderator to act on.
 */
export async function withdrawOwnPost(user: { id: string }, postId: number) {
  await prisma.$transaction(async (tx) => {
    const { count } = await tx.discussionPost.updateMany({
      where: { id: postId, authorId: user.id, status: "visible" },
      data: { status: "withdrawn", body: "" },
    });
    if (count === 0) throw data({ message: "There is no post of yours to delete at this address." }, { status: 404 });
    await tx.discussionReport.updateMany({
      where: { postId, status: "open" },
      data: { status: "dismissed", openKey: null, resolvedAt: new Date() },
    });
  });
}
