import { describe, expect, test } from "vitest";
import type { SessionUser } from "~/auth/session.server";
import { getApiPost } from "~/content/api-posts.server";
import { featuredSlug, getFeaturedStory } from "~/content/featured.server";
import { getOwnStory, listOwnStories } from "~/content/own-posts.server";
import { postSearchText } from "~/content/search-index";
import { prisma } from "~/db.server";
import { featureStory, listContent } from "./content.server";
import { type AdminPostInput, AdminPostSchema, ownPostState, parsePublishAt } from "./post-form";
import {
  createOwnPost,
  deleteOwnPost,
  htmlToMarkdown,
  listOwnPosts,
  PostError,
  republishPost,
  unpublishPost,
  updateOwnPost,
} from "./posts.server";

let seq = 0;
const ADMIN_POSTS = new Request("http://localhost/admin/posts");
async function admin(): Promise<SessionUser> {
  seq += 1;
  const key = `postadmin${seq}x${Date.now()}`;
  const row = await prisma.user.create({
    data: { email: `${key}@horror.test`, username: key, usernameKey: key, isAdmin: true },
  });
  return { id: row.id, email: row.email, username: row.username, avatar: null, isAdmin: true };
}

function input(overrides: Partial<AdminPostInput> = {}): AdminPostInput {
  return {
    intent: "publish",
    title: `The Cellar Door ${++seq}`,
    summary: "Something knocks from below.",
    markdown: "The door in the floor knocked twice, and then a third time, softer.",
    tag: [],
    warnings: [],
    ...overrides,
  };
}

const audits = (objectId: number | string) =>
  prisma.adminAudit.findMany({ where: { objectId: String(objectId) }, orderBy: { createdAt: "asc" } });

describe("scheduling", () => {
  test("ownPostState: a draft, a past or missing date is published, a future date is scheduled", () => {
    const now = new Date("2026-06-01T12:00:00Z");
    expect(ownPostState({ status: "draft", publishedAt: null }, now)).toBe("draft");
    expect(ownPostState({ status: "published", publishedAt: null }, now)).toBe("published");
    expect(ownPostState({ status: "published", publishedAt: new Date("2026-06-01T11:59:00Z") }, now)).toBe("published");
    expect(ownPostState({ status: "published", publishedAt: new Date("2026-06-01T12:01:00Z") }, now)).toBe("scheduled");
  });

  test("the publish date is read as UTC to the minute; anything else is refused with its message", () => {
    expect(parsePublishAt("2026-12-01T18:30")?.toISOString()).toBe("2026-12-01T18:30:00.000Z");
    expect(parsePublishAt("2026-13-01T18:30")).toBeNull();
    expect(parsePublishAt("tomorrow")).toBeNull();
    const refused = AdminPostSchema.safeParse({ intent: "publish", title: "A", markdown: "text", publishAt: "soon" });
    expect(refused.success).toBe(false);
    const empty = AdminPostSchema.safeParse({ intent: "publish", title: "A" });
    expect(empty.error?.issues.map((i) => i.path.join("."))).toEqual(["markdown"]);
  });

  test("a post with a future publish date stays out of every public list and page until then", async () => {
    const who = await admin();
    const future = new Date(Date.now() + 7 * 24 * 3600_000).toISOString().slice(0, 16);
    const created = await createOwnPost(who, input({ title: "Not Yet Midnight", publishAt: future }));
    expect(created.state).toBe("scheduled");
    const post = await prisma.post.findUniqueOrThrow({ where: { id: created.id } });
    const listed = async () =>
      (await listOwnStories({ page: 1, perPage: 100, search: "Not Yet Midnight" })).stories.map((s) => s.slug);

    expect(await listed()).toEqual([]);
    expect(await getOwnStory(post.slug)).toBeNull();
    expect(await getApiPost(post.slug)).toBeNull();
    expect((await listOwnPosts({ request: ADMIN_POSTS, filter: "scheduled", search: "Not Yet Midnight" })).total).toBe(
      1,
    );

    // The date passes (moved in the database rather than waited for).
    await prisma.post.update({ where: { id: post.id }, data: { publishedAt: new Date(Date.now() - 60_000) } });
    expect(await listed()).toEqual([post.slug]);
    expect((await getOwnStory(post.slug))?.title).toBe("Not Yet Midnight");
    expect((await getApiPost(post.slug))?.slug).toBe(post.slug);
    expect((await listOwnPosts({ request: ADMIN_POSTS, filter: "published", search: "Not Yet Midnight" })).total).toBe(
      1,
    );
    // The words in any order; a page past the end is a redirect to the last page, not an empty one.
    expect((await listOwnPosts({ request: ADMIN_POSTS, search: "midnight yet" })).total).toBe(1);
    const past = new Request("http://localhost/admin/posts?q=midnight+yet&page=99");
    const answer = await listOwnPosts({ request: past, search: "midnight yet", page: 99 }).catch((e: unknown) => e);
    expect(answer).toBeInstanceOf(Response);
    expect((answer as Response).headers.get("Location")).toBe("/admin/posts?q=midnight+yet");
  });

  test("a draft is never public; publishing it without a date publishes it now", async () => {
    const who = await admin();
    const draft = await createOwnPost(who, input({ intent: "save", title: "Draft in the Attic" }));
    expect(draft.state).toBe("draft");
    const slug = (await prisma.post.findUniqueOrThrow({ where: { id: draft.id } })).slug;
    expect(await getOwnStory(slug)).toBeNull();
    const published = await updateOwnPost(who, draft.id, input({ title: "Draft in the Attic" }));
    expect(published.state).toBe("published");
    expect((await getOwnStory(slug))?.title).toBe("Draft in the Attic");
  });
});

describe("the date a story was published", () => {
  test("readers and the admin see one date, and the lists go by it: published later, backdated, scheduled", async () => {
    const who = await admin();
    const day = (n: number) => new Date(Date.UTC(2026, 0, n, 12));
    // Saved as a draft on day 1, published on day 10.
    const late = await createOwnPost(who, input({ intent: "save", title: "Dates Late Bloom" }), day(1));
    await updateOwnPost(who, late.id, input({ title: "Dates Late Bloom" }), day(10));
    // Written on day 12, dated day 5 by the admin.
    await createOwnPost(who, input({ title: "Dates Backdated Bell", publishAt: "2026-01-05T12:00" }), day(12));
    // Published on day 7.
    await createOwnPost(who, input({ title: "Dates Plain Knock" }), day(7));

    const readers = (await listOwnStories({ page: 1, perPage: 100, search: "Dates " })).stories;
    const admins = (await listOwnPosts({ request: ADMIN_POSTS, search: "Dates " })).posts;
    const shown = (list: { title: string; date: string }[]) => list.map((s) => [s.title, s.date.slice(0, 10)]);
    const expected = [
      ["Dates Late Bloom", "2026-01-10"],
      ["Dates Plain Knock", "2026-01-07"],
      ["Dates Backdated Bell", "2026-01-05"],
    ];
    expect(shown(readers)).toEqual(expected);
    expect(shown(admins)).toEqual(expected);
    const slug = (await prisma.post.findUniqueOrThrow({ where: { id: late.id } })).slug;
    expect((await getOwnStory(slug))?.date.slice(0, 10)).toBe("2026-01-10");
  });
});

describe("audit", () => {
  test("create, edit and delete each write one audit row with the values before and after", async () => {
    const who = await admin();
    const { id } = await createOwnPost(who, input({ title: "The Well Rope" }));
    await updateOwnPost(who, id, input({ title: "The Well Rope, Frayed", intent: "save" }));
    await deleteOwnPost(who, id);
    const rows = await audits(id);
    expect(rows.map((r) => r.action)).toEqual(["post.create", "post.update", "post.delete"]);
    expect(rows.every((r) => r.adminId === who.id && r.objectType === "post")).toBe(true);
    expect(JSON.parse(rows[1]?.before ?? "{}")).toMatchObject({ title: "The Well Rope", status: "published" });
    expect(JSON.parse(rows[1]?.after ?? "{}")).toMatchObject({ title: "The Well Rope, Frayed", status: "draft" });
    expect(await prisma.post.findUnique({ where: { id } })).toBeNull();
    await expect(deleteOwnPost(who, id)).rejects.toBeInstanceOf(PostError);
  });

  test("a community story cannot be edited or deleted as an own post", async () => {
    const who = await admin();
    const community = await prisma.post.create({
      data: { slug: `community-${Date.now()}`, title: "A Writer's Tale", content: "<p>x</p>", submittedAt: new Date() },
    });
    await expect(deleteOwnPost(who, community.id)).rejects.toMatchObject({ status: 404 });
    await expect(updateOwnPost(who, community.id, input())).rejects.toMatchObject({ status: 404 });
  });
});

describe("unpublishing and featuring", () => {
  test("an unpublished community story goes back to its writer as withdrawn, with a record and an audit row", async () => {
    const who = await admin();
    const writer = await admin();
    const post = await prisma.post.create({
      data: {
        authorId: writer.id,
        slug: `community-unpub-${Date.now()}`,
        title: "The Thing in the Reeds",
        content: "<p>Reeds.</p>",
        submittedAt: new Date(),
        publishedAt: new Date(),
        status: "published",
      },
    });
    expect(await getOwnStory(post.slug)).not.toBeNull();
    await unpublishPost(who, post.id);
    expect(await getOwnStory(post.slug)).toBeNull();
    expect((await prisma.post.findUniqueOrThrow({ where: { id: post.id } })).status).toBe("withdrawn");
    expect(await prisma.moderationAction.count({ where: { postId: post.id, action: "unpublish" } })).toBe(1);
    expect((await audits(post.id)).map((r) => r.action)).toEqual(["post.unpublish"]);
    expect(await prisma.notification.findMany({ where: { userId: writer.id } })).toEqual([
      expect.objectContaining({ title: "Your story was unpublished", link: `/edit-story/${post.id}` }),
    ]);
    await expect(unpublishPost(who, post.id)).rejects.toMatchObject({ status: 409 });
  });

  test("an own post dated by its creation keeps no publication date through Unpublish and Publish", async () => {
    const who = await admin();
    const post = await prisma.post.create({
      data: { slug: `own-republish-${Date.now()}`, title: "The Weir", content: "<p>Water.</p>", status: "published" },
    });
    await unpublishPost(who, post.id);
    await republishPost(who, post.id);
    const back = await prisma.post.findUniqueOrThrow({ where: { id: post.id } });
    // Before: dated the moment it was published again, and listed with that date.
    expect(back).toMatchObject({ status: "published", publishedAt: null });
  });

  test("an Unpublish is undone by Publish, offered only while nothing changed since (the writer's choices stand)", async () => {
    const who = await admin();
    const writer = await admin();
    const post = await prisma.post.create({
      data: {
        authorId: writer.id,
        slug: `community-republish-${Date.now()}`,
        title: "The Reed Bed",
        content: "<p>Reeds.</p>",
        searchText: postSearchText({ title: "The Reed Bed", content: "<p>Reeds.</p>" }),
        submittedAt: new Date(),
        publishedAt: new Date("2026-01-02T00:00:00Z"),
        status: "published",
      },
    });
    // Never unpublished here: no Publish, and a direct post is refused.
    await expect(republishPost(who, post.id)).rejects.toMatchObject({ status: 409 });
    await unpublishPost(who, post.id);
    const listed = async () =>
      (await listContent({ source: "community", search: "The Reed Bed" })).rows.find((r) => r.postId === post.id);
    expect(await listed()).toMatchObject({ published: false, publishable: true });

    await republishPost(who, post.id);
    const back = await prisma.post.findUniqueOrThrow({ where: { id: post.id } });
    expect(back).toMatchObject({ status: "published", moderationNote: null });
    expect(back.publishedAt?.toISOString()).toBe("2026-01-02T00:00:00.000Z");
    expect(await getOwnStory(post.slug)).not.toBeNull();
    expect((await audits(post.id)).map((r) => r.action)).toEqual(["post.unpublish", "post.republish"]);
    expect(await listed()).toMatchObject({ published: true, publishable: false });
    expect((await prisma.notification.findMany({ where: { userId: writer.id } })).map((n) => n.title)).toContain(
      "Your story is published again",
    );

    // Unpublished again, then the writer acts (saves it as a draft and withdraws it): theirs to publish now.
    await unpublishPost(who, post.id);
    await prisma.moderationAction.create({
      data: { postId: post.id, actorId: writer.id, action: "withdraw", fromStatus: "draft", toStatus: "withdrawn" },
    });
    expect(await listed()).toMatchObject({ published: false, publishable: false });
    await expect(republishPost(who, post.id)).rejects.toMatchObject({ status: 409 });
    expect((await prisma.post.findUniqueOrThrow({ where: { id: post.id } })).status).toBe("withdrawn");
  });

  test("an own post unpublished and published again keeps its date; edited in between, it is the editor's", async () => {
    const who = await admin();
    const { id } = await createOwnPost(who, input({ title: "The Lamp Room" }));
    const date = (await prisma.post.findUniqueOrThrow({ where: { id } })).publishedAt;
    await unpublishPost(who, id);
    await republishPost(who, id);
    expect(await prisma.post.findUniqueOrThrow({ where: { id } })).toMatchObject({
      status: "published",
      publishedAt: date,
    });
    await unpublishPost(who, id);
    await updateOwnPost(who, id, input({ title: "The Lamp Room", intent: "save" }));
    await expect(republishPost(who, id)).rejects.toMatchObject({ status: 409 });
  });

  test("featuring keeps one story; an unpublished featured story is no longer shown; each change is audited", async () => {
    const who = await admin();
    const first = await createOwnPost(who, input({ title: "Featured Lantern" }));
    const second = await createOwnPost(who, input({ title: "Featured Candle" }));
    const slugOf = async (id: number) => (await prisma.post.findUniqueOrThrow({ where: { id } })).slug;
    await featureStory(who, await slugOf(first.id));
    expect((await getFeaturedStory())?.title).toBe("Featured Lantern");
    await featureStory(who, await slugOf(second.id));
    expect(await featuredSlug()).toBe(await slugOf(second.id));
    const rows = await listContent({ source: "own", search: "Featured" });
    expect(rows.rows.filter((r) => r.featured).map((r) => r.title)).toEqual(["Featured Candle"]);

    await unpublishPost(who, second.id);
    expect(await getFeaturedStory()).toBeNull();
    // A story readers cannot open cannot be featured.
    await expect(featureStory(who, await slugOf(second.id))).rejects.toMatchObject({ status: 409 });
    await featureStory(who, null);
    expect(await featuredSlug()).toBeNull();
    const audit = await prisma.adminAudit.findMany({
      where: { adminId: who.id, objectType: "story" },
      orderBy: { createdAt: "asc" },
    });
    expect(audit.map((r) => r.action)).toEqual(["story.feature", "story.feature", "story.unfeature"]);
  });

  test("the content list shows own and community stories with their source, status and readers", async () => {
    const who = await admin();
    const { id } = await createOwnPost(who, input({ title: "Listed Gravestone" }));
    const slug = (await prisma.post.findUniqueOrThrow({ where: { id } })).slug;
    await prisma.storyRecord.create({ data: { slug, title: "Listed Gravestone", date: new Date() } });
    await prisma.readingPosition.create({ data: { userId: who.id, storySlug: slug, paragraph: 1, percent: 10 } });
    const list = await listContent({ source: "all", search: "Listed Gravestone" });
    expect(list.rows).toEqual([
      expect.objectContaining({ title: "Listed Gravestone", source: "own", status: "Published", readers: 1 }),
    ]);
  });
});

test("a demo story's HTML opens in the editor as Markdown", () => {
  expect(
    htmlToMarkdown(
      "<h2>The Hour</h2><p>The clock <em>stopped</em> at <strong>three</strong>.</p><blockquote><p>Wind it.</p></blockquote>",
    ),
  ).toBe("## The Hour\n\nThe clock *stopped* at **three**.\n\n> Wind it.");
});
