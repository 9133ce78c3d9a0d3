import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import { prisma } from "~/db.server";
import { freePort } from "../../tests/support/ports";
import { startWordPressServer, type WordPressServer } from "../../tests/support/wordpress-server";
import { FRESH_MS } from "./cache.server";
import { createContentChain } from "./chain.server";
import { runContentSync } from "./sync.server";
import { type WordPressSource, wordpressSources } from "./wordpress.server";

let wp: WordPressServer;
let refusedUrl: string;

beforeAll(async () => {
  wp = await startWordPressServer({ port: 0 });
  refusedUrl = `http://127.0.0.1:${await freePort()}`;
});
afterAll(() => wp.close());

beforeEach(async () => {
  wp.setMode("healthy");
  await prisma.syncedPost.deleteMany();
  await prisma.keyValue.deleteMany();
  await prisma.post.deleteMany();
});

async function addOwnStory(slug = "own-story", excerpt: string | null = "An own story.") {
  await prisma.post.create({
    data: {
      slug,
      title: `Own ${slug}`,
      content: `<p>${"Dread ".repeat(40)}</p>`,
      excerpt,
      createdAt: new Date("2026-01-01"),
    },
  });
}

// A generous timeout, so a busy machine never makes a healthy remote look down;
// the tests of a hung remote choose their own.
const chainWith = (sources: WordPressSource[], extra: { now?: () => number; timeoutMs?: number } = {}) =>
  createContentChain({ sources, timeoutMs: 5000, ...extra });
const wpSource = () => wordpressSources({ wpcomApiBase: "", wpUrl: wp.wpUrl });
const wpcomSource = (base = wp.wpcomApiBase) => wordpressSources({ wpcomApiBase: base, wpcomSite: "horror.example" });

describe("the content chain", () => {
  it("reads the hosted platform first, with totals from X-WP-Total and titles decoded", async () => {
    const chain = chainWith([...wpcomSource(), ...wpSource()]);
    const page = await chain.listStories();
    expect(page.source).toBe("wpcom");
    expect(page.total).toBe(24);
    expect(page.totalPages).toBe(3);
    expect(page.stories).toHaveLength(10);
    expect(
      wp.requests.some(
        (r) =>
          r.includes("/wpcom/wp/v2/sites/horror.example/posts?") &&
          r.includes("_fields=id%2Cdate%2Ctitle%2Cexcerpt%2Cslug%2Cfeatured_media"),
      ),
    ).toBe(true);
    const all = [page, await chain.listStories({ page: 2 }), await chain.listStories({ page: 3 })].flatMap(
      (p) => p.stories,
    );
    const titles = all.map((s) => s.title);
    expect(titles).toContain("Bread & Salt");
    expect(titles).toContain("“Don’t Answer”");
  });

  it("falls to the site's own WordPress when the hosted platform refuses connections", async () => {
    const chain = chainWith([...wpcomSource(refusedUrl), ...wpSource()]);
    expect((await chain.listStories()).source).toBe("wp");
  });

  for (const mode of ["hang", "error500", "html", "object"] as const) {
    it(`treats a remote that answers "${mode}" as down: synced copies next, then own posts`, async () => {
      wp.setMode(mode);
      await addOwnStory();
      const chain = chainWith(wpSource(), { timeoutMs: mode === "hang" ? 400 : undefined });
      const page = await chain.listStories();
      expect(page.source).toBe("own");
      expect(page.stories.map((s) => s.slug)).toEqual(["own-story"]);
    });
  }

  it("serves synced copies before own posts when the remote is down", async () => {
    await runContentSync({ chain: chainWith(wpSource()), force: true });
    await addOwnStory();
    wp.setMode("error500");
    const page = await chainWith(wpSource()).listStories();
    expect(page.source).toBe("synced");
    // The sync copies every page, not only the latest 20.
    expect(page.total).toBe(24);
  });

  it("a story deleted at its source is no longer served from its copy, which goes; a source down or empty keeps it", async () => {
    await runContentSync({ chain: chainWith(wpSource()), force: true });
    // A copy of a story the source has since deleted (or unpublished): the same row, another slug.
    const kept = await prisma.syncedPost.findFirstOrThrow({ where: { source: "wp" } });
    const data = JSON.stringify({ ...JSON.parse(kept.data), id: 990001, slug: "deleted-at-source" });
    const copy = { ...kept, id: 990001, slug: "deleted-at-source", data };
    await prisma.syncedPost.create({ data: copy });

    // The source down: the copy is what readers have, as before.
    wp.setMode("error500");
    expect((await chainWith(wpSource()).getStory("deleted-at-source"))?.slug).toBe("deleted-at-source");
    // A source that lists nothing at all says nothing of one story: the copy stays.
    wp.setMode("empty");
    expect((await chainWith(wpSource()).getStory("deleted-at-source"))?.slug).toBe("deleted-at-source");

    // The source up, with its other stories, and without this one: gone, and its copy with it.
    wp.setMode("healthy");
    expect(await chainWith(wpSource()).getStory("deleted-at-source")).toBeNull();
    expect(await prisma.syncedPost.count({ where: { slug: "deleted-at-source" } })).toBe(0);
    wp.setMode("error500");
    expect(await chainWith(wpSource()).getStory("deleted-at-source")).toBeNull();
    // The stories the source still has keep their copies.
    expect(await prisma.syncedPost.count({ where: { slug: kept.slug } })).toBe(1);
  });

  it("moves on from a remote with no posts at all", async () => {
    wp.setMode("empty");
    await addOwnStory();
    expect((await chainWith(wpSource()).listStories()).source).toBe("own");
  });

  it("ends with an empty list and zero pages", async () => {
    wp.setMode("error500");
    const page = await chainWith(wpSource()).listStories();
    expect(page).toMatchObject({ source: "none", stories: [], total: 0, totalPages: 0 });
  });

  it("replaces invalid items with the default post", async () => {
    wp.setMode("invalid-items");
    const page = await chainWith(wpSource()).listStories();
    expect(page.source).toBe("wp");
    const untitled = page.stories.filter((s) => s.title === "Untitled Post");
    expect(untitled.length).toBeGreaterThan(0);
    for (const story of untitled) {
      expect(story.slug).toBe(`post-${story.id}`);
      expect(story.excerpt).toBe("");
    }
  });

  it("skips a source known to be down without asking it again for 5 minutes", async () => {
    wp.setMode("error500");
    let now = 1_000_000;
    const chain = chainWith(wpSource(), { now: () => now });
    await chain.listStories();
    const asked = wp.requests.length;
    wp.setMode("healthy");
    await chain.listStories();
    expect(wp.requests.length).toBe(asked);
    // After 5 minutes it is probed again, in the background: readers meanwhile get the next source.
    now += 5 * 60_000 + 1;
    expect((await chain.listStories()).source).toBe("none");
    await vi.waitFor(async () => expect((await chain.listStories()).source).toBe("wp"));
  });

  it("serves a stale copy at once while it refreshes in the background", async () => {
    let now = 1_000_000;
    // The refresh would wait a minute for the hung remote: far past this test's
    // own 5 s limit, so a reader kept waiting for it fails the test.
    const chain = chainWith(wpSource(), { now: () => now, timeoutMs: 60_000 });
    const fresh = await chain.listStories();
    wp.setMode("hang");
    now += FRESH_MS + 1;
    const stale = await chain.listStories();
    expect(stale.stories).toEqual(fresh.stories);
  });

  it("finds a story in the remote, sanitising hostile HTML", async () => {
    const story = await chainWith(wpSource()).getStory("the-cursed-post");
    expect(story?.source).toBe("wp");
    const html = story?.contentHtml ?? "";
    expect(html).not.toMatch(/<script|onerror|onclick|javascript:/i);
    expect(html).toContain("<blockquote>");
    expect(html).toContain("Count the faces in the photograph");
  });

  it("marks a password-protected story as protected, with no content", async () => {
    const story = await chainWith(wpSource()).getStory("the-sealed-letter");
    expect(story).toMatchObject({ protected: true, contentHtml: "" });
  });

  it("finds own stories by slug even when the remote is up, and 404s what no source has", async () => {
    await addOwnStory("only-here", null);
    const chain = chainWith(wpSource());
    const own = await chain.getStory("only-here");
    expect(own?.source).toBe("own");
    // Spec §3: no excerpt means the first 150 characters of the content plus "...".
    expect(own?.excerpt).toBe(`${"Dread ".repeat(40).trim().slice(0, 150)}...`);
    expect(await chain.getStory("no-such-story")).toBeNull();
  });

  it("filters by category and tag through the remote's term ids", async () => {
    const chain = chainWith(wpSource());
    const gothic = await chain.listStories({ category: "gothic" });
    expect(gothic.total).toBe(9);
    expect(await chain.listStories({ category: "no-such-category" })).toMatchObject({ total: 0, source: "wp" });
    const terms = await chain.listTerms();
    expect(terms.categories.map((c) => c.name)).toEqual(
      expect.arrayContaining(["Gothic", "Psychological", "Folk Horror"]),
    );
    // Empty categories are not offered.
    expect(terms.categories.map((c) => c.name)).not.toContain("Uncategorized");
  });

  it("a source seen down is probed again at once when another process's sync reached it (forgetAvailability)", async () => {
    const now = Date.parse("2026-12-01T10:00:00Z");
    const chain = chainWith(wpSource(), { now: () => now });
    wp.setMode("error500");
    expect(await chain.firstAvailableRemote()).toBeNull();
    wp.setMode("healthy");
    // Within the availability cache's 5 minutes, the source stays skipped...
    expect(await chain.firstAvailableRemote()).toBeNull();
    // ...until the content change mark says a sync (in any process) stored what it sent.
    chain.forgetAvailability();
    expect(await chain.firstAvailableRemote()).toMatchObject({ name: "wp" });
  });

  it("answers from the synced copy within the hedge while the remote hangs, and skips it for the next reader", {
    timeout: 30_000,
  }, async () => {
    await runContentSync({ chain: chainWith(wpSource()), force: true });
    // The spec's 10 s timeout: without the hedge the reader would wait for all of it.
    const chain = chainWith(wpSource(), { timeoutMs: 10_000 });
    expect(await chain.firstAvailableRemote()).not.toBeNull();
    wp.setMode("hang");
    const started = Date.now();
    const story = await chain.getStory("bread-and-salt");
    // HEDGE_MS (1.5 s), with a generous margin for a busy machine.
    expect(Date.now() - started).toBeLessThan(4_000);
    expect(story?.source).toBe("synced");
    // The remote was seen hanging: the next readers do not ask it until it answers or is probed again.
    const asked = wp.requests.length;
    expect((await chain.listStories()).source).toBe("synced");
    expect((await chain.getStory("the-night-nurse"))?.source).toBe("synced");
    expect(wp.requests.slice(asked)).toEqual([]);
  });

  it("a remote that hangs from the start: lists, terms and stories answer from the copies within the hedge", {
    timeout: 30_000,
  }, async () => {
    await runContentSync({ chain: chainWith(wpSource()), force: true });
    wp.setMode("hang");
    // A fresh chain: its first probe hangs too.
    const chain = chainWith(wpSource(), { timeoutMs: 10_000 });
    const started = Date.now();
    const [list, terms] = await Promise.all([chain.listStories(), chain.listTerms()]);
    // HEDGE_MS (1.5 s), with a generous margin, against the 10 s timeout.
    expect(Date.now() - started).toBeLessThan(4_000);
    expect(list.source).toBe("synced");
    expect(terms.source).toBe("synced");
    expect(terms.categories.map((c) => c.name)).toContain("Folk Horror");
  });

  it("keeps a story it read through 600 requests for slugs that do not exist", { timeout: 60_000 }, async () => {
    const chain = chainWith(wpSource());
    const reads = () => wp.requests.filter((r) => r.includes("slug=bread-and-salt")).length;
    await chain.getStory("bread-and-salt");
    expect(reads()).toBe(1);
    for (let i = 0; i < 600; i++) await chain.getStory(`no-such-story-${i}`);
    expect((await chain.getStory("bread-and-salt"))?.source).toBe("wp");
    expect(reads()).toBe(1);
  });

  it("searches the remote with its search parameter", async () => {
    const result = await chainWith(wpSource()).listStories({ search: "lantern" });
    expect(result.total).toBe(3);
    expect(wp.requests.some((r) => r.includes("search=lantern"))).toBe(true);
  });
});

afterEach(() => {
  wp.requests.length = 0;
});
