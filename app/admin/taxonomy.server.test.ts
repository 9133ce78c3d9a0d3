import { beforeEach, describe, expect, it } from "vitest";
import { prisma } from "~/db.server";
import {
  createTerm,
  deleteTerm,
  listCategories,
  listTags,
  mergeTerms,
  renameTerm,
  TaxonomyError,
} from "./taxonomy.server";

const admin = { id: "admin-1", username: "keeper" };

async function writer() {
  return prisma.user.upsert({
    where: { email: "w@example.com" },
    create: { email: "w@example.com", username: "writer", usernameKey: "writer" },
    update: {},
  });
}

beforeEach(async () => {
  await prisma.adminAudit.deleteMany();
  await prisma.postRevision.deleteMany();
  await prisma.post.deleteMany();
  await prisma.category.deleteMany();
  await prisma.tag.deleteMany();
});

describe("categories", () => {
  it("creates with a slug from the name and refuses a taken slug", async () => {
    const c = await createTerm(admin, "category", { name: "Cosmic Dread" });
    expect(c.slug).toBe("cosmic-dread");
    await expect(createTerm(admin, "category", { name: "Cosmic dread" })).rejects.toBeInstanceOf(TaxonomyError);
    const audit = await prisma.adminAudit.findMany();
    expect(audit.map((a) => a.action)).toEqual(["category.create"]);
  });

  it("refuses a name another term has, case and spaces aside, on create (with any slug) and on rename", async () => {
    const gothic = await createTerm(admin, "category", { name: "Gothic" });
    await createTerm(admin, "category", { name: "Psychological" });
    const taken = (name: string) =>
      new TaxonomyError(
        "name",
        `There is already a category named “${name}”: choose another name, or merge into that one.`,
      );
    await expect(renameTerm(admin, "category", gothic.id, "psychological ")).rejects.toEqual(taken("Psychological"));
    await expect(createTerm(admin, "category", { name: " PSYCHOLOGICAL", slug: "psy-2" })).rejects.toEqual(
      taken("Psychological"),
    );
    await expect(createTerm(admin, "category", { name: "gothic", slug: "gothic-2" })).rejects.toMatchObject({
      field: "name",
    });
    // Its own name in another case is no clash; a tag may share a category's name.
    await renameTerm(admin, "category", gothic.id, "GOTHIC");
    await createTerm(admin, "tag", { name: "Gothic" });
    await expect(createTerm(admin, "tag", { name: "gothic", slug: "g2" })).rejects.toMatchObject({ field: "name" });
    expect((await prisma.category.findMany({ orderBy: { id: "asc" } })).map((c) => c.name)).toEqual([
      "GOTHIC",
      "Psychological",
    ]);
  });

  it("admins creating or renaming to the same name at once: one category, the others told the name is taken", async () => {
    const damp = await createTerm(admin, "category", { name: "Damp" });
    const results = await Promise.allSettled([
      ...["Dark Water", "dark water ", " DARK water", "Dark water", "dark Water"].map((name, i) =>
        createTerm({ id: `admin-${i}`, username: `warden${i}` }, "category", { name, slug: `dark-water-${i}` }),
      ),
      renameTerm(admin, "category", damp.id, "DARK WATER"),
    ]);
    expect(results.filter((r) => r.status === "fulfilled")).toHaveLength(1);
    for (const result of results.filter((r) => r.status === "rejected"))
      expect(result.reason).toMatchObject({ field: "name" });
    const names = (await prisma.category.findMany()).map((c) => c.name.trim().toLowerCase());
    expect(names.filter((name) => name === "dark water")).toHaveLength(1);
  });

  it("renames without changing the slug", async () => {
    const c = await createTerm(admin, "category", { name: "Ghosts" });
    await renameTerm(admin, "category", c.id, "Ghost stories");
    expect(await prisma.category.findUnique({ where: { id: c.id } })).toMatchObject({
      slug: "ghosts",
      name: "Ghost stories",
    });
    const row = await prisma.adminAudit.findFirst({ where: { action: "category.rename" } });
    expect(JSON.parse(row?.before ?? "null")).toEqual({ name: "Ghosts" });
    expect(JSON.parse(row?.after ?? "null")).toEqual({ name: "Ghost stories" });
  });

  it("merges: every post and revision moves to the target, the source is gone, one audit row", async () => {
    const source = await createTerm(admin, "category", { name: "Spooks" });
    const target = await createTerm(admin, "category", { name: "Ghosts" });
    const other = await createTerm(admin, "category", { name: "Folk" });
    const author = await writer();
    for (const [slug, categoryId] of [
      ["a", source.id],
      ["b", source.id],
      ["c", other.id],
    ] as const) {
      await prisma.post.create({ data: { slug, title: slug, content: "x", categoryId } });
    }
    const post = await prisma.post.findUniqueOrThrow({ where: { slug: "a" } });
    await prisma.postRevision.create({
      data: { postId: post.id, authorId: author.id, title: "t", summary: "s", markdown: "m", categoryId: source.id },
    });
    await prisma.adminAudit.deleteMany();

    const { moved } = await mergeTerms(admin, "category", source.id, target.id);
    expect(moved).toBe(2);
    expect(await prisma.category.findUnique({ where: { id: source.id } })).toBeNull();
    expect((await prisma.post.findMany({ orderBy: { slug: "asc" } })).map((p) => p.categoryId)).toEqual([
      target.id,
      target.id,
      other.id,
    ]);
    expect((await prisma.postRevision.findFirstOrThrow()).categoryId).toBe(target.id);
    const audit = await prisma.adminAudit.findMany();
    expect(audit).toHaveLength(1);
    expect(audit[0]).toMatchObject({ action: "category.merge", objectType: "category", objectId: String(source.id) });
    const counts = await listCategories();
    expect(counts.find((c) => c.id === target.id)).toMatchObject({ posts: 2, revisions: 1 });
  });

  it("refuses to merge into itself or into a category that is gone, and changes nothing", async () => {
    const source = await createTerm(admin, "category", { name: "Spooks" });
    await expect(mergeTerms(admin, "category", source.id, source.id)).rejects.toBeInstanceOf(TaxonomyError);
    await expect(mergeTerms(admin, "category", source.id, 999_999)).rejects.toBeInstanceOf(TaxonomyError);
    expect(await prisma.category.count()).toBe(1);
    expect(await prisma.adminAudit.count({ where: { action: "category.merge" } })).toBe(0);
  });

  it("counts published stories apart from the drafts and rejected ones that still hold it", async () => {
    const c = await createTerm(admin, "category", { name: "Folk" });
    const t = await createTerm(admin, "tag", { name: "Woods" });
    for (const [slug, status] of [
      ["a", "published"],
      ["b", "published"],
      ["c", "draft"],
      ["d", "rejected"],
    ] as const) {
      await prisma.post.create({
        data: { slug, title: slug, content: "x", status, categoryId: c.id, tags: { connect: [{ id: t.id }] } },
      });
    }
    expect((await listCategories())[0]).toMatchObject({ posts: 2, unpublished: 2, revisions: 0 });
    expect((await listTags())[0]).toMatchObject({ posts: 2, unpublished: 2 });
  });

  it("deletes only when unused", async () => {
    const used = await createTerm(admin, "category", { name: "Used" });
    const unused = await createTerm(admin, "category", { name: "Unused" });
    await prisma.post.create({ data: { slug: "p", title: "p", content: "x", categoryId: used.id } });
    await expect(deleteTerm(admin, "category", used.id)).rejects.toThrow(/still used by 1 story/);
    expect(await deleteTerm(admin, "category", unused.id)).toMatchObject({ name: "Unused", slug: "unused" });
    expect((await prisma.category.findMany()).map((c) => c.slug)).toEqual(["used"]);
    expect(await prisma.adminAudit.count({ where: { action: "category.delete" } })).toBe(1);
  });
});

describe("tags", () => {
  it("merges: posts carry the target once, revisions' tag lists are rewritten", async () => {
    const source = await createTerm(admin, "tag", { name: "Haunted" });
    const target = await createTerm(admin, "tag", { name: "Hauntings" });
    const author = await writer();
    const both = await prisma.post.create({
      data: { slug: "both", title: "b", content: "x", tags: { connect: [{ id: source.id }, { id: target.id }] } },
    });
    await prisma.post.create({
      data: { slug: "one", title: "o", content: "x", tags: { connect: [{ id: source.id }] } },
    });
    await prisma.postRevision.create({
      data: {
        postId: both.id,
        authorId: author.id,
        title: "t",
        summary: "s",
        markdown: "m",
        tags: "haunted,hauntings,new idea",
      },
    });
    const { moved } = await mergeTerms(admin, "tag", source.id, target.id);
    expect(moved).toBe(2);
    const posts = await prisma.post.findMany({ include: { tags: true }, orderBy: { slug: "asc" } });
    expect(posts.map((p) => p.tags.map((t) => t.slug))).toEqual([["hauntings"], ["hauntings"]]);
    expect((await prisma.postRevision.findFirstOrThrow()).tags).toBe("hauntings,new idea");
    expect(await prisma.tag.count()).toBe(1);
    expect(await prisma.adminAudit.count({ where: { action: "tag.merge" } })).toBe(1);
  });
});
