// The content cache's bounds: entries, bytes, and misses kept apart from hits.
import { describe, expect, it } from "vitest";
import { createSwrCache, FRESH_MS } from "./cache.server";

const isMiss = (value: unknown) => value === "none";

describe("the content cache", () => {
  it("holds at most maxEntries entries", async () => {
    const cache = createSwrCache({ maxEntries: 10 });
    for (let i = 0; i < 100; i++) await cache.get(`story|${i}`, async () => ({ i }));
    expect(cache.stats().hits.entries).toBe(10);
  });

  it("holds at most maxBytes, counting keys and values", async () => {
    const cache = createSwrCache({ maxEntries: 1_000, maxBytes: 10_000 });
    for (let i = 0; i < 100; i++) await cache.get(`story|${i}`, async () => ({ text: "x".repeat(3_000) }));
    const { entries, bytes } = cache.stats().hits;
    expect(bytes).toBeLessThanOrEqual(10_000);
    expect(entries).toBe(3);
    // One value larger than the whole cache is answered, not kept.
    expect(await cache.get("huge", async () => "y".repeat(20_000))).toHaveLength(20_000);
    expect(cache.has("huge")).toBe(false);
  });

  it("keeps misses in a small cache of their own: a stream of them never evicts a hit", async () => {
    const cache = createSwrCache({ maxEntries: 100, isMiss, maxMisses: 50, maxMissBytes: 4_096 });
    let loads = 0;
    const hot = async () => {
      loads++;
      return { title: "The Night Nurse" };
    };
    await cache.get("story|the-night-nurse", hot);
    // 2,000 requests for slugs that do not exist (spec'd finding: they grew the server by ~100 MB).
    for (let i = 0; i < 2_000; i++) await cache.get(`story|random-${i}`, async () => "none" as const);
    const { hits, misses } = cache.stats();
    expect(misses.entries).toBeLessThanOrEqual(50);
    expect(misses.bytes).toBeLessThanOrEqual(4_096);
    expect(hits.entries).toBe(1);
    await cache.get("story|the-night-nurse", hot);
    expect(loads).toBe(1);
  });

  it("moves a key between the two when its answer changes", async () => {
    let now = 0;
    const cache = createSwrCache({ isMiss, now: () => now });
    await cache.get("story|a", async () => "none" as const);
    expect(cache.stats().misses.entries).toBe(1);
    now += FRESH_MS + 1;
    // Stale: served at once, refreshed in the background.
    expect(await cache.get("story|a", async () => ({ found: true }))).toBe("none");
    await expect.poll(() => cache.stats().hits.entries).toBe(1);
    expect(cache.stats().misses.entries).toBe(0);
    expect(await cache.get("story|a", async () => "none" as const)).toEqual({ found: true });
  });
});
