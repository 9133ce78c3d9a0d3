import { beforeEach, describe, expect, test } from "vitest";
import type { SessionUser } from "~/auth/session.server";
import { getOwnStory, listOwnStories } from "~/content/own-posts.server";
import { prisma } from "~/db.server";
import { setSiteSetting } from "~/site/site-settings.server";
import { getCommunityStory, getWriter } from "./community.server";
import { listModerationQueue, moderate, tagIds } from "./moderation.server";
import {
  createStory,
  deleteOwnStory,
  RATE_LIMIT_MESSAGES,
  STORY_RATE_LIMITS,
  StoryError,
  storyForEdit,
  updateStory,
  withdrawStory,
} from "./stories.server";
import type { StoryInput } from "./story-form";

let seq = 0;
async function user(isAdmin = false, notifyNewStories = true): Promise<SessionUser> {
  seq += 1;
  const row = await prisma.user.create({
    data: {
      email: `w${seq}-${Date.now()}@horror.test`,
      username: `writer${seq}x${Date.now()}`,
      usernameKey: `writer${seq}x${Date.now()}`,
      isAdmin,
      notifyNewStories,
    },
  });
  return { id: row.id, email: row.email, username: row.username, avatar: null, isAdmin };
}

const words = (n: number) => Array.from({ length: n }, (_, i) => `dread${i}`).join(" ");

function input(overrides: Partial<StoryInput> = {}): StoryInput {
  return {
    intent: "submit",
    title: "The Hollow Bell",
    summary: "A bell rings in an empty tower.",
    markdown: `# Night\n\n${words(30)}\n\n<script>alert(1)</script>`,
    category: "gothic",
    tag: [],
    newTags: "bells, towers",
    warnings: ["death"],
    mature: undefined,
    agree: "on",
    ...overrides,
  };
}

beforeEach(async () => {
  await prisma.category.upsert({ where: { slug: "gothic" }, create: { slug: "gothic", name: "Gothic" }, update: {} });
});

describe("a community story through moderation", () => {
  test("submit, changes requested, resubmit, approve: published with a slug, notifications, audit rows", async () => {
    const writer = await user();
    const admin = await user(true);
    const reader = await user();
    const quiet = await user(false, false);

    const { id, status } = await createStory(writer, input());
    expect(status).toBe("review");
    const draft = await prisma.post.findUniqueOrThrow({ where: { id } });
    expect(draft.slug).toMatch(/^draft-/);
    expect(draft.content).not.toContain("<script");
    expect(draft.markdown).toContain("<script>alert(1)</script>");
    expect(await getOwnStory(draft.slug)).toBeNull();

    await expect(updateStory(writer, id, input({ intent: "save" }))).rejects.toThrow(/waiting in review/);
    await moderate(admin, { item: `p${id}`, decision: "request-changes", message: "Tighten the ending." });
    const changes = await storyForEdit(writer, id);
    expect(changes).toMatchObject({ status: "changes", note: "Tighten the ending." });

    await updateStory(writer, id, input({ title: "The Hollow Bell, Again" }));
    const done = await moderate(admin, { item: `p${id}`, decision: "approve", message: "" });
    expect(done).toMatchObject({ status: "published", slug: "the-hollow-bell-again" });

    const story = await getOwnStory("the-hollow-bell-again");
    expect(story?.community).toEqual({ author: writer.username, profile: `/author/${writer.username}` });
    // Left on the site by a writer who deleted their account: still a community story (its cards link
    // its own page, not /story/ and a redirect), credited to its stored name with no profile.
    await prisma.post.update({ where: { id }, data: { authorId: null, authorName: "Anonymous" } });
    expect((await getOwnStory("the-hollow-bell-again"))?.community).toEqual({ author: "Anonymous", profile: null });
    const listed = await listOwnStories({ page: 1, perPage: 50, search: "Hollow Bell" });
    expect(listed.stories.find((s) => s.slug === "the-hollow-bell-again")?.community).toEqual({
      author: "Anonymous",
      profile: null,
    });
    await prisma.post.update({ where: { id }, data: { authorId: writer.id, authorName: writer.username } });
    const published = await prisma.post.findUniqueOrThrow({ where: { id }, include: { tags: true } });
    expect(published.publishedAt).not.toBeNull();
    expect(published.tags.map((t) => t.slug).sort()).toEqual(["bells", "towers"]);

    const writerNotes = await prisma.notification.findMany({ where: { userId: writer.id }, orderBy: { date: "asc" } });
    expect(writerNotes.map((n) => n.title)).toEqual(
      expect.arrayContaining(["Changes requested", "Your story is published"]),
    );
    const readerNotes = await prisma.notification.findMany({ where: { userId: reader.id } });
    expect(readerNotes).toEqual([
      expect.objectContaining({ type: "new-story", link: "/reader/the-hollow-bell-again" }),
    ]);
    expect(await prisma.notification.count({ where: { userId: quiet.id } })).toBe(0);

    const actions = await prisma.moderationAction.findMany({ where: { postId: id }, orderBy: { createdAt: "asc" } });
    expect(actions.map((a) => [a.action, a.fromStatus, a.toStatus])).toEqual([
      ["submit", "draft", "review"],
      ["request-changes", "review", "changes"],
      ["submit", "changes", "review"],
      ["approve", "review", "published"],
    ]);
    expect(actions[1]).toMatchObject({ actorId: admin.id, message: "Tighten the ending." });
    // Each decision is in the admin audit log too, with the status before and after.
    const audit = await prisma.adminAudit.findMany({ where: { objectId: String(id) }, orderBy: { createdAt: "asc" } });
    expect(audit.map((a) => [a.action, a.adminId, a.before, a.after])).toEqual([
      [
        "story.request-changes",
        admin.id,
        '{"status":"review"}',
        '{"status":"changes","message":"Tighten the ending."}',
      ],
      ["story.approve", admin.id, '{"status":"review"}', '{"status":"published","message":null}'],
    ]);
  });

  test("an edit of a published story waits in review while the published version stays online", async () => {
    const writer = await user();
    const admin = await user(true);
    const { id } = await createStory(writer, input({ title: "Salt Road" }));
    await moderate(admin, { item: `p${id}`, decision: "approve", message: "" });
    await updateStory(writer, id, input({ title: "Salt Road", summary: "A new summary." }));
    const online = await getOwnStory("salt-road");
    expect(online?.excerpt).toBe("A bell rings in an empty tower.");
    const revision = await prisma.postRevision.findFirstOrThrow({ where: { postId: id } });
    expect(revision.status).toBe("review");
    await moderate(admin, { item: `r${revision.id}`, decision: "approve", message: "" });
    expect((await getOwnStory("salt-road"))?.excerpt).toBe("A new summary.");
    // Readers were told once, at the first publication.
    expect(
      await prisma.notification.count({ where: { userId: admin.id, type: "new-story", link: "/reader/salt-road" } }),
    ).toBe(1);
  });

  test("nobody else's story: another writer gets not found, and moderators cannot write", async () => {
    const writer = await user();
    const other = await user();
    const { id } = await createStory(writer, input({ intent: "save" }));
    await expect(storyForEdit(other, id)).rejects.toMatchObject({ status: 404 });
    await expect(updateStory(other, id, input())).rejects.toBeInstanceOf(StoryError);
    await expect(withdrawStory(other, id)).rejects.toMatchObject({ status: 404 });
    await expect(moderate(other, { item: `p${id}`, decision: "approve", message: "" })).rejects.toMatchObject({
      status: 409,
    });
  });

  test("rejected with a reason; withdrawn stories leave every list", async () => {
    const writer = await user();
    const admin = await user(true);
    const a = await createStory(writer, input({ title: "Rejected One" }));
    await moderate(admin, { item: `p${a.id}`, decision: "reject", message: "Not original." });
    expect(await storyForEdit(writer, a.id)).toMatchObject({ status: "rejected", note: "Not original." });
    await expect(updateStory(writer, a.id, input())).rejects.toThrow(/rejected/);
    // Final: its writer may only delete it; nobody else may.
    const other = await user();
    await expect(deleteOwnStory(other, a.id)).rejects.toMatchObject({ status: 404 });
    await deleteOwnStory(writer, a.id);
    await expect(storyForEdit(writer, a.id)).rejects.toMatchObject({ status: 404 });

    const b = await createStory(writer, input({ title: "Withdrawn One" }));
    await moderate(admin, { item: `p${b.id}`, decision: "approve", message: "" });
    expect((await listOwnStories({ page: 1, perPage: 50, community: true })).stories.map((s) => s.slug)).toContain(
      "withdrawn-one",
    );
    await withdrawStory(writer, b.id);
    expect((await listOwnStories({ page: 1, perPage: 50 })).stories.map((s) => s.slug)).not.toContain("withdrawn-one");
    expect(await getOwnStory("withdrawn-one")).toBeNull();
  });
});

test("while the community content flag is off, community stories are nowhere", async () => {
  const writer = await user();
  const admin = await user(true);
  const { id } = await createStory(writer, input({ title: "Closed Door" }));
  await moderate(admin, { item: `p${id}`, decision: "approve", message: "" });
  expect(await getCommunityStory("closed-door")).not.toBeNull();
  await setSiteSetting("communityContent", false);
  try {
    expect(await getCommunityStory("closed-door")).toBeNull();
    expect(await getOwnStory("closed-door")).toBeNull();
    expect((await listOwnStories({ page: 1, perPage: 50 })).stories.map((s) => s.slug)).not.toContain("closed-door");
    expect(await getWriter(writer.username, 1)).toBeNull();
  } finally {
    await setSiteSetting("communityContent", true);
  }
  expect((await getWriter(writer.username, 1))?.stories.map((s) => s.slug)).toEqual(["closed-door"]);
});

test("per account: the 11th submission of a day is refused with a clear message, saving still works", async () => {
  const writer = await user();
  for (let i = 0; i < STORY_RATE_LIMITS.submit.limit; i++) await createStory(writer, input({ title: `Many ${i}` }));
  await expect(createStory(writer, input({ title: "One too many" }))).rejects.toMatchObject({
    status: 429,
    // The wait is the window's rest: a day less the seconds the ten submissions took.
    message: RATE_LIMIT_MESSAGES.submit(24 * 60 * 60),
    retryAfterSeconds: expect.any(Number),
  });
  expect(await prisma.post.count({ where: { authorId: writer.id } })).toBe(STORY_RATE_LIMITS.submit.limit);
  await expect(createStory(writer, input({ intent: "save", title: "Still a draft" }))).resolves.toMatchObject({
    status: "draft",
  });
  // Another writer has a count of their own.
  await expect(createStory(await user(), input({ title: "Someone else" }))).resolves.toMatchObject({
    status: "review",
  });
});

describe("proposed tags", () => {
  test("a tag is found by its name, whatever its slug: an admin's renamed tag is not made twice", async () => {
    const stamp = Date.now();
    const renamed = await prisma.tag.create({ data: { slug: `spooky-${stamp}`, name: `Lantern Dread ${stamp}` } });
    const [found, created] = await tagIds([` lantern dread ${stamp}`, `Fresh Tag ${stamp}`]);
    expect(found).toBe(renamed.id);
    expect(await prisma.tag.count({ where: { name: { contains: `Lantern Dread ${stamp}` } } })).toBe(1);
    expect((await prisma.tag.findUnique({ where: { id: created ?? 0 } }))?.slug).toBe(`fresh-tag-${stamp}`);
  });

  test("the queue names an edit's chosen tags by their names, and marks the writer's new ones as proposed", async () => {
    const stamp = Date.now();
    await prisma.tag.create({ data: { slug: `spooky-${stamp}`, name: `Lantern Dread ${stamp}` } });
    const writer = await user();
    const admin = await user(true);
    const title = `Tagged Road ${stamp}`;
    const { id } = await createStory(writer, input({ title, newTags: "" }));
    await moderate(admin, { item: `p${id}`, decision: "approve", message: "" });
    await updateStory(writer, id, input({ title, tag: [`spooky-${stamp}`], newTags: `Fresh ${stamp}` }));
    const { items } = await listModerationQueue(
      new Request(`http://localhost/admin/content-moderation?${new URLSearchParams({ q: title })}`),
    );
    expect(items.map((i) => [i.kind, i.tags])).toEqual([
      ["revision", [`Lantern Dread ${stamp}`, `Fresh ${stamp} (proposed)`]],
    ]);
  });
});
