// The moderation queue's domain (/admin/content-moderation): stories and
// revisions of published stories waiting in review, oldest first, and the
// three decisions on them. Each decision is checked by the state machine,
// written with its ModerationAction audit row in one transaction, and then
// told to the writer through notifyWriter (and, for a first publication, to
// every reader who wants new stories through announceStory).
import { z } from "zod";
import type { SessionUser } from "~/auth/session.server";
import { announceStory } from "~/content/announce.server";
import { datedAt } from "~/content/publication-date";
import { postSearchText } from "~/content/search-index";
import { sameTermName } from "~/content/term-name";
import { prisma } from "~/db.server";
import { env } from "~/env.server";
import { refreshCommunityRecords } from "~/library/story-records.server";
import { recordAdminAction } from "~/site/audit.server";
import { pageOf, readListQuery } from "~/site/list-query";
import { matchesWords } from "~/site/search-text";
import { slugify } from "~/utils/slug";
import { communityStoryPath, editStoryPath } from "~/utils/story-paths";
import { CONTENT_WARNINGS } from "./content-warnings";
import { renderStoryMarkdown } from "./markdown.server";
import { MODERATION_MESSAGE_MAX, QUEUE_PAGE_SIZE, QUEUE_SORTS } from "./moderation-list";
import { notifyWriter } from "./notify-writer.server";
import { type StoryStatus, transition } from "./state";
import { StoryError } from "./stories.server";
import { splitTags } from "./story-form";

export const MODERATION_DECISIONS = ["approve", "request-changes", "reject"] as const;

export const MODERATION_MESSAGES = {
  messageRequired: "Write the message the writer will read.",
  reasonRequired: "Give the reason for the rejection: the writer will read it.",
  messageTooLong: `At most ${MODERATION_MESSAGE_MAX} characters.`,
} as const;

export const ModerationSchema = z
  .object({
    decision: z.enum(MODERATION_DECISIONS, "Choose approve, request changes or reject."),
    /** p{id} for a story, r{id} for a revision of a published story. */
    item: z.string().regex(/^(p\d{1,12}|r[a-z0-9]{1,40})$/, "That submission does not exist."),
    message: z
      .string()
      .max(MODERATION_MESSAGE_MAX, MODERATION_MESSAGES.messageTooLong)
      .optional()
      .transform((v) => v?.trim() ?? ""),
  })
  .superRefine((value, ctx) => {
    if (value.decision === "request-changes" && !value.message)
      ctx.addIssue({ code: "custom", path: ["message"], message: MODERATION_MESSAGES.messageRequired });
    if (value.decision === "reject" && !value.message)
      ctx.addIssue({ code: "custom", path: ["message"], message: MODERATION_MESSAGES.reasonRequired });
  });

export type ModerationInput = z.output<typeof ModerationSchema>;

const WARNING_LABEL = new Map<string, string>(CONTENT_WARNINGS.map((w) => [w.id, w.label]));
const warningLabels = (ids: string) =>
  ids
    .split(",")
    .filter(Boolean)
    .map((id) => WARNING_LABEL.get(id) ?? id);

/**
 * One page of what waits in review, searched (title, writer, summary) and sorted through the query
 * string (oldest submission first by default). Only the page's revisions are rendered from Markdown.
 */
export async function listModerationQueue(request: Request) {
  const query = readListQuery(new URL(request.url).searchParams, QUEUE_SORTS);
  const [posts, revisions] = await Promise.all([
    prisma.post.findMany({
      where: { status: "review", authorId: { not: null } },
      orderBy: [{ submittedAt: "asc" }, { id: "asc" }],
      take: 5000,
      include: { author: { select: { username: true } }, category: { select: { name: true } }, tags: true },
    }),
    prisma.postRevision.findMany({
      where: { status: "review" },
      orderBy: [{ submittedAt: "asc" }],
      take: 5000,
      include: { author: { select: { username: true } }, post: { select: { slug: true, title: true } } },
    }),
  ]);
  const categoryNames = new Map(
    (
      await prisma.category.findMany({
        where: { id: { in: revisions.map((r) => r.categoryId ?? -1) } },
        select: { id: true, name: true },
      })
    ).map((c) => [c.id, c.name]),
  );
  // A revision keeps its chosen tags by slug and the writer's proposed ones by name (stories.server.ts):
  // the moderator reads the chosen ones by their names, the others marked as proposed, as for a story.
  const revisionTagSlugs = [...new Set(revisions.flatMap((r) => splitTags(r.tags)))];
  const tagNames = new Map(
    (await prisma.tag.findMany({ where: { slug: { in: revisionTagSlugs } }, select: { slug: true, name: true } })).map(
      (t) => [t.slug, t.name],
    ),
  );
  const items = [
    ...posts.map((p) => ({
      key: `p${p.id}`,
      kind: "story" as const,
      title: p.title,
      author: p.author?.username ?? p.authorName ?? "",
      summary: p.summary,
      category: p.category?.name ?? null,
      tags: [...p.tags.map((t) => t.name), ...splitTags(p.proposedTags).map((t) => `${t} (proposed)`)],
      warnings: warningLabels(p.warnings),
      mature: p.mature,
      wordCount: p.wordCount,
      submittedAt: (p.submittedAt ?? p.updatedAt).toISOString(),
      html: p.content,
      publishedSlug: null as string | null,
    })),
    ...revisions.map((r) => ({
      key: `r${r.id}`,
      kind: "revision" as const,
      title: r.title,
      author: r.author.username,
      summary: r.summary,
      category: r.categoryId ? (categoryNames.get(r.categoryId) ?? null) : null,
      tags: splitTags(r.tags).map((t) => tagNames.get(t) ?? `${t} (proposed)`),
      warnings: warningLabels(r.warnings),
      mature: r.mature,
      wordCount: r.wordCount,
      submittedAt: (r.submittedAt ?? r.updatedAt).toISOString(),
      html: () => renderStoryMarkdown(r.markdown, env.SITE_URL),
      publishedSlug: r.post.slug,
    })),
  ];
  const found = items.filter((i) => matchesWords(query.q, i.title, i.author, i.summary));
  found.sort((a, b) =>
    query.sort === "title"
      ? a.title.localeCompare(b.title) || a.key.localeCompare(b.key)
      : (query.sort === "newest" ? -1 : 1) * a.submittedAt.localeCompare(b.submittedAt) || a.key.localeCompare(b.key),
  );
  const { items: shown, page, pages, total } = pageOf(request, found, query.page, QUEUE_PAGE_SIZE);
  const earlier = await earlierRequests(shown.map((i) => i.key));
  return {
    query: { ...query, page },
    pages,
    total,
    items: shown.map((i) => ({
      ...i,
      html: typeof i.html === "function" ? i.html() : i.html,
      /** The moderator's last request for changes, when this is the writer's answer to it. */
      earlierRequest: earlier.get(i.key) ?? null,
    })),
  };
}

/**
 * The last "request changes" message of each queued item that had one (p{id} for a story, r{id}
 * for an edit): a resubmission is marked as one in the queue, with what was asked, so the
 * moderator can check it was done (an audit's defect 16).
 */
async function earlierRequests(keys: string[]) {
  const postIds = keys.filter((k) => k.startsWith("p")).map((k) => Number(k.slice(1)));
  const revisionIds = keys.filter((k) => k.startsWith("r")).map((k) => k.slice(1));
  const out = new Map<string, { message: string; at: string }>();
  if (!keys.length) return out;
  const rows = await prisma.moderationAction.findMany({
    where: {
      action: "request-changes",
      OR: [{ postId: { in: postIds }, revisionId: null }, { revisionId: { in: revisionIds } }],
    },
    orderBy: [{ createdAt: "desc" }, { id: "desc" }],
    select: { postId: true, revisionId: true, message: true, createdAt: true },
  });
  for (const row of rows) {
    const key = row.revisionId ? `r${row.revisionId}` : `p${row.postId}`;
    if (!out.has(key)) out.set(key, { message: row.message ?? "", at: row.createdAt.toISOString() });
  }
  return out;
}

/**
 * A slug from the title that no story (own or synced) holds yet, nor held before it was taken down
 * (RemovedStory): readers' bookmarks of that one must not open another story.
 */
export async function freeSlug(title: string, id: number) {
  const base = slugify(title) || "story";
  for (let n = 1; n < 50; n++) {
    const candidate = n === 1 ? base : `${base}-${n}`;
    const [own, synced, removed] = await Promise.all([
      prisma.post.findUnique({ where: { slug: candidate }, select: { id: true } }),
      prisma.syncedPost.findUnique({ where: { slug: candidate }, select: { id: true } }),
      prisma.removedStory.findUnique({ where: { slug: candidate }, select: { slug: true } }),
    ]);
    if ((!own || own.id === id) && !synced && !removed) return candidate;
  }
  return `${base}-${id}`;
}

/** Tags the writer proposed, created (or found) so they can be attached. */
export async function tagIds(names: string[]) {
  // A tag is found by its name first: one an admin renamed keeps its old slug, and a second tag of
  // the same name would stand beside it on every filter (sameTermName, the taxonomy's rule).
  const existing = await prisma.tag.findMany({ select: { id: true, name: true } });
  const ids: number[] = [];
  for (const name of names) {
    const slug = slugify(name);
    if (!slug) continue;
    const tag =
      existing.find((t) => sameTermName(t.name, name)) ??
      (await prisma.tag.upsert({ where: { slug }, create: { slug, name }, update: {}, select: { id: true } }));
    ids.push(tag.id);
  }
  return ids;
}

/**
 * The submission a decision names, as the approval's confirm step says it: its title, whether it
 * is an edit of a published story, and whether publishing it tells every reader (a first
 * publication). Refused as the decision itself would be: 404 for none, 409 when not in review.
 */
export async function queuedSubmission(item: string) {
  const gone = () => new StoryError("This submission is no longer waiting in review.", 409);
  if (item.startsWith("p")) {
    const post = await prisma.post.findFirst({
      where: { id: Number(item.slice(1)), authorId: { not: null } },
      select: { title: true, status: true, publishedAt: true },
    });
    if (!post) throw new StoryError("That submission does not exist.", 404);
    if (post.status !== "review") throw gone();
    return { title: post.title, revision: false, announced: !post.publishedAt };
  }
  const revision = await prisma.postRevision.findUnique({
    where: { id: item.slice(1) },
    select: { title: true, status: true },
  });
  if (!revision) throw new StoryError("That submission does not exist.", 404);
  if (revision.status !== "review") throw gone();
  return { title: revision.title, revision: true, announced: false };
}

const ACTION_OF = { approve: "approve", "request-changes": "request-changes", reject: "reject" } as const;

export async function moderate(admin: SessionUser, input: ModerationInput) {
  return input.item.startsWith("p")
    ? moderateStory(admin, Number(input.item.slice(1)), input)
    : moderateRevision(admin, input.item.slice(1), input);
}

async function moderateStory(admin: SessionUser, id: number, input: ModerationInput) {
  const post = await prisma.post.findFirst({ where: { id, authorId: { not: null } } });
  if (!post?.authorId) throw new StoryError("That submission does not exist.", 404);
  const from = post.status as StoryStatus;
  const move = transition(from, ACTION_OF[input.decision], "admin");
  if (!move.ok) throw new StoryError("This submission is no longer waiting in review.", 409);
  const now = new Date();
  const note = input.decision === "approve" ? null : input.message;
  let slug = post.slug;
  const firstPublication = move.to === "published" && !post.publishedAt;
  if (move.to === "published") {
    if (post.slug.startsWith("draft-")) slug = await freeSlug(post.title, post.id);
    const proposed = await tagIds(splitTags(post.proposedTags));
    await prisma.$transaction(async (tx) => {
      await tx.post.update({
        where: { id },
        data: {
          status: "published",
          slug,
          moderationNote: null,
          proposedTags: "",
          tags: { connect: proposed.map((tagId) => ({ id: tagId })) },
          // A story's date is its first publication.
          ...(firstPublication ? datedAt(now) : {}),
        },
      });
      // The library's record of it (a story published again after a withdrawal may have one).
      await refreshCommunityRecords([slug], tx);
      await tx.moderationAction.create({
        data: {
          postId: id,
          actorId: admin.id,
          action: input.decision,
          fromStatus: from,
          toStatus: move.to,
          message: input.message || null,
        },
      });
      // The admin audit log too (docs/decisions/016): one place that lists every admin action.
      await recordAdminAction(tx, admin, {
        action: `story.${input.decision}`,
        objectType: "post",
        objectId: id,
        before: { status: from },
        after: { status: move.to, message: input.message || null },
      });
    });
  } else {
    await prisma.$transaction(async (tx) => {
      await tx.post.update({ where: { id }, data: { status: move.to, moderationNote: note } });
      await tx.moderationAction.create({
        data: {
          postId: id,
          actorId: admin.id,
          action: input.decision,
          fromStatus: from,
          toStatus: move.to,
          message: note,
        },
      });
      // The admin audit log too (docs/decisions/016): one place that lists every admin action.
      await recordAdminAction(tx, admin, {
        action: `story.${input.decision}`,
        objectType: "post",
        objectId: id,
        before: { status: from },
        after: { status: move.to, message: note },
      });
    });
  }

  if (move.to === "published") {
    await notifyWriter(post.authorId, {
      kind: "story-approved",
      title: "Your story is published",
      message: `"${post.title}" was approved and is now published.${input.message ? ` The moderator says: ${input.message}` : ""}`,
      link: communityStoryPath(slug),
    });
    if (firstPublication) await announceStory({ id: post.id, slug, title: post.title });
  } else if (move.to === "changes") {
    await notifyWriter(post.authorId, {
      kind: "story-changes",
      title: "Changes requested",
      message: `A moderator asks for changes to "${post.title}": ${input.message}`,
      link: editStoryPath(id),
    });
  } else {
    await notifyWriter(post.authorId, {
      kind: "story-rejected",
      title: "Your story was not accepted",
      message: `"${post.title}" was rejected. The reason: ${input.message}`,
      link: editStoryPath(id),
    });
  }
  return { title: post.title, status: move.to, slug };
}

async function moderateRevision(admin: SessionUser, id: string, input: ModerationInput) {
  const revision = await prisma.postRevision.findUnique({ where: { id }, include: { post: true } });
  if (!revision) throw new StoryError("That submission does not exist.", 404);
  const from = revision.status as StoryStatus;
  const move = transition(from, ACTION_OF[input.decision], "admin");
  if (!move.ok) throw new StoryError("This submission is no longer waiting in review.", 409);
  const note = input.decision === "approve" ? null : input.message;
  const names = splitTags(revision.tags);
  const ids = move.to === "published" ? await tagIds(names) : [];
  await prisma.$transaction(async (tx) => {
    await tx.postRevision.update({ where: { id }, data: { status: move.to, moderationNote: note } });
    if (move.to === "published") {
      // The published version is replaced in place: same slug, same date.
      const content = renderStoryMarkdown(revision.markdown, env.SITE_URL);
      await tx.post.update({
        where: { id: revision.postId },
        data: {
          title: revision.title,
          summary: revision.summary,
          excerpt: revision.summary || null,
          markdown: revision.markdown,
          content,
          searchText: postSearchText({ title: revision.title, summary: revision.summary, content }),
          warnings: revision.warnings,
          mature: revision.mature,
          wordCount: revision.wordCount,
          categoryId: revision.categoryId,
          tags: { set: ids.map((tagId) => ({ id: tagId })) },
        },
      });
      // Readers' shelves and recommendations show the new title, category and tags.
      await refreshCommunityRecords([revision.post.slug], tx);
    }
    await tx.moderationAction.create({
      data: {
        postId: revision.postId,
        revisionId: id,
        actorId: admin.id,
        action: input.decision,
        fromStatus: from,
        toStatus: move.to,
        message: input.message || null,
      },
    });
    // The admin audit log too (docs/decisions/016): one place that lists every admin action.
    await recordAdminAction(tx, admin, {
      action: `story.${input.decision}`,
      objectType: "post",
      objectId: revision.postId,
      before: { status: from },
      after: { status: move.to, message: input.message || null },
    });
  });
  const title = revision.post.title;
  if (move.to === "published") {
    await notifyWriter(revision.authorId, {
      kind: "revision-approved",
      title: "Your edit is published",
      message: `Your new version of "${revision.title}" was approved and replaces the published one.`,
      link: communityStoryPath(revision.post.slug),
    });
  } else {
    await notifyWriter(revision.authorId, {
      kind: move.to === "changes" ? "story-changes" : "story-rejected",
      title: move.to === "changes" ? "Changes requested" : "Your edit was not accepted",
      message:
        move.to === "changes"
          ? `A moderator asks for changes to your edit of "${title}": ${input.message}`
          : `Your edit of "${title}" was rejected; the published version stays online. The reason: ${input.message}`,
      link: editStoryPath(revision.postId),
    });
  }
  return { title, status: move.to, slug: revision.post.slug };
}
