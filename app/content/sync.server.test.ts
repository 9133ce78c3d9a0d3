import { type AddressInfo, createServer } from "node:net";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { prisma } from "~/db.server";
import { acquireLease } from "~/site/lease.server";
import { onPostgres } from "~/site/sql.server";
import { SLUG_PATTERN } from "~/utils/slug";
import {
  archivePosts,
  HOSTILE_POSTS,
  startWordPressServer,
  type WordPressServer,
  WP_POSTS,
} from "../../tests/support/wordpress-server";
import { getApiPost, listApiPosts } from "./api-posts.server";
import { createContentChain } from "./chain.server";
import { stripControlCharacters } from "./html.server";
import { BACKFILL_KEY, runContentSync, SYNC_BACKFILL_PAGES, SYNC_SIZE } from "./sync.server";
import { getLastSync, getSyncHistory, SYNC_MESSAGES } from "./sync-status.server";
import { getSyncedStory } from "./synced-posts.server";
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
  it("copies the latest 20 posts, then the older pages, with their term names and records success", async () => {
    const result = await runContentSync({ chain: chain(), sleep: noSleep });
    expect(result).toMatchObject({
      status: "success",
      type: "info",
      postsCount: 24,
      newPosts: 24,
      apiAvailable: true,
      retryCount: 0,
    });
    expect(await prisma.syncedPost.count()).toBe(24);
    expect(wp.requests.some((r) => r.includes("/posts?page=1&per_page=20"))).toBe(true);
    expect(wp.requests.some((r) => r.includes("/posts?page=2&per_page=20"))).toBe(true);
    const last = await getLastSync();
    expect(last).toMatchObject({ success: true, count: 24, apiAvailable: true, retryCount: 0, errorType: null });
    const history = await getSyncHistory();
    expect(history[0]).toMatchObject({ status: "success", postsCount: 24 });
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

  // Spec §9 "Error types: timeout, network, parse, unknown"; the details say what happened.
  // The time limit is 0.4 s where the case is about time; the huge body is about the 5 MB cap, so
  // its limit is long enough for 5 MB to arrive on a loaded machine (CI once took over 0.4 s for it).
  it.each([
    ["hang", "timeout", false, /did not answer within 0\.4 s\. Tried 2 times, 1 s apart\./, 400],
    [
      "html",
      "parse",
      true,
      /Expected JSON from the content source, got text\/html; charset=UTF-8 \(HTTP 200 OK\)/,
      400,
    ],
    ["object", "parse", true, /sent an object \(HTTP 200\), expected a JSON list of posts/, 400],
    ["huge-body", "parse", true, /more than the 5 MB a page of posts may weigh/, 20_000],
    [
      "endless-body",
      "parse",
      true,
      /(more than the 5 MB a page of posts may weigh|body did not end within 0\.4 s)/,
      400,
    ],
    // A server error: reached, in time, so neither network, timeout nor parse (decision 021).
    ["error500", "unknown", true, /answered HTTP 500 Internal Server Error/, 400],
  ] as const)(
    "records an error of type %s -> %s after the retry, with what happened",
    async (mode, errorType, reachable, details, timeoutMs) => {
      const c = chain();
      await c.firstAvailableRemote();
      wp.setMode(mode);
      const waits: number[] = [];
      const result = await runContentSync({
        chain: c,
        sleep: async (ms) => {
          waits.push(ms);
        },
        timeoutMs,
      });
      expect(result).toMatchObject({
        status: "error",
        type: "error",
        message: SYNC_MESSAGES.failed,
        errorType,
        retryCount: 1,
        apiAvailable: reachable,
      });
      expect(waits).toEqual([1000]);
      expect(result.errorDetails).toMatch(details);
      expect(result.errorDetails).toContain(wp.wpUrl);
      expect(await getLastSync()).toMatchObject({ success: false, errorType, retryCount: 1 });
      expect((await getSyncHistory())[0]).toMatchObject({
        errorType,
        retryCount: 1,
        errorDetails: result.errorDetails,
      });
    },
  );

  it("says the connection is unavailable only when no connection could be made, with the reason", async () => {
    // A port nothing listens on: taken, then let go.
    const spare = createServer();
    await new Promise<void>((resolve) => spare.listen(0, "127.0.0.1", resolve));
    const { port } = spare.address() as AddressInfo;
    await new Promise((resolve) => spare.close(resolve));
    const refused = createContentChain({
      sources: wordpressSources({ wpcomApiBase: "", wpUrl: `http://127.0.0.1:${port}` }),
      timeoutMs: 5000,
    });
    const result = await runContentSync({ chain: refused, sleep: noSleep });
    expect(result).toMatchObject({
      status: "error",
      message: SYNC_MESSAGES.unavailable,
      apiAvailable: false,
      errorType: "network",
      retryCount: 1,
    });
    expect(result.errorDetails).toMatch(/Could not reach the content source: fetch failed \(ECONNREFUSED\)/);
  });

  it("asks the source again after a failure, whatever the availability cache says, and a success makes it available to readers", async () => {
    let now = Date.parse("2026-12-01T10:00:00Z");
    const c = createContentChain({
      sources: wordpressSources({ wpcomApiBase: "", wpUrl: wp.wpUrl }),
      timeoutMs: 5000,
      now: () => now,
    });
    wp.setMode("error500");
    expect(await runContentSync({ chain: c, sleep: noSleep, force: true })).toMatchObject({
      status: "error",
      errorType: "unknown",
    });
    // Readers skip it now (the availability cache, 5 minutes).
    expect(await c.firstAvailableRemote()).toBeNull();
    wp.setMode("healthy");
    now += 60_000;
    const before = wp.requests.length;
    const result = await runContentSync({ chain: c, sleep: noSleep, force: true });
    expect(result).toMatchObject({ status: "success", postsCount: 24, apiAvailable: true });
    expect(wp.requests.slice(before).some((r) => r.includes("/posts?page=1&per_page=20"))).toBe(true);
    // Readers use it again at once, not after the 5 minutes.
    expect(await c.firstAvailableRemote()).toMatchObject({ name: "wp" });
    expect((await c.listStories()).source).toBe("wp");
  });

  it("with no source configured, says so and records, counts and logs nothing (issue 40)", async () => {
    const none = createContentChain({ sources: wordpressSources({ wpcomApiBase: "" }), timeoutMs: 5000 });
    for (const force of [false, true]) {
      const result = await runContentSync({ chain: none, sleep: noSleep, force });
      expect(result).toMatchObject({ status: "skipped", type: "info", message: SYNC_MESSAGES.noSource });
    }
    expect(await getSyncHistory()).toEqual([]);
    expect(await getLastSync()).toBeNull();
    expect(await prisma.lease.count()).toBe(0);
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

  it("never stores the stand-ins for invalid items, and says how many there were and which", async () => {
    const c = chain();
    await c.firstAvailableRemote();
    wp.setMode("invalid-items");
    const result = await runContentSync({ chain: c, sleep: noSleep });
    expect(result).toMatchObject({ status: "success", type: "warning", postsCount: 16 });
    expect(result.message).toBe(
      'Synced 16 posts from WordPress (16 new). 8 invalid items were not copied: readers of the live source see them as "Untitled Post", and an earlier copy stays as it was.',
    );
    expect(result.errorDetails).toMatch(/^Invalid items: id \S+, \w+: .+; and 3 more\.$/);
    expect(await prisma.syncedPost.count({ where: { title: "Untitled Post" } })).toBe(0);
    expect((await getSyncHistory())[0]).toMatchObject({ status: "success", type: "warning" });
  });

  it("mirrors every published post over a few runs, a bounded number of pages per run", async () => {
    // 224 posts: 12 pages of 20.
    const big = await startWordPressServer({ port: 0, archivePosts: 200 });
    try {
      const bigChain = () =>
        createContentChain({ sources: wordpressSources({ wpcomApiBase: "", wpUrl: big.wpUrl }), timeoutMs: 5000 });
      const perRun = SYNC_SIZE * (1 + SYNC_BACKFILL_PAGES);
      const first = await runContentSync({ chain: bigChain(), sleep: noSleep, force: true });
      expect(first).toMatchObject({ status: "success", postsCount: perRun, newPosts: perRun });
      expect(await prisma.syncedPost.count()).toBe(perRun);
      // The next run carries on where this one stopped, and the latest page is copied each time.
      const second = await runContentSync({ chain: bigChain(), sleep: noSleep, force: true });
      expect(second).toMatchObject({ status: "success", postsCount: perRun, newPosts: perRun - SYNC_SIZE });
      await runContentSync({ chain: bigChain(), sleep: noSleep, force: true });
      expect(await prisma.syncedPost.count()).toBe(224);
      // The oldest is there: a reader finds it while the remote is down.
      big.setMode("error500");
      const oldest = archivePosts(200).at(-1)?.slug ?? "";
      expect(await bigChain().getStory(oldest)).toMatchObject({ source: "synced", slug: oldest });
      // After the last page the backfill starts over, so edits to old posts arrive too.
      expect(await prisma.keyValue.findUnique({ where: { key: BACKFILL_KEY } })).toMatchObject({ value: "2" });
    } finally {
      await big.close();
    }
  });

  it("stores no more than the page size it asked for, whatever the remote sends", async () => {
    const c = chain();
    await c.firstAvailableRemote();
    wp.setMode("oversized-page");
    const result = await runContentSync({ chain: c, sleep: noSleep });
    expect(result.status).toBe("success");
    // Every page of this remote is the same 500 posts: cut to 20, the same 20 each time.
    expect(await prisma.syncedPost.count()).toBe(SYNC_SIZE);
  });

  it("drops items whose slug is not a slug, and /api/posts sends titles as escaped plain text", async () => {
    const c = chain();
    await c.firstAvailableRemote();
    wp.setMode("hostile");
    expect((await runContentSync({ chain: c, sleep: noSleep })).status).toBe("success");
    const rows = await prisma.syncedPost.findMany({ select: { slug: true } });
    expect(rows.length).toBeGreaterThan(0);
    for (const { slug } of rows) expect(slug).toMatch(SLUG_PATTERN);
    for (const change of HOSTILE_POSTS) if (change.slug) expect(rows.map((r) => r.slug)).not.toContain(change.slug);
    const { posts } = await listApiPosts(1, 10);
    const titles = posts.map((p) => p.title.rendered);
    expect(titles).toContain("The Bold Title");
    expect(titles).toContain("NightShift in the Ward");
    for (const post of posts) {
      expect(post.title.rendered).not.toMatch(/[<>]/);
      const text = `${post.title.rendered}${post.excerpt.rendered}`;
      expect(stripControlCharacters(text)).toBe(text);
      expect(post.excerpt.rendered).not.toMatch(/<script|onerror/i);
    }
    const one = await getApiPost(posts[0]?.slug ?? "");
    expect(one?.title.rendered).not.toMatch(/[<>]/);
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

  // SQLite's lease runs out; PostgreSQL's passes on when the holder's session ends
  // (app/site/lease.server.test.ts kills one).
  it.skipIf(onPostgres)("lets a lease expire, so a crashed holder cannot block syncs forever", async () => {
    const now = Date.parse("2026-11-22T10:00:00Z");
    expect(await acquireLease("content-sync", "crashed", 60_000, now)).toBe(true);
    expect(await acquireLease("content-sync", "other", 60_000, now + 30_000)).toBe(false);
    expect(await acquireLease("content-sync", "other", 60_000, now + 60_001)).toBe(true);
  });

  it("notifies readers who want new stories of posts a later sync finds, not of the first copy", async () => {
    await prisma.notification.deleteMany();
    await prisma.user.deleteMany();
    const [wants, off] = await Promise.all([
      prisma.user.create({ data: { email: "wants@horror.test", username: "wants", usernameKey: "wants" } }),
      prisma.user.create({
        data: { email: "off@horror.test", username: "off", usernameKey: "off", notifyNewStories: false },
      }),
    ]);
    wp.setMode("invalid-items");
    const first = await runContentSync({ chain: chain(), sleep: noSleep, force: true });
    expect(first.status).toBe("success");
    expect(await prisma.notification.count()).toBe(0);
    wp.setMode("healthy");
    const second = await runContentSync({ chain: chain(), sleep: noSleep, force: true });
    expect(second.newPosts).toBeGreaterThan(0);
    const notes = await prisma.notification.findMany({ where: { userId: wants.id } });
    expect(notes.length).toBeGreaterThan(0);
    expect(notes.every((n) => n.type === "new-story" && n.link?.startsWith("/reader/") && !n.read)).toBe(true);
    // Only the latest page is news: posts the backfill copies from older pages notify nobody.
    const latest = new Set(WP_POSTS.slice(0, 20).map((post) => `/reader/${post.slug}`));
    expect(notes.filter((n) => !latest.has(n.link ?? ""))).toEqual([]);
    expect(notes.length).toBeLessThan(second.newPosts);
    expect(await prisma.notification.count({ where: { userId: off.id } })).toBe(0);
    // A sync that finds nothing new notifies nobody again.
    await runContentSync({ chain: chain(), sleep: noSleep, force: true });
    expect(await prisma.notification.count({ where: { userId: wants.id } })).toBe(notes.length);
  });

  it("keeps the featured images of the copies, asking the source for each media item once (issue 17)", async () => {
    const mediaRequests = () => wp.requests.filter((r) => r.includes("/media/9")).length;
    const before = mediaRequests();
    await runContentSync({ chain: chain(), sleep: noSleep, force: true });
    const featured = WP_POSTS.filter((post) => post.featured_media > 0);
    expect(featured.length).toBeGreaterThan(0);
    expect(mediaRequests() - before).toBe(1);
    const story = await getSyncedStory(featured[0]?.slug ?? "");
    expect(story?.image).toEqual({
      alt: "Procedurally drawn cover: Blue hour",
      src: `${wp.origin}/wp-content/uploads/2024/09/nightfall-cover-5.png`,
      width: 1200,
      height: 675,
    });
    const plain = WP_POSTS.find((post) => post.featured_media === 0);
    expect((await getSyncedStory(plain?.slug ?? ""))?.image).toBeNull();
    // The next run keeps what it has: no second media request.
    await runContentSync({ chain: chain(), sleep: noSleep, force: true });
    expect(mediaRequests() - before).toBe(1);
  });
});
