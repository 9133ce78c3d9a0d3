import { randomUUID } from "node:crypto";
import { beforeEach, expect, test } from "vitest";
import { ANONYMOUS_AUTHOR } from "~/account/account";
import { deleteAccount } from "~/account/data.server";
import { updateProfile } from "~/account/settings.server";
import type { SessionUser } from "~/auth/session.server";
import { prisma } from "~/db.server";
import { moderate } from "~/stories/moderation.server";
import { createStory, deleteOwnStory, updateStory } from "~/stories/stories.server";
import type { StoryInput } from "~/stories/story-form";
import { recordStoryBySlug, refreshCommunityRecords } from "./story-records.server";

/** Several stories through moderation in one test: room for a machine shared with other jobs. */
const SLOW = 30_000;

async function user(isAdmin = false): Promise<SessionUser> {
  const name = `rec${randomUUID().slice(0, 12)}`;
  const row = await prisma.user.create({
    data: { email: `${name}@horror.test`, username: name, usernameKey: name, isAdmin },
  });
  return { id: row.id, email: row.email, username: row.username, avatar: null, isAdmin };
}

const input = (title: string, category = "gothic"): StoryInput => ({
  intent: "submit",
  title,
  summary: "Stairs that count themselves.",
  markdown: `One.\n\nTwo.\n\n${Array.from({ length: 30 }, (_, i) => `stair${i}`).join(" ")}`,
  category,
  tag: [],
  newTags: "",
  warnings: [],
  mature: undefined,
  agree: "on",
});

beforeEach(async () => {
  for (const [slug, name] of [
    ["gothic", "Gothic"],
    ["folk-horror", "Folk Horror"],
  ] as const) {
    await prisma.category.upsert({ where: { slug }, create: { slug, name }, update: {} });
  }
});

/** The library's record of a story as the shelves and recommendations read it. */
async function record(slug: string) {
  const row = await prisma.storyRecord.findUniqueOrThrow({
    where: { slug },
    select: { title: true, author: true, paragraphs: true, terms: { select: { kind: true, slug: true, name: true } } },
  });
  return { ...row, terms: row.terms.sort((a, b) => `${a.kind}${a.slug}`.localeCompare(`${b.kind}${b.slug}`)) };
}

/** A community story published, and in a reader's library (its record written as a reader's visit writes it). */
async function recordedStory(writer: SessionUser, admin: SessionUser, title: string) {
  const { id } = await createStory(writer, input(title));
  const { slug } = await moderate(admin, { item: `p${id}`, decision: "approve", message: "" });
  expect(await recordStoryBySlug(slug)).not.toBeNull();
  return { id, slug };
}

test("a writer's new username reaches the records of their stories", { timeout: SLOW }, async () => {
  const writer = await user();
  const admin = await user(true);
  const { slug } = await recordedStory(writer, admin, `Counting Stair ${randomUUID().slice(0, 6)}`);
  expect(await record(slug)).toMatchObject({ author: writer.username });
  const renamed = `renamed${randomUUID().slice(0, 8)}`;
  await updateProfile(writer.id, { username: renamed, displayName: "", bio: "" });
  const after = await record(slug);
  expect(after.author).toBe(renamed);
  expect(after.terms.filter((t) => t.kind === "author")).toEqual([{ kind: "author", slug: renamed, name: renamed }]);
});

test("an approved edit brings its title, category and text to the record", { timeout: SLOW }, async () => {
  const writer = await user();
  const admin = await user(true);
  const { id, slug } = await recordedStory(writer, admin, `Old Stair ${randomUUID().slice(0, 6)}`);
  expect((await record(slug)).terms).toContainEqual({ kind: "category", slug: "gothic", name: "Gothic" });
  await updateStory(writer, id, { ...input("New Stair", "folk-horror"), markdown: "Only one paragraph now." });
  const revision = await prisma.postRevision.findFirstOrThrow({ where: { postId: id, status: "review" } });
  await moderate(admin, { item: `r${revision.id}`, decision: "approve", message: "" });
  const after = await record(slug);
  expect(after).toMatchObject({ title: "New Stair", paragraphs: 1 });
  expect(after.terms.filter((t) => t.kind === "category")).toEqual([
    { kind: "category", slug: "folk-horror", name: "Folk Horror" },
  ]);
});

test("account deletion: kept stories are credited to Anonymous, removed ones keep a record without a name", {
  timeout: SLOW,
}, async () => {
  const admin = await user(true);
  const keeper = await user();
  const kept = await recordedStory(keeper, admin, `Kept Stair ${randomUUID().slice(0, 6)}`);
  await deleteAccount(keeper.id, "anonymise");
  expect(await record(kept.slug)).toMatchObject({ author: ANONYMOUS_AUTHOR });

  const remover = await user();
  const removed = await recordedStory(remover, admin, `Removed Stair ${randomUUID().slice(0, 6)}`);
  await deleteAccount(remover.id, "remove");
  const after = await record(removed.slug);
  expect(after).toMatchObject({ title: expect.stringMatching(/^Removed Stair/), author: null });
  expect(after.terms.filter((t) => t.kind === "author")).toEqual([]);
  expect(after.terms.filter((t) => t.kind === "category")).toHaveLength(1);
});

test("a writer's deletion keeps readers' record of the story without the writer's name", {
  timeout: SLOW,
}, async () => {
  const writer = await user();
  const admin = await user(true);
  const { id, slug } = await recordedStory(writer, admin, `Deleted Stair ${randomUUID().slice(0, 6)}`);
  await deleteOwnStory(writer, id);
  expect(await record(slug)).toMatchObject({ author: null });
  // Slugs the library has no record of, and no slugs at all, cost nothing and change nothing.
  await refreshCommunityRecords([]);
  await refreshCommunityRecords([`never-recorded-${randomUUID().slice(0, 6)}`]);
  expect(await prisma.storyRecord.count({ where: { slug: { startsWith: "never-recorded-" } } })).toBe(0);
});
