import { randomUUID } from "node:crypto";
import { beforeAll, describe, expect, it } from "vitest";
import { prisma } from "~/db.server";
import { explain, popularStories, rankFromShelves } from "./recommendations.server";
import type { Shelf } from "./shelves";

const NOW = new Date("2026-06-01T12:00:00Z");
const daysAgo = (days: number) => new Date(NOW.getTime() - days * 86400000);
const run = randomUUID().slice(0, 6);
const slug = (name: string) => `${name}-${run}`;

async function story(
  name: string,
  terms: { kind: "author" | "category" | "tag"; slug: string }[],
  date = daysAgo(100),
) {
  await prisma.storyRecord.create({
    data: {
      slug: slug(name),
      title: `Title ${name}`,
      date,
      paragraphs: 10,
      terms: { create: terms.map((t) => ({ ...t, slug: `${t.slug}-${run}`, name: t.slug })) },
    },
  });
}

async function reader() {
  const id = randomUUID().slice(0, 8);
  return prisma.user.create({ data: { email: `${id}@rec.test`, username: `rec_${id}`, usernameKey: `rec_${id}` } });
}

async function shelve(userId: string, name: string, shelf: Shelf, updatedAt: Date) {
  await prisma.bookmark.create({ data: { userId, storySlug: slug(name), shelf } });
  // updatedAt is set by Prisma on write; the test places it in time.
  await prisma.bookmark.updateMany({ where: { userId, storySlug: slug(name) }, data: { updatedAt } });
}

beforeAll(async () => {
  await story("well", [
    { kind: "author", slug: "ada" },
    { kind: "category", slug: "folk" },
  ]);
  await story("choir", [{ kind: "category", slug: "gothic" }]);
  await story("by-ada", [{ kind: "author", slug: "ada" }]);
  await story("folk-one", [{ kind: "category", slug: "folk" }]);
  await story("gothic-one", [
    { kind: "category", slug: "gothic" },
    { kind: "tag", slug: "bells" },
  ]);
  await story("unrelated", [{ kind: "category", slug: "cosmic" }]);
});

describe("rankFromShelves", () => {
  it("ranks by shared terms weighted by shelf, explains each item, leaves out finished stories", async () => {
    const user = await reader();
    await shelve(user.id, "well", "finished", daysAgo(1));
    await shelve(user.id, "choir", "read-later", daysAgo(1));
    await shelve(user.id, "folk-one", "finished", daysAgo(2));
    const items = await rankFromShelves(user.id, NOW);
    const slugs = items.map((i) => i.slug);
    // Same author as a finished story beats a category shared with a story saved for later.
    expect(slugs.indexOf(slug("by-ada"))).toBeLessThan(slugs.indexOf(slug("gothic-one")));
    expect(slugs).not.toContain(slug("well"));
    expect(slugs).not.toContain(slug("folk-one"));
    expect(slugs).not.toContain(slug("unrelated"));
    const byAda = items.find((i) => i.slug === slug("by-ada"));
    expect(byAda && explain(byAda.reason)).toBe(`Because you finished Title well: also by ada`);
    const gothic = items.find((i) => i.slug === slug("gothic-one"));
    expect(gothic && explain(gothic.reason)).toBe(`Because you saved for later Title choir: also in gothic`);
  });

  it("weights recent signals above old ones", async () => {
    const user = await reader();
    await shelve(user.id, "by-ada", "finished", daysAgo(365));
    await shelve(user.id, "choir", "finished", daysAgo(0));
    const items = await rankFromShelves(user.id, NOW);
    // The old same-author signal (1.5 x 3 / 13) loses to today's category signal (1 x 3).
    expect(items[0]?.slug).toBe(slug("gothic-one"));
    expect(items.map((i) => i.slug)).toContain(slug("well"));
  });

  it("has nothing for a new reader", async () => {
    const user = await reader();
    expect(await rankFromShelves(user.id, NOW)).toEqual([]);
  });
});

describe("popularStories", () => {
  it("puts the most-read stories of the last 30 days first and explains them", async () => {
    const readers = await Promise.all([reader(), reader(), reader()]);
    for (const r of readers) {
      await prisma.readingPosition.create({
        data: { userId: r.id, storySlug: slug("choir"), paragraph: 1, percent: 20 },
      });
    }
    const first = readers[0] as (typeof readers)[number];
    await prisma.readingPosition.create({
      data: { userId: first.id, storySlug: slug("unrelated"), paragraph: 1, percent: 20 },
    });
    // Read long ago: does not count.
    for (const r of readers) {
      await prisma.readingPosition.create({
        data: { userId: r.id, storySlug: slug("well"), paragraph: 1, percent: 20 },
      });
      await prisma.readingPosition.updateMany({
        where: { userId: r.id, storySlug: slug("well") },
        data: { updatedAt: daysAgo(90) },
      });
    }
    const newcomer = await reader();
    const items = await popularStories(newcomer.id, NOW, 50);
    const mine = items.filter((i) => i.slug.endsWith(run));
    expect(mine[0]?.slug).toBe(slug("choir"));
    expect(mine[0] && explain(mine[0].reason)).toBe("Read by 3 readers in the last 30 days");
    expect(mine[1]?.slug).toBe(slug("unrelated"));
    expect(mine.find((i) => i.slug === slug("well"))?.reason).toEqual({ kind: "new" });
  });
});
