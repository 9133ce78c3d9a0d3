import { beforeEach, describe, expect, it } from "vitest";
import { prisma } from "~/db.server";
import { CURSED_NOTIFICATION } from "./notifications";
import {
  bellState,
  clearNotifications,
  listNotifications,
  markAllRead,
  markRead,
  mergeIntoAccount,
  notifyNewStory,
  openPanel,
} from "./notifications.server";

let n = 0;
const reader = (over: { notifyNewStories?: boolean } = {}) => {
  const username = `r${++n}_${Date.now()}`;
  return prisma.user.create({
    data: { email: `r${n}-${Date.now()}@horror.test`, username, usernameKey: username.toLowerCase(), ...over },
  });
};

beforeEach(async () => {
  await prisma.notification.deleteMany();
  await prisma.user.deleteMany();
});

describe("notifications in the database", () => {
  it("notifies every reader who wants new stories in one statement, once per story", async () => {
    const [a, b, off] = await Promise.all([reader(), reader(), reader({ notifyNewStories: false })]);
    const story = { id: 7, slug: "the-well", title: "The Well" };
    expect(await notifyNewStory(story)).toBe(2);
    expect(await notifyNewStory(story)).toBe(0);
    const list = await listNotifications(a.id, "all");
    expect(list.counts).toEqual({ all: 1, unread: 1, read: 0 });
    expect(list.notifications[0]).toMatchObject({
      type: "new-story",
      title: "New Story Published",
      message: '"The Well" is now available to read!',
      link: "/reader/the-well",
      storyId: "7",
      read: false,
    });
    expect(Number.isNaN(Date.parse(list.notifications[0]?.date ?? ""))).toBe(false);
    expect((await listNotifications(b.id, "unread")).notifications).toHaveLength(1);
    expect((await listNotifications(off.id, "all")).counts.all).toBe(0);
  });

  it("never reads or changes another reader's notifications", async () => {
    const [a, b] = await Promise.all([reader(), reader()]);
    await notifyNewStory({ id: 1, slug: "one", title: "One" });
    const [mine] = (await listNotifications(a.id, "all")).notifications;
    expect(await markRead(b.id, mine?.id ?? "")).toBeNull();
    expect((await listNotifications(a.id, "unread")).counts.unread).toBe(1);
    expect(await markRead(a.id, mine?.id ?? "")).toMatchObject({ read: true });
    await notifyNewStory({ id: 2, slug: "two", title: "Two" });
    expect(await markAllRead(a.id)).toBe(1);
    expect((await listNotifications(b.id, "unread")).counts.unread).toBe(2);
    expect(await clearNotifications(a.id)).toBe(2);
    expect((await listNotifications(b.id, "all")).counts.all).toBe(2);
  });

  it("merges browser notifications without duplicates, also when sent twice", async () => {
    const a = await reader();
    await notifyNewStory({ id: 1, slug: "one", title: "One" });
    const items = [
      {
        id: "b1",
        type: "new-story" as const,
        title: "New Story Published",
        message: "x",
        link: "/reader/one",
        date: new Date().toISOString(),
        read: false,
      },
      {
        id: "b2",
        type: "other" as const,
        title: "Saved",
        message: "y",
        link: "/stories",
        date: new Date().toISOString(),
        read: true,
      },
    ];
    expect(await mergeIntoAccount(a.id, items)).toBe(1);
    expect(await mergeIntoAccount(a.id, items)).toBe(0);
    expect((await listNotifications(a.id, "all")).counts).toEqual({ all: 2, unread: 1, read: 1 });
  });

  it("runs the ignored-notification rule on the server with an injected clock", async () => {
    const a = await reader();
    const t0 = Date.now();
    await notifyNewStory({ id: 1, slug: "one", title: "One" });
    expect(await bellState(a.id, t0)).toMatchObject({ unread: 1 });
    await openPanel(a.id, t0);
    expect((await bellState(a.id, t0 + 30_000)).unread).toBe(1);
    expect((await bellState(a.id, t0 + 31_000)).unread).toBe(2);
    expect((await bellState(a.id, t0 + 90_000)).unread).toBe(2);
    const cursed = await prisma.notification.findMany({ where: { userId: a.id, type: "cursed" } });
    expect(cursed).toHaveLength(1);
    expect(cursed[0]).toMatchObject({ title: CURSED_NOTIFICATION.title, link: "/notifications", read: false });

    // The count for /notifications, whose loader marks the cursed one read as this is taken:
    // without it, as the page will show it.
    expect((await bellState(a.id, t0 + 91_000, true)).unread).toBe(1);
    expect(await openPanel(a.id, t0 + 95_000)).toEqual({ cursed: true });
    expect(await openPanel(a.id, t0 + 96_000)).toEqual({ cursed: false });
    // Still one unread story and a cursed one exists: no second curse.
    expect((await bellState(a.id, t0 + 200_000)).unread).toBe(1);
    // The unread count reaches zero: the flag resets, and the rule may curse again later.
    await markAllRead(a.id);
    expect((await bellState(a.id, t0 + 201_000)).unread).toBe(0);
    await notifyNewStory({ id: 2, slug: "two", title: "Two" });
    expect((await bellState(a.id, t0 + 300_000)).unread).toBe(2);
  });
});
