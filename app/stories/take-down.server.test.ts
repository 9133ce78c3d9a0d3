import { randomUUID } from "node:crypto";
import { beforeEach, describe, expect, test } from "vitest";
import { deleteAccount } from "~/account/data.server";
import type { SessionUser } from "~/auth/session.server";
import { prisma } from "~/db.server";
import { takenDownSlugs } from "~/library/library.server";
import { setSiteSetting } from "~/site/site-settings.server";
import { freeSlug, moderate } from "./moderation.server";
import { createStory, deleteOwnStory, StoryError, storyForEdit, storyToDelete, withdrawStory } from "./stories.server";
import type { StoryInput } from "./story-form";
import { takenDownCommunitySlugs, wasTakenDown } from "./take-down.server";

/** Several stories through moderation in one test: room for a machine shared with other jobs. */
const SLOW = 30_000;

async function user(isAdmin = false): Promise<SessionUser> {
  const name = `td${randomUUID().slice(0, 12)}`;
  const row = await prisma.user.create({
    data: { email: `${name}@horror.test`, username: name, usernameKey: name, isAdmin, notifyNewStories: true },
  });
  return { id: row.id, email: row.email, username: row.username, avatar: null, isAdmin };
}

const input = (title: string, intent: "save" | "submit" = "submit"): StoryInput => ({
  intent,
  title,
  summary: "A door that was never there.",
  markdown: `The door opened inward. ${Array.from({ length: 30 }, (_, i) => `hinge${i}`).join(" ")}`,
  category: "gothic",
  tag: [],
  newTags: "",
  warnings: [],
  mature: undefined,
  agree: "on",
});

beforeEach(async () => {
  await prisma.category.upsert({ where: { slug: "gothic" }, create: { slug: "gothic", name: "Gothic" }, update: {} });
});

/** A published story with what readers leave on it: a comment, a shelf, a place, notifications. */
async function publishedWithReaders(writer: SessionUser, title: string) {
  const admin = await user(true);
  const reader = await user();
  const { id } = await createStory(writer, input(title));
  const { slug } = await moderate(admin, { item: `p${id}`, decision: "approve", message: "" });
  const comment = await prisma.discussionPost.create({ data: { storyId: id, authorId: reader.id, body: "Chilling." } });
  await prisma.discussionReport.create({ data: { postId: comment.id, reporterId: writer.id, reason: "spam" } });
  await prisma.storyRecord.create({ data: { slug, title, date: new Date() } });
  await prisma.bookmark.create({ data: { userId: reader.id, storySlug: slug } });
  await prisma.readingPosition.create({ data: { userId: reader.id, storySlug: slug, paragraph: 2, percent: 40 } });
  await prisma.notification.create({
    data: {
      userId: writer.id,
      type: "other",
      title: "A comment on your story",
      message: "…",
      link: `/community-story/${slug}#post-${comment.id}`,
    },
  });
  // A story whose address starts with this one's is another story: its notice stays.
  await prisma.notification.create({
    data: { userId: reader.id, type: "other", title: "Kept", message: "…", link: `/community-story/${slug}-2` },
  });
  return { id, slug, reader, comment };
}

describe("deleteOwnStory", () => {
  test("its writer deletes a story whatever its status; anyone else, an admin too, gets a 404", {
    timeout: SLOW,
  }, async () => {
    const writer = await user();
    const admin = await user(true);
    const draft = await createStory(writer, input("Draft Door", "save"));
    const review = await createStory(writer, input("Review Door"));
    const rejected = await createStory(writer, input("Rejected Door"));
    await moderate(admin, { item: `p${rejected.id}`, decision: "reject", message: "Not original." });
    const withdrawn = await createStory(writer, input("Withdrawn Door"));
    await withdrawStory(writer, withdrawn.id);
    const published = await createStory(writer, input("Published Door"));
    await moderate(admin, { item: `p${published.id}`, decision: "approve", message: "" });

    expect(await storyToDelete(writer, published.id)).toEqual({ title: "Published Door", published: true });
    expect(await storyToDelete(writer, draft.id)).toEqual({ title: "Draft Door", published: false });
    for (const other of [await user(), admin]) {
      await expect(storyToDelete(other, published.id)).rejects.toMatchObject({ status: 404 });
      await expect(deleteOwnStory(other, published.id)).rejects.toBeInstanceOf(StoryError);
    }
    for (const { id } of [draft, review, rejected, withdrawn, published]) {
      await deleteOwnStory(writer, id);
      await expect(storyForEdit(writer, id)).rejects.toMatchObject({ status: 404 });
    }
    expect(await prisma.post.count({ where: { authorId: writer.id } })).toBe(0);
    expect(await prisma.moderationAction.count({ where: { postId: published.id } })).toBe(0);
  });

  test("comments and the notifications that point at it go; readers' shelves and places stay", {
    timeout: SLOW,
  }, async () => {
    const writer = await user();
    const { id, slug, reader, comment } = await publishedWithReaders(writer, `Gone Door ${randomUUID().slice(0, 6)}`);
    // The new-story notice every reader got, and the writer's "published" notice.
    expect(await prisma.notification.count({ where: { userId: reader.id, link: `/reader/${slug}` } })).toBe(1);
    expect(await prisma.notification.count({ where: { userId: writer.id, link: `/community-story/${slug}` } })).toBe(1);

    await deleteOwnStory(writer, id);
    expect(await prisma.discussionPost.findUnique({ where: { id: comment.id } })).toBeNull();
    expect(await prisma.discussionReport.count({ where: { postId: comment.id } })).toBe(0);
    expect(
      await prisma.notification.findMany({
        where: { userId: { in: [writer.id, reader.id] }, link: { contains: slug } },
        select: { link: true },
      }),
    ).toEqual([{ link: `/community-story/${slug}-2` }]);
    expect(await prisma.bookmark.count({ where: { userId: reader.id, storySlug: slug } })).toBe(1);
    expect(await prisma.readingPosition.count({ where: { userId: reader.id, storySlug: slug } })).toBe(1);
  });
});

test("an account deleted with its stories takes them down by the same rule", { timeout: SLOW }, async () => {
  const writer = await user();
  const { slug, reader, comment } = await publishedWithReaders(writer, `Account Door ${randomUUID().slice(0, 6)}`);
  await createStory(writer, input("Unsent Door", "save"));
  expect(await deleteAccount(writer.id, "remove")).toMatchObject({ submissionCount: 2, unpublishedCount: 1 });
  expect(await prisma.post.findUnique({ where: { slug } })).toBeNull();
  expect(await prisma.discussionPost.findUnique({ where: { id: comment.id } })).toBeNull();
  expect(await prisma.notification.count({ where: { userId: reader.id, link: `/reader/${slug}` } })).toBe(0);
  expect(await prisma.notification.count({ where: { userId: reader.id, link: `/community-story/${slug}-2` } })).toBe(1);
  expect(await prisma.bookmark.count({ where: { userId: reader.id, storySlug: slug } })).toBe(1);
  expect(await prisma.readingPosition.count({ where: { userId: reader.id, storySlug: slug } })).toBe(1);
});

test("an account deleted keeping its stories keeps them, their comments and notices", { timeout: SLOW }, async () => {
  const writer = await user();
  const { slug, reader, comment } = await publishedWithReaders(writer, `Kept Door ${randomUUID().slice(0, 6)}`);
  await deleteAccount(writer.id, "anonymise");
  expect(await prisma.post.findUnique({ where: { slug } })).toMatchObject({ authorId: null });
  expect(await prisma.discussionPost.findUnique({ where: { id: comment.id } })).not.toBeNull();
  expect(await prisma.notification.count({ where: { userId: reader.id, link: `/reader/${slug}` } })).toBe(1);
});

describe("a taken-down story's address", () => {
  test("a story readers could read is remembered when it goes, in the same transaction; a draft is not", {
    timeout: SLOW,
  }, async () => {
    const writer = await user();
    const admin = await user(true);
    const stamp = randomUUID().slice(0, 6);
    const published = await createStory(writer, input(`Remembered Door ${stamp}`));
    const { slug } = await moderate(admin, { item: `p${published.id}`, decision: "approve", message: "" });
    const draft = await createStory(writer, input(`Forgotten Door ${stamp}`, "save"));
    const draftSlug = (await prisma.post.findUniqueOrThrow({ where: { id: draft.id } })).slug;
    expect(await wasTakenDown(slug)).toBe(false);

    await deleteOwnStory(writer, published.id);
    await deleteOwnStory(writer, draft.id);
    expect(await prisma.removedStory.findUnique({ where: { slug } })).toMatchObject({ slug });
    expect(await prisma.removedStory.count({ where: { slug: draftSlug } })).toBe(0);
    expect(await wasTakenDown(slug)).toBe(true);
    expect(await wasTakenDown(draftSlug)).toBe(false);
    // The library's cards say so, and no new story takes the address again.
    expect(await takenDownSlugs([slug, draftSlug])).toEqual(new Set([slug]));
    expect(await freeSlug(`Remembered Door ${stamp}`, 0)).toBe(`${slug}-2`);
    // While the community content flag is off, community addresses are nowhere: a 404 like any other.
    await setSiteSetting("communityContent", false);
    try {
      expect(await wasTakenDown(slug)).toBe(false);
    } finally {
      await setSiteSetting("communityContent", true);
    }
  });

  test("withdrawn after publication is taken down; never published is not; published again is not", {
    timeout: SLOW,
  }, async () => {
    const writer = await user();
    const admin = await user(true);
    const stamp = randomUUID().slice(0, 6);
    const story = await createStory(writer, input(`Swinging Door ${stamp}`));
    const { slug } = await moderate(admin, { item: `p${story.id}`, decision: "approve", message: "" });
    const never = await createStory(writer, input(`Closed Door ${stamp}`));
    await withdrawStory(writer, never.id);
    const neverSlug = (await prisma.post.findUniqueOrThrow({ where: { id: never.id } })).slug;
    expect(await takenDownCommunitySlugs([slug, neverSlug])).toEqual(new Set());
    await withdrawStory(writer, story.id);
    expect(await takenDownCommunitySlugs([slug, neverSlug])).toEqual(new Set([slug]));
    // A slug remembered as removed but public again (an old row; freeSlug keeps new stories off it) is live.
    await prisma.post.update({ where: { id: story.id }, data: { status: "published" } });
    await prisma.removedStory.create({ data: { slug } });
    expect(await takenDownCommunitySlugs([slug])).toEqual(new Set());
  });

  test("an account deleted with its stories remembers the public ones", { timeout: SLOW }, async () => {
    const writer = await user();
    const { slug } = await publishedWithReaders(writer, `Account Stair ${randomUUID().slice(0, 6)}`);
    await deleteAccount(writer.id, "remove");
    expect(await wasTakenDown(slug)).toBe(true);
    expect(await takenDownSlugs([slug])).toEqual(new Set([slug]));
  });
});
