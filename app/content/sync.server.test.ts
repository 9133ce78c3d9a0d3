import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { prisma } from "~/db.server";
import { startWordPressServer, type WordPressServer } from "../../tests/support/wordpress-server";
import { listApiPosts } from "./api-posts.server";
import { createContentChain } from "./chain.server";
import { acquireLease, getLastSync, getSyncHistory, runContentSync, SYNC_MESSAGES } from "./sync.server";
import { wordpressSources } from "./wordpress.server";

let wp: WordPressServer;

beforeAll(async () => {
  wp = await startWordPressServer({ port: 0 });
});
afterAll(() => wp.close());

beforeEach(async () => {
  wp.setMode("healthy");
  await prisma.syncedPost.deleteMany();
  await prisma.syncRecord.deleteMany();
  await prisma.keyValue.deleteMany();
  await prisma.lease.deleteMany();
  await prisma.post.deleteMany();
});

const chain = () =>
  createContentChain({ sources: wordpressSources({ wpcomApiBase: "", wpUrl: wp.wpUrl }), timeoutMs: 5000 });
const noSleep = async () => {};

describe("content sync", () => {
  it("copies 20 posts with their term names and records success", async () => {
    const result = await runContentSync({ chain: chain(), sleep: noSleep });
    expect(result).toMatchObject({
      status: "success",
      type: "info",
      postsCount: 20,
      newPosts: 20,
      apiAvailable: true,
      retryCount: 0,
    });
    expect(await prisma.syncedPost.count()).toBe(20);
    expect(wp.requests.some((r) => r.includes("/posts?page=1&per_page=20"))).toBe(true);
    const last = await getLastSync();
    expect(last).toMatchObject({ success: true, count: 20, apiAvailable: true, retryCount: 0, errorType: null });
    const history = await getSyncHistory();
    expect(history[0]).toMatchObject({ status: "success", postsCount: 20 });
    // A newly synced story is what the new-story poll sees first.
    const { posts } = await listApiPosts(1, 1);
    expect(posts[0]).toMatchObject({ id: 53, source: "synced" });
    expect(posts[0]?.title.rendered).toBeTruthy();
    expect(posts[0]?.date).toMatch(/^2024-10-19T/);
  });

  it("is skipped when the last sync was under 2.5 minutes ago, unless forced", async () => {
    let now = Date.parse("2026-11-22T10:00:00Z");
    const clock = () => now;
    await runContentSync({ chain: chain(), now: clock, sleep: noSleep });
    now += 2 * 60_000;
    expect(await runContentSync({ chain: chain(), now: clock, sleep: noSleep })).toMatchObject({
      status: "skipped",
      message: SYNC_MESSAGES.recent,
    });
    expect((await runContentSync({ chain: chain(), now: clock, sleep: noSleep, force: true })).status).toBe("success");
    now += 3 * 60_000;
    expect((await runContentSync({ chain: chain(), now: clock, sleep: noSleep })).status).toBe("success");
  });

  it("retries once after 1 s", async () => {
    const c = chain();
    await c.firstAvailableRemote(); // the probe finds it up
    wp.setMode("error500");
    const waits: number[] = [];
    const result = await runContentSync({
      chain: c,
      sleep: async (ms) => {
        waits.push(ms);
        wp.setMode("healthy");
      },
    });
    expect(waits).toEqual([1000]);
    expect(result).toMatchObject({ status: "success", retryCount: 1 });
  });

  it.each([
    ["hang", "timeout"],
    ["html", "parse"],
    ["object", "parse"],
    ["error500", "network"],
  ] as const)("records an error of type %s -> %s after the retry", async (mode, errorType) => {
    const c = chain();
    await c.firstAvailableRemote();
    wp.setMode(mode);
    const result = await runContentSync({ chain: c, sleep: noSleep, timeoutMs: 400 });
    expect(result).toMatchObject({
      status: "error",
      type: "error",
      message: SYNC_MESSAGES.failed,
      errorType,
      retryCount: 1,
    });
    expect(await getLastSync()).toMatchObject({ success: false, errorType });
  });

  it("reports an unavailable remote with the spec's message", async () => {
    wp.setMode("error500");
    const result = await runContentSync({ chain: chain(), sleep: noSleep });
    expect(result).toMatchObject({ status: "error", message: SYNC_MESSAGES.unavailable, apiAvailable: false });
  });

  it("warns when the remote has no posts", async () => {
    const c = chain();
    await c.firstAvailableRemote();
    wp.setMode("empty");
    expect(await runContentSync({ chain: c, sleep: noSleep })).toMatchObject({
      status: "empty",
      type: "warning",
      message: SYNC_MESSAGES.empty,
    });
  });

  it("never stores the stand-ins for invalid items", async () => {
    const c = chain();
    await c.firstAvailableRemote();
    wp.setMode("invalid-items");
    const result = await runContentSync({ chain: c, sleep: noSleep });
    expect(result.status).toBe("success");
    expect(result.postsCount).toBeLessThan(20);
    expect(await prisma.syncedPost.count({ where: { title: "Untitled Post" } })).toBe(0);
  });

  it("keeps a history of the latest 10", async () => {
    for (let i = 0; i < 12; i++) await runContentSync({ chain: chain(), sleep: noSleep, force: true });
    const history = await getSyncHistory();
    expect(history).toHaveLength(10);
    expect(await prisma.syncRecord.count()).toBe(10);
    expect(history.every((r) => r.recordedAt instanceof Date)).toBe(true);
  });

  it("runs one sync at a time: a concurrent one is skipped", async () => {
    const [a, b] = await Promise.all([
      runContentSync({ chain: chain(), sleep: noSleep, force: true, holder: "process-a" }),
      runContentSync({ chain: chain(), sleep: noSleep, force: true, holder: "process-b" }),
    ]);
    expect([a.status, b.status].sort()).toEqual(["skipped", "success"]);
    expect([a, b].find((r) => r.status === "skipped")?.message).toBe(SYNC_MESSAGES.running);
    expect(await prisma.lease.count()).toBe(0);
  });

  it("lets a lease expire, so a crashed holder cannot block syncs forever", async () => {
    const now = Date.parse("2026-11-22T10:00:00Z");
    expect(await acquireLease("content-sync", "crashed", 60_000, now)).toBe(true);
    expect(await acquireLease("content-sync", "other", 60_000, now + 30_000)).toBe(false);
    expect(await acquireLease("content-sync", "other", 60_000, now + 60_001)).toBe(true);
  });

  it("notifies readers who want new stories of posts a later sync finds, not of the first copy", async () => {
    await prisma.notification.deleteMany();
    await prisma.user.deleteMany();
    const [wants, off] = await Promise.all([
      prisma.user.create({ data: { email: "wants@horror.test", username: "wants" } }),
      prisma.user.create({ data: { email: "off@horror.test", username: "off", notifyNewStories: false } }),
    ]);
    wp.setMode("invalid-items");
    const first = await runContentSync({ chain: chain(), sleep: noSleep, force: true });
    expect(first.status).toBe("success");
    expect(await prisma.notification.count()).toBe(0);
    wp.setMode("healthy");
    const second = await runContentSync({ chain: chain(), sleep: noSleep, force: true });
    expect(second.newPosts).toBeGreaterThan(0);
    const notes = await prisma.notification.findMany({ where: { userId: wants.id } });
    expect(notes).toHaveLength(second.newPosts);
    expect(notes.every((n) => n.type === "new-story" && n.link?.startsWith("/reader/") && !n.read)).toBe(true);
    expect(await prisma.notification.count({ where: { userId: off.id } })).toBe(0);
    // A sync that finds nothing new notifies nobody again.
    await runContentSync({ chain: chain(), sleep: noSleep, force: true });
    expect(await prisma.notification.count({ where: { userId: wants.id } })).toBe(second.newPosts);
  });
});
