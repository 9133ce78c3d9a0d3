import { expect, test } from "@playwright/test";

test("anonymous story and list pages are cacheable, with an ETag answered 304", async ({ playwright, baseURL }) => {
  // A fresh request context: no cookies, as a first-time anonymous reader.
  const request = await playwright.request.newContext({ baseURL });
  for (const path of ["/stories", "/story/bread-and-salt"]) {
    const first = await request.get(path);
    expect(first.status()).toBe(200);
    expect(first.headers()["cache-control"]).toMatch(/^public, max-age=\d+/);
    const etag = first.headers().etag;
    expect(etag).toMatch(/^W\/".+"$/);
    const again = await request.get(path, { headers: { "If-None-Match": etag as string } });
    expect(again.status()).toBe(304);
    expect(await again.body()).toHaveLength(0);
    const other = await request.get(path, { headers: { "If-None-Match": 'W/"something-else"' } });
    expect(other.status()).toBe(200);
  }
  // A reader with a preference cookie gets a private answer: shared caches must not mix themes.
  const withCookie = await request.get("/stories", { headers: { Cookie: "hs_theme=ImRhcmsi" } });
  expect(withCookie.headers()["cache-control"]).toMatch(/^private/);
  await request.dispose();
});

test("GET /feed.xml is an RSS 2.0 feed of the latest stories, linked from the head", async ({ request }) => {
  const home = await (await request.get("/")).text();
  expect(home).toMatch(
    /<link rel="alternate" type="application\/rss\+xml" title="Horror Stories" href="\/feed.xml"\/>/,
  );
  const feed = await request.get("/feed.xml");
  expect(feed.headers()["content-type"]).toContain("application/rss+xml");
  const xml = await feed.text();
  expect(xml).toContain('<rss version="2.0"');
  expect((xml.match(/<item>/g) ?? []).length).toBe(20);
  expect(xml).toContain("<title>Bread &amp; Salt</title>");
});

test("GET /api/posts lists the stored stories newest first, with hasMore", async ({ request }) => {
  const response = await request.get("/api/posts?page=1&limit=5");
  expect(response.status()).toBe(200);
  const body = await response.json();
  expect(body.posts).toHaveLength(5);
  expect(body.hasMore).toBe(true);
  for (const post of body.posts) {
    expect(post).toEqual(
      expect.objectContaining({
        id: expect.any(Number),
        createdAt: expect.any(String),
        date: expect.any(String),
        slug: expect.any(String),
        title: { rendered: expect.any(String) },
        excerpt: { rendered: expect.any(String) },
      }),
    );
  }
  const dates = body.posts.map((p: { date: string }) => Date.parse(p.date));
  expect([...dates].sort((a, b) => b - a)).toEqual(dates);

  const one = await request.get(`/api/posts/${body.posts[0].slug}`);
  expect((await one.json()).slug).toBe(body.posts[0].slug);
  expect((await request.get("/api/posts/no-such-post")).status()).toBe(404);
  for (const bad of ["page=0", "limit=1000", "page=abc", "limit=-1"]) {
    const response = await request.get(`/api/posts?${bad}`);
    expect(response.status()).toBe(400);
    expect((await response.json()).message).toBeTruthy();
  }
});

test("a story's featured image is a <picture> from our image endpoint, eager only on a connection known to be fast", async ({
  playwright,
  baseURL,
}) => {
  const request = await playwright.request.newContext({ baseURL });
  const hero = async (headers: Record<string, string>) => {
    const response = await request.get("/story/last-ferry-to-hollin-isle", { headers });
    expect(response.headers()["accept-ch"]).toBe("Save-Data, ECT, Downlink");
    expect(response.headers().vary).toContain("ECT");
    expect(response.headers().vary).toContain("Downlink");
    const html = await response.text();
    return {
      img: html.match(/<img [^>]*alt="Procedurally drawn cover: Blue hour"[^>]*>/)?.[0] ?? "",
      deferred: html.includes("Show the full image"),
      html,
    };
  };
  // No hints (every first visit): the preview and "Show the full image"; the image only inside an
  // inert <template>, which the page's own script puts in place when the browser's link is not slow.
  const unknown = await hero({});
  expect(unknown.deferred).toBe(true);
  const outsideTemplates = unknown.html.replace(/<template>[\s\S]*?<\/template>/g, "");
  expect(outsideTemplates).not.toContain('alt="Procedurally drawn cover: Blue hour"');
  expect(unknown.html).toMatch(
    /<template><picture>[\s\S]*?<img [^>]*alt="Procedurally drawn cover: Blue hour"[^>]*fetchpriority="high"[\s\S]*?<\/template><\/div><script>/,
  );
  expect(unknown.html).toContain('href="?image=full#story-image"');
  expect(unknown.html).toMatch(/aspect-ratio:1200 \/ 675;background-image:url\(data:image\/webp;base64,/);
  const normal = await hero({ ECT: "4g" });
  expect(normal.img).toMatch(/src="\/img\/[^"]+\/640\.jpg"/);
  expect(normal.img).toContain('width="1200"');
  expect(normal.img).toContain('height="675"');
  expect(normal.img).toContain('loading="eager"');
  expect(normal.img).toMatch(/fetchpriority="high"/i);
  expect(normal.html).not.toContain("nightfall-cover-5");
  expect(normal.deferred).toBe(false);
  const slowHints: Record<string, string>[] = [
    { "Save-Data": "on" },
    { ECT: "2g" },
    { ECT: "slow-2g" },
    { Downlink: "0.05" },
  ];
  for (const hint of slowHints) {
    const slow = await hero(hint);
    expect(slow.deferred, JSON.stringify(hint)).toBe(true);
    expect(slow.img).toBe("");
    expect(slow.html).not.toContain("<template>");
  }
  expect((await hero({ ECT: "3g", Downlink: "0.4" })).deferred).toBe(false);
  expect((await hero({ ECT: "4g", "Save-Data": "on" })).deferred).toBe(true);
  // The link asks for the image whatever the hints.
  const asked = await request.get("/story/last-ferry-to-hollin-isle?image=full", { headers: { "Save-Data": "on" } });
  expect(await asked.text()).toMatch(/<img [^>]*fetchpriority="high"/i);
  await request.dispose();
});

test("GET /og-image.png, the Open Graph image every page names, is a 1200x630 PNG", async ({ request }) => {
  const home = await (await request.get("/")).text();
  expect(home).toMatch(/<meta property="og:image" content="[^"]*\/og-image\.png"/);
  const image = await request.get("/og-image.png");
  expect(image.status()).toBe(200);
  expect(image.headers()["content-type"]).toBe("image/png");
  const png = await image.body();
  expect(png.subarray(1, 4).toString("ascii")).toBe("PNG");
  // IHDR: width and height are the first two 32-bit fields after the chunk header.
  expect([png.readUInt32BE(16), png.readUInt32BE(20)]).toEqual([1200, 630]);
  expect(png.length).toBeLessThan(100_000);
});
