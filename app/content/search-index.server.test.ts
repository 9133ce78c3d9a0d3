import { beforeEach, describe, expect, it } from "vitest";
import { prisma } from "~/db.server";
import { listOwnStories } from "./own-posts.server";
import { fillSearchText } from "./search-index.server";
import { listSyncedStories } from "./synced-posts.server";

const PREFIX = "fold-";

beforeEach(async () => {
  await prisma.post.deleteMany({ where: { slug: { startsWith: PREFIX } } });
  await prisma.syncedPost.deleteMany({ where: { slug: { startsWith: PREFIX } } });
});

const found = async (search: string) =>
  (await listOwnStories({ page: 1, perPage: 50, search })).stories
    .map((s) => s.slug)
    .filter((s) => s.startsWith(PREFIX));

describe("the stories' search text (folded, without markup)", () => {
  it("finds a story whatever its accents and case, and not by its HTML's markup", async () => {
    // Written the way the migration leaves a row: no search text yet, filled at start-up.
    await prisma.$executeRaw`INSERT INTO "Post" ("slug", "title", "content", "excerpt", "status", "createdAt", "updatedAt")
      VALUES (${`${PREFIX}noel`}, ${"Le Noël de la Straße"}, ${'<p class="lantern">Un conte d’hiver, très sombre.</p>'}, ${"Un conte."}, ${"published"}, ${new Date().toISOString()}, ${new Date().toISOString()})`;
    expect(await found("noel")).toEqual([]);
    const before = await prisma.post.findUniqueOrThrow({ where: { slug: `${PREFIX}noel` } });
    expect(await fillSearchText()).toBeGreaterThanOrEqual(1);
    const after = await prisma.post.findUniqueOrThrow({ where: { slug: `${PREFIX}noel` } });
    expect(after.searchText).toContain("le noel de la strasse");
    // Filling is not an edit: the story's own date of change stays.
    expect(after.updatedAt.getTime()).toBe(before.updatedAt.getTime());

    expect(await found("noel")).toEqual([`${PREFIX}noel`]);
    expect(await found("NOËL strasse")).toEqual([`${PREFIX}noel`]);
    expect(await found("d'hiver tres")).toEqual([`${PREFIX}noel`]);
    expect(await found("Noël")).toEqual([`${PREFIX}noel`]);
    // A word of the markup, not of the text, finds nothing.
    expect(await found("lantern")).toEqual([]);
  });

  it("searches a synced copy's title, excerpt and text the same way", async () => {
    const data = {
      id: 990_001,
      date: "2026-11-01T00:00:00",
      slug: `${PREFIX}copy`,
      status: "publish",
      type: "post",
      link: "https://example.test/copy",
      author: 1,
      featured_media: 0,
      categories: [],
      tags: [],
      meta: [],
      title: { rendered: "L’Été des ombres" },
      excerpt: { rendered: "<p>Un été.</p>" },
      content: { rendered: "<p>Über den Friedhof.</p>" },
    };
    await prisma.syncedPost.create({
      data: {
        id: data.id,
        source: "wp",
        slug: data.slug,
        title: "L’Été des ombres",
        text: "",
        date: new Date(),
        data: JSON.stringify(data),
      },
    });
    await fillSearchText();
    const copy = await prisma.syncedPost.findUniqueOrThrow({ where: { id: data.id } });
    expect(copy.text).toBe("l'ete des ombres\nun ete.\nuber den friedhof.");
    const slugs = async (search: string) =>
      (await listSyncedStories({ page: 1, perPage: 50, search })).stories.map((s) => s.slug);
    expect(await slugs("ete ueber")).toEqual([]);
    expect(await slugs("été uber")).toEqual([`${PREFIX}copy`]);
    expect(await slugs("l'ete")).toEqual([`${PREFIX}copy`]);
  });
});
