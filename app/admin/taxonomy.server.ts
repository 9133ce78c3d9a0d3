// Categories and tags of the own and community stories (/admin/themes, docs/decisions/019).
// The remote WordPress site's categories are its own and never pass through
// here: these are the Category and Tag tables only. A slug, once made, stays:
// renaming changes the name readers see, never a link. Every change writes its
// admin audit row in the same transaction.

import { sameTermName } from "~/content/term-name";
import { prisma } from "~/db.server";
import { type AuditActor, recordAdminAction } from "~/site/audit.server";
import { lockForTransaction } from "~/site/sql.server";
import { slugify } from "~/utils/slug";

export type TermKind = "category" | "tag";

/**
 * `posts` counts what readers see (published stories, as the site statistics count them);
 * `unpublished` (drafts, rejected, withdrawn) and `revisions` (edits in review) still hold the
 * term, so it cannot be deleted while any of the three is above 0.
 */
export type TermRow = { id: number; slug: string; name: string; posts: number; unpublished: number; revisions: number };

/** A mistake the admin can fix: shown next to the field, with status 400. */
export class TaxonomyError extends Error {
  constructor(
    readonly field: string,
    message: string,
  ) {
    super(message);
  }
}

export const TAXONOMY_MESSAGES = {
  nameTaken: (kind: TermKind, name: string) =>
    `There is already a ${kind} named “${name}”: choose another name, or merge into that one.`,
  slugTaken: "That slug is taken: choose another name or slug.",
  noSlug: "The name needs at least one letter or digit.",
  notFound: "It no longer exists: reload the page.",
  sameTarget: "Choose a different one to merge into.",
  inUse: (n: number) => `It is still used by ${n} ${n === 1 ? "story" : "stories"}: merge it into another first.`,
} as const;

const PUBLISHED = { status: "published" } as const;

/** Counted in SQL: published and other posts per category, and pending revisions that name it. */
export async function listCategories(): Promise<TermRow[]> {
  const [rows, all, revisions] = await Promise.all([
    prisma.category.findMany({
      orderBy: { name: "asc" },
      select: { id: true, slug: true, name: true, _count: { select: { posts: { where: PUBLISHED } } } },
    }),
    prisma.category.findMany({ select: { id: true, _count: { select: { posts: true } } } }),
    prisma.postRevision.groupBy({ by: ["categoryId"], _count: { _all: true }, where: { categoryId: { not: null } } }),
  ]);
  return termRows(rows, all, new Map(revisions.map((r) => [r.categoryId, r._count._all])));
}

export async function listTags(): Promise<TermRow[]> {
  const [rows, all] = await Promise.all([
    prisma.tag.findMany({
      orderBy: { name: "asc" },
      select: { id: true, slug: true, name: true, _count: { select: { posts: { where: PUBLISHED } } } },
    }),
    prisma.tag.findMany({ select: { id: true, _count: { select: { posts: true } } } }),
  ]);
  return termRows(rows, all);
}

type CountedTerm = { id: number; slug: string; name: string; _count: { posts: number } };

/** A table's rows: the published stories of each term, the rest as "unpublished", its pending revisions. */
function termRows(
  published: CountedTerm[],
  all: { id: number; _count: { posts: number } }[],
  revisions = new Map<number | null, number>(),
): TermRow[] {
  const allPosts = new Map(all.map((r) => [r.id, r._count.posts]));
  return published.map((r) => ({
    id: r.id,
    slug: r.slug,
    name: r.name,
    posts: r._count.posts,
    unpublished: (allPosts.get(r.id) ?? 0) - r._count.posts,
    revisions: revisions.get(r.id) ?? 0,
  }));
}

/**
 * The one rule create and rename share: a name is taken when another term of the same kind has it,
 * compared by sameTermName. The tables hold tens of rows, and SQLite has no case-insensitive
 * comparison beyond ASCII, so the names are compared here rather than in SQL.
 */
async function assertNameFree(
  db: Pick<typeof prisma, "category" | "tag">,
  kind: TermKind,
  name: string,
  exceptId?: number,
) {
  const rows = await (kind === "category"
    ? db.category.findMany({ select: { id: true, name: true } })
    : db.tag.findMany({ select: { id: true, name: true } }));
  const other = rows.find((row) => row.id !== exceptId && sameTermName(row.name, name));
  if (other) throw new TaxonomyError("name", TAXONOMY_MESSAGES.nameTaken(kind, other.name));
}

function table(kind: TermKind) {
  return kind === "category" ? prisma.category : prisma.tag;
}

async function find(kind: TermKind, id: number) {
  const row = await (kind === "category"
    ? prisma.category.findUnique({ where: { id }, select: { id: true, slug: true, name: true } })
    : prisma.tag.findUnique({ where: { id }, select: { id: true, slug: true, name: true } }));
  if (!row) throw new TaxonomyError("id", TAXONOMY_MESSAGES.notFound);
  return row;
}

export async function createTerm(admin: AuditActor, kind: TermKind, input: { name: string; slug?: string }) {
  await assertNameFree(prisma, kind, input.name);
  const slug = slugify(input.slug || input.name);
  if (!slug) throw new TaxonomyError(input.slug ? "slug" : "name", TAXONOMY_MESSAGES.noSlug);
  const taken = await (table(kind) as typeof prisma.tag).findUnique({ where: { slug }, select: { id: true } });
  if (taken) throw new TaxonomyError(input.slug ? "slug" : "name", TAXONOMY_MESSAGES.slugTaken);
  return prisma.$transaction(async (tx) => {
    // Again inside the transaction, where a second admin's create of the same name waits its turn.
    await lockForTransaction(tx, `taxonomy:${kind}`);
    await assertNameFree(tx, kind, input.name);
    const data = { slug, name: input.name };
    const created =
      kind === "category"
        ? await tx.category.create({ data, select: { id: true, slug: true, name: true } })
        : await tx.tag.create({ data, select: { id: true, slug: true, name: true } });
    await recordAdminAction(tx, admin, {
      action: `${kind}.create`,
      objectType: kind,
      objectId: created.id,
      after: created,
    });
    return created;
  });
}

/** The name changes; the slug (and so every link) stays. */
export async function renameTerm(admin: AuditActor, kind: TermKind, id: number, name: string) {
  const before = await find(kind, id);
  await prisma.$transaction(async (tx) => {
    await lockForTransaction(tx, `taxonomy:${kind}`);
    await assertNameFree(tx, kind, name, id);
    if (kind === "category") await tx.category.update({ where: { id }, data: { name } });
    else await tx.tag.update({ where: { id }, data: { name } });
    await recordAdminAction(tx, admin, {
      action: `${kind}.rename`,
      objectType: kind,
      objectId: id,
      before: { name: before.name },
      after: { name },
    });
  });
}

/** Deleted only when no story (nor a revision in review) uses it. */
export async function deleteTerm(admin: AuditActor, kind: TermKind, id: number) {
  const before = await find(kind, id);
  await prisma.$transaction(async (tx) => {
    const used =
      kind === "category"
        ? (await tx.post.count({ where: { categoryId: id } })) +
          (await tx.postRevision.count({ where: { categoryId: id } }))
        : await tx.post.count({ where: { tags: { some: { id } } } });
    if (used > 0) throw new TaxonomyError("id", TAXONOMY_MESSAGES.inUse(used));
    if (kind === "category") await tx.category.delete({ where: { id } });
    else await tx.tag.delete({ where: { id } });
    await recordAdminAction(tx, admin, { action: `${kind}.delete`, objectType: kind, objectId: id, before });
  });
  return before;
}

const splitList = (value: string) =>
  value
    .split(",")
    .map((s) => s.trim())
    .filter(Boolean);

/**
 * Every story (and revision in review) of `sourceId` moves to `targetId`, and
 * the source is deleted, in one transaction: no story is ever without its
 * category or tag halfway through. Returns how many stories moved.
 */
/** The two terms of a merge, refused as the merge itself is (the same term twice, one gone). */
async function mergeParties(kind: TermKind, sourceId: number, targetId: number) {
  if (sourceId === targetId) throw new TaxonomyError("targetId", TAXONOMY_MESSAGES.sameTarget);
  const source = await find(kind, sourceId);
  const target = await find(kind, targetId).catch(() => {
    throw new TaxonomyError("targetId", TAXONOMY_MESSAGES.notFound);
  });
  return { source, target };
}

/** What a merge would do, for its confirm step: the two terms and how many stories would move. */
export async function mergePreview(kind: TermKind, sourceId: number, targetId: number) {
  const { source, target } = await mergeParties(kind, sourceId, targetId);
  const moving =
    kind === "category"
      ? await prisma.post.count({ where: { categoryId: sourceId } })
      : await prisma.post.count({ where: { tags: { some: { id: sourceId } } } });
  return { source, target, moving };
}

export async function mergeTerms(admin: AuditActor, kind: TermKind, sourceId: number, targetId: number) {
  const { source, target } = await mergeParties(kind, sourceId, targetId);
  return prisma.$transaction(async (tx) => {
    let moved = 0;
    if (kind === "category") {
      moved = (await tx.post.updateMany({ where: { categoryId: sourceId }, data: { categoryId: targetId } })).count;
      await tx.postRevision.updateMany({ where: { categoryId: sourceId }, data: { categoryId: targetId } });
      await tx.category.delete({ where: { id: sourceId } });
    } else {
      const posts = await tx.post.findMany({ where: { tags: { some: { id: sourceId } } }, select: { id: true } });
      for (const post of posts) {
        await tx.post.update({
          where: { id: post.id },
          data: { tags: { disconnect: { id: sourceId }, connect: { id: targetId } } },
        });
      }
      moved = posts.length;
      // Revisions in review keep tag slugs as text.
      const revisions = await tx.postRevision.findMany({
        where: { tags: { contains: source.slug } },
        select: { id: true, tags: true },
      });
      for (const revision of revisions) {
        const list = splitList(revision.tags);
        if (!list.includes(source.slug)) continue;
        const tags = [...new Set(list.map((t) => (t === source.slug ? target.slug : t)))].join(",");
        await tx.postRevision.update({ where: { id: revision.id }, data: { tags } });
      }
      await tx.tag.delete({ where: { id: sourceId } });
    }
    await recordAdminAction(tx, admin, {
      action: `${kind}.merge`,
      objectType: kind,
      objectId: sourceId,
      before: { source, target },
      after: { target, moved },
    });
    return { moved, source, target };
  });
}
