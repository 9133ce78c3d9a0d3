// Writers' stories: create, save, submit, revise and withdraw (docs/decisions/014).
// A community story is a Post with an authorId. Every change asks the state
// machine (./state.ts) first; every query names the writer, so nobody reaches
// someone else's story through these functions (a story that is not yours is
// "not found").
import { randomBytes } from "node:crypto";
import { hitRateLimit, type RateLimitRule } from "~/auth/rate-limit.server";
import type { SessionUser } from "~/auth/session.server";
import { postSearchText } from "~/content/search-index";
import { prisma } from "~/db.server";
import { env } from "~/env.server";
import { tryAgainIn, waitWording } from "~/utils/retry-wording";
import { countWords } from "~/utils/text";
import { renderStoryMarkdown } from "./markdown.server";
import { isStoryStatus, type StoryStatus, transition } from "./state";
import { type StoryFormValues, type StoryInput, splitTags } from "./story-form";
import { takeDownStories } from "./take-down.server";

/** Per account: submissions for review a day, and saves (autosave included) an hour. */
export const STORY_RATE_LIMITS = {
  submit: { limit: 10, windowMs: 24 * 60 * 60_000 },
  save: { limit: 300, windowMs: 60 * 60_000 },
} as const satisfies Record<string, RateLimitRule>;

/** What a writer past a limit is told, with the real wait (the shared wording of docs/decisions/056). */
export const RATE_LIMIT_MESSAGES = {
  submit: (retryAfterSeconds: number) =>
    `You have sent 10 stories for review in a day: the limit for one account. Your text is kept here; save it as a draft and submit it in ${waitWording(retryAfterSeconds)}.`,
  save: (retryAfterSeconds: number) =>
    `Too many saves in a short time. ${tryAgainIn(retryAfterSeconds)} Your text is still here.`,
} as const;

/** A refusal a writer can cause: a 4xx with the message shown as it is (and, past a limit, the wait in seconds). */
export class StoryError extends Error {
  constructor(
    message: string,
    readonly status: 400 | 403 | 404 | 409 | 429 = 400,
    readonly retryAfterSeconds?: number,
  ) {
    super(message);
  }

  /** The answer's status, and Retry-After when a limit refused it. */
  get init() {
    return {
      status: this.status,
      ...(this.retryAfterSeconds ? { headers: { "Retry-After": String(this.retryAfterSeconds) } } : {}),
    };
  }
}

export const NOT_FOUND = "No story of yours has this address.";

export async function storyFormOptions() {
  const [categories, tags] = await Promise.all([
    prisma.category.findMany({ orderBy: { name: "asc" }, select: { slug: true, name: true } }),
    prisma.tag.findMany({ orderBy: { name: "asc" }, select: { slug: true, name: true } }),
  ]);
  return { categories, tags };
}

/** Counts the writer's request against the limit for its intent; a StoryError past it. */
async function countAgainstLimit(userId: string, intent: "save" | "submit") {
  const result = await hitRateLimit(`story-${intent}:${userId}`, STORY_RATE_LIMITS[intent]);
  if (!result.allowed)
    throw new StoryError(RATE_LIMIT_MESSAGES[intent](result.retryAfterSeconds), 429, result.retryAfterSeconds);
}

async function resolveTerms(input: StoryInput) {
  const [category, tags] = await Promise.all([
    input.category ? prisma.category.findUnique({ where: { slug: input.category }, select: { id: true } }) : null,
    input.tag.length
      ? prisma.tag.findMany({ where: { slug: { in: input.tag } }, select: { id: true, slug: true } })
      : [],
  ]);
  if (input.category && !category) throw new StoryError("That category does not exist. Choose one from the list.");
  return { categoryId: category?.id ?? null, tags };
}

function storyFields(input: StoryInput) {
  const contentHtml = renderStoryMarkdown(input.markdown, env.SITE_URL);
  return {
    title: input.title,
    summary: input.summary,
    markdown: input.markdown,
    content: contentHtml,
    searchText: postSearchText({ title: input.title, summary: input.summary, content: contentHtml }),
    excerpt: input.summary || null,
    warnings: input.warnings.join(","),
    mature: input.mature === "on",
    wordCount: countWords(input.markdown),
    proposedTags: splitTags(input.newTags).join(","),
  };
}

/** A new story, saved as a draft or sent for review. Returns its id. */
export async function createStory(user: SessionUser, input: StoryInput): Promise<{ id: number; status: StoryStatus }> {
  const move = transition("draft", input.intent, "writer");
  if (!move.ok) throw new StoryError(move.reason);
  const { categoryId, tags } = await resolveTerms(input);
  await countAgainstLimit(user.id, input.intent);
  const now = new Date();
  const post = await prisma.$transaction(async (tx) => {
    const created = await tx.post.create({
      data: {
        ...storyFields(input),
        // Unpublished stories keep a private placeholder slug: approval gives the real one.
        slug: `draft-${randomBytes(8).toString("hex")}`,
        status: move.to,
        authorId: user.id,
        authorName: user.username,
        categoryId,
        tags: { connect: tags.map((t) => ({ id: t.id })) },
        submittedAt: move.to === "review" ? now : null,
      },
      select: { id: true },
    });
    if (move.to === "review") {
      await tx.moderationAction.create({
        data: { postId: created.id, actorId: user.id, action: "submit", fromStatus: "draft", toStatus: "review" },
      });
    }
    return created;
  });
  return { id: post.id, status: move.to };
}

const OPEN_REVISION = ["draft", "review", "changes"];

async function ownStory(user: SessionUser, id: number) {
  const post = await prisma.post.findFirst({
    where: { id, authorId: user.id },
    include: {
      category: { select: { slug: true } },
      tags: { select: { slug: true } },
      revisions: { where: { status: { in: OPEN_REVISION } }, orderBy: { createdAt: "desc" }, take: 1 },
    },
  });
  if (!post || !isStoryStatus(post.status)) throw new StoryError(NOT_FOUND, 404);
  return { ...post, status: post.status as StoryStatus, revision: post.revisions[0] ?? null };
}

/**
 * Saves or submits the writer's story. A published story stays online as it
 * is: the edit becomes a revision with its own review.
 */
export async function updateStory(user: SessionUser, id: number, input: StoryInput) {
  const post = await ownStory(user, id);
  const { categoryId, tags } = await resolveTerms(input);
  const fields = storyFields(input);
  const now = new Date();

  if (post.status === "published") {
    const from = (post.revision?.status ?? "draft") as StoryStatus;
    const move = transition(from, input.intent, "writer");
    if (!move.ok) throw new StoryError(reviewMessage(from, move.reason), 409);
    await countAgainstLimit(user.id, input.intent);
    const names = [...tags.map((t) => t.slug), ...splitTags(input.newTags)];
    const revisionData = {
      title: fields.title,
      summary: fields.summary,
      markdown: fields.markdown,
      warnings: fields.warnings,
      mature: fields.mature,
      wordCount: fields.wordCount,
      categoryId,
      tags: names.join(","),
      status: move.to,
      submittedAt: move.to === "review" ? now : (post.revision?.submittedAt ?? null),
    };
    await prisma.$transaction(async (tx) => {
      const revision = post.revision
        ? await tx.postRevision.update({ where: { id: post.revision.id }, data: revisionData })
        : await tx.postRevision.create({ data: { ...revisionData, postId: post.id, authorId: user.id } });
      if (move.to === "review") {
        await tx.moderationAction.create({
          data: {
            postId: post.id,
            revisionId: revision.id,
            actorId: user.id,
            action: "submit",
            fromStatus: from,
            toStatus: "review",
          },
        });
      }
    });
    return { status: "published" as const, revision: move.to };
  }

  const move = transition(post.status, input.intent, "writer");
  if (!move.ok) throw new StoryError(reviewMessage(post.status, move.reason), 409);
  await countAgainstLimit(user.id, input.intent);
  await prisma.$transaction(async (tx) => {
    await tx.post.update({
      where: { id: post.id },
      data: {
        ...fields,
        status: move.to,
        categoryId,
        tags: { set: tags.map((t) => ({ id: t.id })) },
        ...(move.to === "review" ? { submittedAt: now } : {}),
      },
    });
    if (move.to === "review") {
      await tx.moderationAction.create({
        data: { postId: post.id, actorId: user.id, action: "submit", fromStatus: post.status, toStatus: "review" },
      });
    }
  });
  return { status: move.to, revision: null };
}

function reviewMessage(from: StoryStatus, reason: string) {
  if (from === "review")
    return "This story is waiting in review: it cannot be changed until a moderator has read it. Withdraw it first to edit it.";
  if (from === "rejected") return "This story was rejected; it can no longer be changed.";
  return reason;
}

/** Takes the story offline (published, in review or a draft) and drops a pending edit. */
export async function withdrawStory(user: SessionUser, id: number) {
  const post = await ownStory(user, id);
  const move = transition(post.status, "withdraw", "writer");
  if (!move.ok) throw new StoryError(move.reason, 409);
  await prisma.$transaction(async (tx) => {
    await tx.post.update({ where: { id: post.id }, data: { status: move.to } });
    await tx.postRevision.updateMany({
      where: { postId: post.id, status: { in: OPEN_REVISION } },
      data: { status: "withdrawn" },
    });
    await tx.moderationAction.create({
      data: { postId: post.id, actorId: user.id, action: "withdraw", fromStatus: post.status, toStatus: move.to },
    });
  });
}

/**
 * What the delete button's confirm step says: the story's title, and whether readers could read it
 * (its deletion then takes it away from them). A story that is not the writer's is a 404, as ever.
 */
export async function storyToDelete(user: SessionUser, id: number) {
  const post = await ownStory(user, id);
  return { title: post.title, published: post.status === "published" };
}

/**
 * The writer deletes their story, whatever its status (a draft, one in review, a published or a
 * rejected one; docs/decisions/060): it goes as an account deletion's stories go, through
 * takeDownStories. Someone else's story is "not found"; admins take stories down from their tools.
 */
export async function deleteOwnStory(user: SessionUser, id: number) {
  const post = await ownStory(user, id);
  await prisma.$transaction((tx) => takeDownStories(tx, { id: post.id, authorId: user.id }));
  return { title: post.title };
}

/** The story form's values: the pending revision of a published story, else the story. */
export async function storyForEdit(user: SessionUser, id: number) {
  const post = await ownStory(user, id);
  const revision = post.revision;
  const category = revision
    ? revision.categoryId
      ? ((await prisma.category.findUnique({ where: { id: revision.categoryId }, select: { slug: true } }))?.slug ?? "")
      : ""
    : (post.category?.slug ?? "");
  const revisionTags = revision ? revision.tags.split(",").filter(Boolean) : [];
  const existing = revision
    ? (await prisma.tag.findMany({ where: { slug: { in: revisionTags } }, select: { slug: true } })).map((t) => t.slug)
    : post.tags.map((t) => t.slug);
  const source = revision ?? post;
  const values: StoryFormValues = {
    title: source.title,
    summary: source.summary,
    markdown: source.markdown,
    category,
    tag: existing,
    newTags: revision
      ? revisionTags.filter((t) => !existing.includes(t)).join(", ")
      : post.proposedTags.split(",").filter(Boolean).join(", "),
    warnings: source.warnings.split(",").filter(Boolean),
    mature: source.mature,
  };
  return {
    id: post.id,
    slug: post.status === "published" ? post.slug : null,
    status: post.status,
    note: post.moderationNote,
    revision: revision ? { status: revision.status as StoryStatus, note: revision.moderationNote } : null,
    values,
  };
}

/** The writer's stories with their status and the moderator's latest word. */
export async function listWriterStories(userId: string) {
  const posts = await prisma.post.findMany({
    where: { authorId: userId },
    orderBy: [{ updatedAt: "desc" }, { id: "desc" }],
    take: 200,
    select: {
      id: true,
      slug: true,
      title: true,
      status: true,
      wordCount: true,
      moderationNote: true,
      updatedAt: true,
      publishedAt: true,
      revisions: {
        where: { status: { in: OPEN_REVISION } },
        take: 1,
        orderBy: { createdAt: "desc" },
        select: { status: true, moderationNote: true },
      },
    },
  });
  return posts.map(({ revisions, updatedAt, publishedAt, ...post }) => ({
    ...post,
    status: (isStoryStatus(post.status) ? post.status : "draft") as StoryStatus,
    updatedAt: updatedAt.toISOString(),
    publishedAt: publishedAt?.toISOString() ?? null,
    revision: revisions[0] ? { status: revisions[0].status as StoryStatus, note: revisions[0].moderationNote } : null,
  }));
}
