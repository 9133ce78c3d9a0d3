import { randomUUID } from "node:crypto";
import { describe, expect, it } from "vitest";
import { prisma } from "~/db.server";
import { isCommunityOpen, setSiteSetting } from "~/site/site-settings.server";
import { addComment, addReply, createThread, getThread, listThreads, requireCommunityOpen } from "./discussion.server";
import { listOpenReports, moderatePost, ReportError, reportPost } from "./reports.server";

async function reader(name = "r") {
  const id = randomUUID().slice(0, 8);
  return prisma.user.create({
    data: { email: `${name}-${id}@c.test`, username: `${name}_${id}`, usernameKey: `${name}_${id}` },
    select: { id: true, username: true },
  });
}

async function threadWithReply() {
  const [starter, replier] = [await reader("starter"), await reader("replier")];
  const thread = await createThread(starter, { title: "The house on Ash Lane", body: "Who else heard it?" });
  const { post } = await addReply(replier, thread.id, { body: "I did. Every night." });
  return { starter, replier, thread, reply: post };
}

const notificationsOf = (userId: string) =>
  prisma.notification.findMany({ where: { userId }, orderBy: { date: "asc" }, select: { title: true, link: true } });

const error = (promise: Promise<unknown>) =>
  promise.then(
    () => null,
    (e: unknown) => e,
  );

describe("the community content flag", () => {
  it("opens and closes the community: requireCommunityOpen is a 404 while it is off", async () => {
    expect(await isCommunityOpen()).toBe(true); // COMMUNITY_CONTENT defaults to on
    await setSiteSetting("communityContent", false);
    try {
      expect(await isCommunityOpen()).toBe(false);
      const thrown = (await error(requireCommunityOpen())) as { init?: { status?: number } } | null;
      expect(thrown?.init?.status).toBe(404);
    } finally {
      await setSiteSetting("communityContent", true);
    }
    await expect(requireCommunityOpen()).resolves.toBeUndefined();
  });
});

describe("threads and replies", () => {
  it("keeps the opening post first and notifies the starter and the quoted author, never the writer", async () => {
    const { starter, replier, thread, reply } = await threadWithReply();
    const third = await reader("third");
    await addReply(third, thread.id, { body: "Quoting you", quoteOf: reply.id });
    const found = await getThread(thread.id, 1);
    expect(found?.posts.map((p) => p.blocks?.[0]?.lines[0]?.[0])).toEqual([
      { text: "Who else heard it?" },
      { text: "I did. Every night." },
      { text: "Quoting you" },
    ]);
    expect(found?.posts[2]?.quote).toMatchObject({
      id: reply.id,
      author: replier.username,
      excerpt: [{ kind: "p", lines: [[{ text: "I did. Every night." }]] }],
    });
    expect(found?.posts[2]?.quote?.href).toBe(`/community/threads/${thread.id}#post-${reply.id}`);
    expect((await notificationsOf(starter.id)).map((n) => n.title)).toEqual([
      "New reply in your thread",
      "New reply in your thread",
    ]);
    expect(await notificationsOf(replier.id)).toEqual([
      { title: "You were quoted", link: expect.stringMatching(/^\/community\/threads\/\d+#post-\d+$/) },
    ]);
    expect(await notificationsOf(third.id)).toEqual([]);
    // The starter replying in their own thread is told nothing.
    await addReply(starter, thread.id, { body: "Thank you both." });
    expect(await notificationsOf(starter.id)).toHaveLength(2);
    const list = await listThreads(1);
    expect(list.threads[0]).toMatchObject({ id: thread.id, replies: 3 });
  });

  it("refuses a quote of a post from another thread", async () => {
    const a = await threadWithReply();
    const b = await threadWithReply();
    const thrown = await error(addReply(a.replier, a.thread.id, { body: "x y", quoteOf: b.reply.id }));
    expect(thrown).toMatchObject({ field: "quoteOf" });
  });
});

describe("reports", () => {
  it("takes one open report per reader per item, and none of one's own post", async () => {
    const { replier, reply } = await threadWithReply();
    const reporter = await reader("reporter");
    await reportPost(reporter, { postId: reply.id, reason: "spam" });
    const again = await error(reportPost(reporter, { postId: reply.id, reason: "hate" }));
    expect(again instanceof ReportError && again.status).toBe(409);
    const own = await error(reportPost(replier, { postId: reply.id, reason: "spam" }));
    expect(own instanceof ReportError && own.status).toBe(400);
    const missing = await error(reportPost(reporter, { postId: 2_000_000_000, reason: "spam" }));
    expect(missing instanceof ReportError && missing.status).toBe(404);
    // Another reader's report joins the same group.
    await reportPost(await reader("other"), { postId: reply.id, reason: "harassment", details: "Aimed at me" });
    const group = (await listOpenReports()).find((g) => g.postId === reply.id);
    expect(group?.reports.map((r) => r.reason)).toEqual(["Spam or advertising", "Harassment or bullying"]);
    expect(group?.author).toBe(replier.username);
  });

  it("dismiss closes the reports and leaves the post; the reader may report it again later", async () => {
    const { reply } = await threadWithReply();
    const reporter = await reader("reporter");
    const admin = await reader("admin");
    await reportPost(reporter, { postId: reply.id, reason: "spam" });
    await moderatePost(admin, reply.id, "dismiss");
    expect((await listOpenReports()).some((g) => g.postId === reply.id)).toBe(false);
    expect(await prisma.discussionPost.findUnique({ where: { id: reply.id }, select: { status: true } })).toEqual({
      status: "visible",
    });
    await expect(reportPost(reporter, { postId: reply.id, reason: "spam" })).resolves.toBeTruthy();
  });

  it("hide shows the removal to everyone, records who did it, and tells the author once", async () => {
    const { replier, thread, reply } = await threadWithReply();
    const admin = await reader("admin");
    await reportPost(await reader("reporter"), { postId: reply.id, reason: "spam" });
    await moderatePost(admin, reply.id, "hide");
    await moderatePost(admin, reply.id, "hide");
    const shown = (await getThread(thread.id, 1))?.posts.find((p) => p.id === reply.id);
    expect(shown).toMatchObject({ status: "hidden", blocks: null });
    const audit = await prisma.discussionModeration.findMany({
      where: { postId: reply.id },
      orderBy: { createdAt: "asc" },
    });
    expect(audit.map((a) => [a.action, a.adminId, a.adminName, a.reports])).toEqual([
      ["hide", admin.id, admin.username, 1],
      ["hide", admin.id, admin.username, 0],
    ]);
    const log = await prisma.adminAudit.findMany({
      where: { objectType: "discussion-post", objectId: String(reply.id) },
    });
    expect(log.map((a) => [a.action, a.adminId])).toEqual([
      ["discussion.hide", admin.id],
      ["discussion.hide", admin.id],
    ]);
    expect((await notificationsOf(replier.id)).map((n) => n.title)).toEqual(["Your post was hidden"]);
    // A removed post can no longer be reported or quoted.
    const late = await error(reportPost(await reader("late"), { postId: reply.id, reason: "spam" }));
    expect(late instanceof ReportError && late.status).toBe(409);
    expect(await error(addReply(admin, thread.id, { body: "quote", quoteOf: reply.id }))).toMatchObject({
      field: "quoteOf",
    });
  });

  it("delete leaves a tombstone: the text is gone, the place and the quotes of it stay", async () => {
    const { replier, thread, reply } = await threadWithReply();
    const admin = await reader("admin");
    const quoter = await reader("quoter");
    await addReply(quoter, thread.id, { body: "Quoting the post", quoteOf: reply.id });
    await moderatePost(admin, reply.id, "delete");
    const row = await prisma.discussionPost.findUnique({ where: { id: reply.id } });
    expect(row).toMatchObject({ status: "deleted", body: "" });
    const posts = (await getThread(thread.id, 1))?.posts ?? [];
    expect(posts.map((p) => p.status)).toEqual(["visible", "deleted", "visible"]);
    expect(posts[2]?.quote).toMatchObject({ id: reply.id, excerpt: null });
    expect((await notificationsOf(replier.id)).map((n) => n.title)).toEqual([
      "You were quoted",
      "Your post was deleted",
    ]);
  });
});

describe("story comments", () => {
  it("notifies the story's writer of a comment, not the writer commenting on their own story", async () => {
    const writer = await reader("writer");
    const id = randomUUID().slice(0, 8);
    const story = await prisma.post.create({
      data: { slug: `story-${id}`, title: "The Lantern", content: "<p>Dark</p>", authorId: writer.id },
      select: { id: true, slug: true, title: true, authorId: true },
    });
    const commenter = await reader("commenter");
    const { link } = await addComment(commenter, story, { body: "It stayed with me." });
    expect(link).toMatch(new RegExp(`^/community-story/story-${id}#post-\\d+$`));
    await addComment(writer, story, { body: "Thank you." });
    expect(await notificationsOf(writer.id)).toEqual([{ title: "New comment on your story", link }]);
  });
});
