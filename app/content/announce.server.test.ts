import { beforeEach, describe, expect, it } from "vitest";
import { prisma } from "~/db.server";
import { announceDueStories, announceStory } from "./announce.server";

const NOW = new Date("2026-11-24T12:00:00Z");
const hour = 3_600_000;
let n = 0;

async function reader(wants = true) {
  const username = `ann${++n}_${Date.now()}`;
  return prisma.user.create({
    data: { email: `${username}@horror.test`, username, usernameKey: username, notifyNewStories: wants },
  });
}

const post = (slug: string, data: Record<string, unknown> = {}) =>
  prisma.post.create({ data: { slug, title: slug, content: "<p>x</p>", status: "published", ...data } });

const newStoryLinks = async (userId: string) =>
  (await prisma.notification.findMany({ where: { userId, type: "new-story" }, select: { link: true } })).map(
    (r) => r.link,
  );

beforeEach(async () => {
  await prisma.notification.deleteMany();
  await prisma.post.deleteMany({ where: { slug: { startsWith: "ann-" } } });
  await prisma.user.deleteMany();
});

describe("announcing own stories (issue 12: the own-posts table gets a newly published story)", () => {
  it("tells every reader who wants new stories, once, and only of public stories not told before", async () => {
    const keen = await reader();
    const quiet = await reader(false);
    await post("ann-fresh");
    await post("ann-old", { announcedAt: new Date(NOW.getTime() - hour) });
    await post("ann-draft", { status: "draft" });
    expect(await announceDueStories(NOW)).toBe(1);
    expect(await newStoryLinks(keen.id)).toEqual(["/reader/ann-fresh"]);
    expect(await newStoryLinks(quiet.id)).toEqual([]);
    expect(await announceDueStories(NOW)).toBe(0);
    expect(await newStoryLinks(keen.id)).toHaveLength(1);
  });

  it("tells of a scheduled post when its date comes, not before", async () => {
    const keen = await reader();
    await post("ann-later", { publishedAt: new Date(NOW.getTime() + hour) });
    expect(await announceDueStories(NOW)).toBe(0);
    expect(await newStoryLinks(keen.id)).toEqual([]);
    expect(await announceDueStories(new Date(NOW.getTime() + 2 * hour))).toBe(1);
    expect(await newStoryLinks(keen.id)).toEqual(["/reader/ann-later"]);
  });

  it("tells the other readers of a writer's story, never the writer (issue 40: told twice)", async () => {
    const writer = await reader();
    const other = await reader();
    const story = await post("ann-own", { authorId: writer.id });
    expect(await announceStory(story, NOW)).toBe(true);
    expect(await newStoryLinks(other.id)).toEqual(["/reader/ann-own"]);
    expect(await newStoryLinks(writer.id)).toEqual([]);
  });
});
