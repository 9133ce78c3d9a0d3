// The WordPress test server, checked over real HTTP on loopback: the REST shapes of posts,
// terms and media (its modes and its life as a process: wordpress-server-modes.test.ts).
import { describe, expect, it } from "vitest";
import { servedWordPress } from "./wordpress/served.ts";
import { WP_CATEGORIES, WP_POSTS, XSS_POST_CONTENT_RENDERED, XSS_POST_EXCERPT_RENDERED } from "./wordpress-server.ts";

const { wp, get, json } = servedWordPress();
type Post = Record<string, unknown> & { id: number; slug: string; title: { rendered: string } };

describe("posts list", () => {
  it("answers a page of posts with WordPress's headers", async () => {
    const { response, body } = await json<Post[]>("posts?page=1&per_page=10");
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toBe("application/json; charset=UTF-8");
    expect(response.headers.get("x-wp-total")).toBe("24");
    expect(response.headers.get("x-wp-totalpages")).toBe("3");
    expect(response.headers.get("link")).toBe(`<${wp.api}/posts?page=2&per_page=10>; rel="next"`);
    expect(response.headers.get("access-control-expose-headers")).toBe("X-WP-Total, X-WP-TotalPages, Link");
    expect(response.headers.get("allow")).toBe("GET");
    expect(body).toHaveLength(10);
    expect(body[0]).toEqual(WP_POSTS[0]);
    expect(body.map((post) => post.id)).toEqual([53, 52, 51, 50, 49, 48, 47, 46, 45, 44]);
    expect(Object.keys(body[0] ?? {})).toEqual([
      "id",
      "date",
      "date_gmt",
      "guid",
      "modified",
      "modified_gmt",
      "slug",
      "status",
      "type",
      "link",
      "title",
      "content",
      "excerpt",
      "author",
      "featured_media",
      "comment_status",
      "ping_status",
      "sticky",
      "template",
      "format",
      "meta",
      "categories",
      "tags",
      "_links",
    ]);
  });

  it("has a dataset shaped as the brief asks", () => {
    expect(WP_POSTS.map((post) => post.id)).toEqual(Array.from({ length: 24 }, (_, i) => 53 - i));
    expect(WP_POSTS[0]).toMatchObject({ id: 53, date: "2024-10-19T21:48:00", slug: "last-ferry-to-hollin-isle" });
    expect(WP_POSTS[23]?.date).toBe("2024-09-26T21:48:00");
    expect(new Set(WP_POSTS.map((post) => post.slug)).size).toBe(24);
    for (const post of WP_POSTS) {
      expect(post.categories.length).toBeGreaterThanOrEqual(1);
      expect(post.categories.every((id) => id >= 2 && id <= 4)).toBe(true);
      expect(post.tags.every((id) => id >= 5 && id <= 10)).toBe(true);
      expect([0, 9]).toContain(post.featured_media);
    }
    const withFerry = WP_POSTS.filter((post) => /ferry/i.test(post.title.rendered + post.content.rendered));
    expect(withFerry.map((post) => post.id)).toEqual([53]);
  });

  it("links to the previous and next pages in the middle", async () => {
    const response = await get("posts?per_page=10&page=2");
    expect(response.headers.get("link")).toBe(
      `<${wp.api}/posts?per_page=10&page=1>; rel="prev", <${wp.api}/posts?per_page=10&page=3>; rel="next"`,
    );
    const last = await json<Post[]>("posts?page=3&per_page=10");
    expect(last.body.map((post) => post.id)).toEqual([33, 32, 31, 30]);
    expect(last.response.headers.get("link")).toBe(`<${wp.api}/posts?page=2&per_page=10>; rel="prev"`);
  });

  it("keeps only the _fields asked for, in WordPress's key order", async () => {
    const { body } = await json<Post[]>("posts?per_page=3&_fields=id,date,title,excerpt,slug,featured_media");
    expect(body).toHaveLength(3);
    for (const item of body)
      expect(Object.keys(item)).toEqual(["id", "date", "slug", "title", "excerpt", "featured_media"]);
    expect(body[0]).toEqual({
      id: 53,
      date: "2024-10-19T21:48:00",
      slug: "last-ferry-to-hollin-isle",
      title: { rendered: "Last Ferry to Hollin Isle" },
      excerpt: WP_POSTS[0]?.excerpt,
      featured_media: 9,
    });
    expect(WP_POSTS[0]?.excerpt.rendered).toMatch(/Morwenna wrote it down anyway, \[&hellip;\]<\/p>\n$/);
    const nested = await json<Post[]>("posts?per_page=1&_fields=id,title.rendered");
    expect(nested.body).toEqual([{ id: 53, title: { rendered: "Last Ferry to Hollin Isle" } }]);
  });

  it("answers a page past the end with rest_post_invalid_page_number", async () => {
    const { response, body } = await json("posts?page=4&per_page=10");
    expect(response.status).toBe(400);
    expect(body).toEqual({
      code: "rest_post_invalid_page_number",
      message: "The page number requested is larger than the number of pages available.",
      data: { status: 400 },
    });
  });

  it("rejects per_page and page out of bounds like WordPress", async () => {
    for (const perPage of ["0", "101", "abc"]) {
      const { response, body } = await json<{ code: string; data: { params: Record<string, string> } }>(
        `posts?per_page=${perPage}`,
      );
      expect(response.status).toBe(400);
      expect(body.code).toBe("rest_invalid_param");
      expect(Object.keys(body.data.params)).toEqual(["per_page"]);
    }
    const { body } = await json<{ message: string; data: unknown }>("posts?per_page=101");
    expect(body.message).toBe("Invalid parameter(s): per_page");
    expect(body.data).toMatchObject({
      status: 400,
      params: { per_page: "per_page must be between 1 (inclusive) and 100 (inclusive)" },
    });
    expect((await get("posts?page=0")).status).toBe(400);
    expect((await get("posts?per_page=100")).status).toBe(200);
  });

  it("finds posts by slug, one or several", async () => {
    const one = await json<Post[]>("posts?slug=bread-and-salt");
    expect(one.body).toHaveLength(1);
    expect(one.body[0]?.title.rendered).toBe("Bread &#038; Salt");
    expect(one.response.headers.get("x-wp-total")).toBe("1");
    const quotes = await json<Post[]>("posts?slug=dont-answer");
    expect(quotes.body[0]?.title.rendered).toBe("&#8220;Don&#8217;t Answer&#8221;");
    const two = await json<Post[]>("posts?slug=dont-answer,bread-and-salt");
    expect(two.body.map((post) => post.slug)).toEqual(["bread-and-salt", "dont-answer"]);
    const none = await json<Post[]>("posts?slug=no-such-story");
    expect(none.response.status).toBe(200);
    expect(none.body).toEqual([]);
    expect(none.response.headers.get("x-wp-total")).toBe("0");
    expect(none.response.headers.get("x-wp-totalpages")).toBe("0");
  });

  it("searches titles and content, case-insensitively", async () => {
    const lantern = await json<Post[]>("posts?search=LANTERN");
    expect(lantern.body).toHaveLength(3);
    expect(lantern.response.headers.get("x-wp-total")).toBe("3");
    const ferry = await json<Post[]>("posts?search=ferry");
    expect(ferry.body.map((post) => post.id)).toEqual([53]);
    const salt = await json<Post[]>(`posts?search=${encodeURIComponent("bread & salt")}`);
    expect(salt.body.map((post) => post.slug)).toEqual(["bread-and-salt"]);
  });

  it("filters by categories and tags (any of the ids)", async () => {
    const folk = await json<Post[]>("posts?categories=4&per_page=100");
    const expected = WP_POSTS.filter((post) => post.categories.includes(4));
    expect(folk.body.map((post) => post.id)).toEqual(expected.map((post) => post.id));
    expect(folk.response.headers.get("x-wp-total")).toBe(String(WP_CATEGORIES.find((c) => c.id === 4)?.count));
    const either = await json<Post[]>("posts?categories=2,4&per_page=100");
    expect(either.body).toHaveLength(WP_POSTS.filter((p) => p.categories.some((id) => id === 2 || id === 4)).length);
    const mirrors = await json<Post[]>("posts?tags=10&per_page=100");
    expect(mirrors.body.length).toBeGreaterThan(0);
    expect(mirrors.body.every((post) => (post.tags as number[]).includes(10))).toBe(true);
    const paged = await get("posts?categories=4&per_page=5");
    expect(paged.headers.get("link")).toBe(`<${wp.api}/posts?categories=4&per_page=5&page=2>; rel="next"`);
  });

  it("serves the password-protected and hostile posts verbatim", async () => {
    const sealed = await json<Post[]>("posts?slug=the-sealed-letter");
    expect(sealed.body[0]).toMatchObject({
      slug: "the-sealed-letter",
      status: "publish",
      content: { rendered: "", protected: true },
      excerpt: { rendered: "", protected: true },
    });
    const cursed = await json<Post[]>("posts?slug=the-cursed-post");
    expect(cursed.body[0]).toMatchObject({
      title: { rendered: "The Cursed Post" },
      content: { rendered: XSS_POST_CONTENT_RENDERED, protected: false },
      excerpt: { rendered: XSS_POST_EXCERPT_RENDERED, protected: false },
    });
    expect(XSS_POST_CONTENT_RENDERED).toContain("<script>alert(1)</script>");
    expect(XSS_POST_CONTENT_RENDERED).toContain('onerror="alert(2)"');
    expect(XSS_POST_CONTENT_RENDERED).toContain('href="javascript:alert(3)"');
    expect(XSS_POST_CONTENT_RENDERED).toContain('onclick="alert(4)"');
  });
});

describe("single items, terms and media", () => {
  it("answers a post by id, or rest_post_invalid_id", async () => {
    const { response, body } = await json("posts/42");
    expect(response.status).toBe(200);
    expect(body).toEqual(WP_POSTS.find((post) => post.id === 42));
    const missing = await json("posts/999");
    expect(missing.response.status).toBe(404);
    expect(missing.body).toEqual({ code: "rest_post_invalid_id", message: "Invalid post ID.", data: { status: 404 } });
  });

  it("lists categories and tags with totals, full or trimmed", async () => {
    const trimmed = await json<Record<string, unknown>[]>("categories?_fields=id,name,slug,count");
    expect(trimmed.response.headers.get("x-wp-total")).toBe("4");
    expect(trimmed.response.headers.get("x-wp-totalpages")).toBe("1");
    expect(trimmed.body.map((c) => c.id)).toEqual([4, 2, 3, 1]);
    expect(Object.keys(trimmed.body[0] ?? {})).toEqual(["id", "count", "name", "slug"]);
    expect(trimmed.body.find((c) => c.id === 1)).toEqual({
      id: 1,
      count: 0,
      name: "Uncategorized",
      slug: "uncategorized",
    });
    const full = await json<Record<string, unknown>[]>("categories");
    expect(full.body[0]).toMatchObject({ description: "", taxonomy: "category", parent: 0, link: expect.any(String) });
    const tags = await json<Record<string, unknown>[]>("tags?per_page=100");
    expect(tags.response.headers.get("x-wp-total")).toBe("6");
    expect(tags.body.map((t) => t.id).sort((a, b) => Number(a) - Number(b))).toEqual([5, 6, 7, 8, 9, 10]);
    expect(tags.body[0]).toMatchObject({ taxonomy: "post_tag" });
    expect(tags.body[0]).not.toHaveProperty("parent");
    const some = await json<Record<string, unknown>[]>("tags?include=6,10&_fields=id,slug");
    expect(some.body).toEqual([
      { id: 10, slug: "mirrors" },
      { id: 6, slug: "winter" },
    ]);
  });

  it("answers the media item with sizes on its own origin, and serves the PNG", async () => {
    const { response, body } = await json<{
      id: number;
      source_url: string;
      media_details: { sizes: Record<string, { source_url: string; width: number; height: number }> };
    }>("media/9");
    expect(response.status).toBe(200);
    expect(body).toMatchObject({
      id: 9,
      media_type: "image",
      mime_type: "image/png",
      alt_text: "Procedurally drawn cover: Blue hour",
    });
    expect(Object.keys(body.media_details.sizes)).toEqual(
      expect.arrayContaining(["thumbnail", "medium", "large", "full"]),
    );
    expect(body.source_url).toBe(`${wp.server.origin}/wp-content/uploads/2024/09/nightfall-cover-5.png`);
    const thumbnail = body.media_details.sizes.thumbnail;
    expect(thumbnail?.source_url.startsWith(`${wp.server.origin}/wp-content/uploads/`)).toBe(true);
    const image = await fetch(thumbnail?.source_url ?? "");
    expect(image.status).toBe(200);
    expect(image.headers.get("content-type")).toBe("image/png");
    const bytes = Buffer.from(await image.arrayBuffer());
    expect(bytes.subarray(0, 8)).toEqual(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]));
    expect([bytes.readUInt32BE(16), bytes.readUInt32BE(20)]).toEqual([150, 150]);
    expect((await get("media/8")).status).toBe(404);
  });

  it("answers unknown routes with rest_no_route", async () => {
    for (const path of ["users", "posts/abc", "nope/1"]) {
      const { response, body } = await json(path);
      expect(response.status).toBe(404);
      expect(body).toEqual({
        code: "rest_no_route",
        message: "No route was found matching the URL and request method.",
        data: { status: 404 },
      });
    }
    expect((await fetch(`${wp.server.origin}/somewhere`)).status).toBe(404);
  });
});

describe("WordPress.com style API", () => {
  it("serves the same posts under /wpcom/wp/v2/sites/{site}", async () => {
    const base = `${wp.server.wpcomApiBase}/wp/v2/sites/example.wordpress.com`;
    const response = await fetch(`${base}/posts?page=1&per_page=10`);
    expect(response.status).toBe(200);
    expect(response.headers.get("x-wp-total")).toBe("24");
    expect(response.headers.get("link")).toBe(`<${base}/posts?page=2&per_page=10>; rel="next"`);
    expect(((await response.json()) as Post[])[0]).toEqual(WP_POSTS[0]);
    const single = await fetch(`${wp.server.wpcomApiBase}/wp/v2/sites/another.blog/posts/53`);
    expect(((await single.json()) as Post).slug).toBe("last-ferry-to-hollin-isle");
    expect((await fetch(`${base}/categories`)).headers.get("x-wp-total")).toBe("4");
  });
});
