import { randomUUID } from "node:crypto";
import { describe, expect, it } from "vitest";
import { prisma } from "~/db.server";
import { setSiteSetting } from "~/site/site-settings.server";
import {
  getPosition,
  LibraryError,
  removeFromLibrary,
  restoreToLibrary,
  savePosition,
  shelveStory,
  shelvesOf,
  withStoryPaths,
} from "./library.server";

async function setup() {
  const id = randomUUID().slice(0, 8);
  const slug = `story-${id}`;
  await prisma.storyRecord.create({ data: { slug, title: `Story ${id}`, date: new Date(), paragraphs: 4 } });
  const user = await prisma.user.create({
    data: { email: `${id}@lib.test`, username: `lib_${id}`, usernameKey: `lib_${id}` },
  });
  return { slug, userId: user.id };
}

describe("reading positions", () => {
  it("puts a story on Reading, then Finished at its last paragraph", async () => {
    const { slug, userId } = await setup();
    expect(await savePosition(userId, slug, 1)).toMatchObject({ percent: 50, finished: false, shelf: "reading" });
    expect(await shelvesOf(userId, [slug])).toEqual({ [slug]: "reading" });
    expect(await savePosition(userId, slug, 3)).toMatchObject({ percent: 100, finished: true, shelf: "finished" });
    // Going back to re-read keeps it finished.
    expect(await savePosition(userId, slug, 0)).toMatchObject({ shelf: "finished" });
    expect(await getPosition(userId, slug)).toMatchObject({ paragraph: 0, percent: 25, finished: true });
  });

  it("marks the reader's first finished story, and only that one, for the confetti", async () => {
    const { slug, userId } = await setup();
    const second = `${slug}-2`;
    await prisma.storyRecord.create({ data: { slug: second, title: "Second", date: new Date(), paragraphs: 4 } });
    expect(await savePosition(userId, slug, 2)).toMatchObject({ finished: false, firstFinish: false });
    expect(await savePosition(userId, slug, 3)).toMatchObject({ finished: true, firstFinish: true });
    // Finishing it again, or finishing another story, is not a first.
    expect(await savePosition(userId, slug, 3)).toMatchObject({ finished: true, firstFinish: false });
    expect(await savePosition(userId, second, 3)).toMatchObject({ finished: true, firstFinish: false });
  });

  it("refuses a paragraph the story does not have, and keeps the saved one", async () => {
    const { slug, userId } = await setup();
    await savePosition(userId, slug, 2);
    const error = await savePosition(userId, slug, 4).catch((e: unknown) => e);
    expect(error instanceof LibraryError && error.status).toBe(400);
    expect(await getPosition(userId, slug)).toMatchObject({ paragraph: 2 });
  });
});

describe("shelves", () => {
  it("keeps the date added when the shelf changes, and Undo restores it", async () => {
    const { slug, userId } = await setup();
    const first = await shelveStory(userId, slug, "read-later");
    const moved = await shelveStory(userId, slug, "bookmarked");
    expect(moved.added).toBe(first.added);
    const removed = await removeFromLibrary(userId, slug);
    expect(removed).toMatchObject({ shelf: "bookmarked" });
    expect(await shelvesOf(userId, [slug])).toEqual({});
    await restoreToLibrary(userId, slug, "bookmarked", new Date(removed?.added ?? 0));
    const row = await prisma.bookmark.findFirstOrThrow({ where: { userId, storySlug: slug } });
    expect(row.createdAt.toISOString()).toBe(first.added);
    expect(await removeFromLibrary(userId, `${slug}-none`)).toBeNull();
  });
});

describe("story paths", () => {
  it("links a published community story to its own page, and every other story to /story/{slug}", async () => {
    const { slug, userId } = await setup();
    const post = (suffix: string, fields: { status: string; submittedAt: Date | null; authorId: string | null }) =>
      prisma.post.create({
        data: { slug: `${slug}-${suffix}`, title: suffix, content: "<p>Text.</p>", updatedAt: new Date(), ...fields },
      });
    await post("community", { status: "published", submittedAt: new Date(), authorId: userId });
    await post("pending", { status: "pending", submittedAt: new Date(), authorId: userId });
    await post("own", { status: "published", submittedAt: null, authorId: null });
    // Its writer deleted their account and left it, anonymised: still a community story.
    await post("anonymised", { status: "published", submittedAt: new Date(), authorId: null });
    const slugs = ["community", "pending", "own", "gone", "anonymised"].map((suffix) => ({
      slug: `${slug}-${suffix}`,
    }));
    expect((await withStoryPaths(slugs)).map((item) => item.path)).toEqual([
      `/community-story/${slug}-community`,
      `/story/${slug}-pending`,
      `/story/${slug}-own`,
      `/story/${slug}-gone`,
      `/community-story/${slug}-anonymised`,
    ]);
    // While the community is closed its pages are 404: nothing links there.
    await setSiteSetting("communityContent", false);
    try {
      expect((await withStoryPaths(slugs)).map((item) => item.path)).toEqual(
        slugs.map((item) => `/story/${item.slug}`),
      );
    } finally {
      await setSiteSetting("communityContent", true);
    }
  });
});
