import { beforeEach, describe, expect, it } from "vitest";
import { notifyCommunity } from "~/community/notify.server";
import { prisma } from "~/db.server";
import { notifyWriter } from "~/stories/notify-writer.server";
import { selectDigests } from "./digest.server";
import { notifyReader } from "./notify.server";

let n = 0;
const reader = (data: Record<string, unknown> = {}) => {
  const username = `nr${++n}_${Date.now()}`;
  return prisma.user.create({
    data: { email: `${username}@horror.test`, username, usernameKey: username.toLowerCase(), ...data },
  });
};

beforeEach(async () => {
  await prisma.notification.deleteMany();
  await prisma.user.deleteMany();
});

describe("notifyReader: the reader's /settings/notifications decide", () => {
  it("writes the notice with its kind when the reader wants it in the site, and nothing when not", async () => {
    const on = await reader();
    const off = await reader({ notifyModeration: false });
    const notice = {
      kind: "moderation",
      type: "success",
      title: "Approved",
      message: "Yes.",
      link: "/edit-story",
    } as const;
    expect(await notifyReader(on.id, notice)).toMatchObject({ site: true });
    expect(await notifyReader(off.id, notice)).toMatchObject({ site: false });
    expect(await prisma.notification.findMany({ select: { userId: true, kind: true, type: true } })).toEqual([
      { userId: on.id, kind: "moderation", type: "success" },
    ]);
    expect(await notifyReader("no-such-reader", notice)).toEqual({ site: false, email: false });
  });

  it("a writer who turned moderation decisions off gets no notice of one", async () => {
    const writer = await reader({ notifyModeration: false });
    await notifyWriter(writer.id, { kind: "story-approved", title: "Published", message: "Out.", link: "/x" });
    expect(await prisma.notification.count({ where: { userId: writer.id } })).toBe(0);
  });

  it("community replies are reply notices: turned off, none; on, the digest mails them", async () => {
    const quiet = await reader({ notifyReplies: false });
    const keen = await reader({ notifyRepliesEmail: true, emailDigest: "daily" });
    const event = { kind: "thread-reply", threadTitle: "Bells", by: "someone", link: "/community/threads/1" } as const;
    expect(await notifyCommunity(quiet.id, event, null)).toBe(false);
    expect(await notifyCommunity(keen.id, event, null)).toBe(true);
    const digests = await selectDigests(Date.now() + 1000);
    expect(digests.map((d) => [d.userId, d.items.map((i) => i.title)])).toEqual([
      [keen.id, ["New reply in your thread"]],
    ]);
  });
});
