// The authorisation and CSRF matrix of the downloads and of reading offline
// (issue 44, docs/decisions/042), kept in a file of its own while endpoints.ts
// is split by domain: a download of a story is refused exactly when its page
// is (a draft, a scheduled, an unpublished or a hidden community story); a
// shelf and the saved list are the signed-in reader's own; a POST to any of
// these routes (none has an action) is refused by the CSRF check first; and
// downloads are rate-limited and built once per story version.
import { randomUUID } from "node:crypto";
import { httpClient } from "../support/http-client.ts";
import { fillPath, pageRoutes } from "../support/route-table.ts";
import type { Site } from "../support/site-server.ts";
import { dataCounts, expect, type Role, test } from "./fixtures.ts";

const STORY = "the-widows-clock";
const ROLES: Role[] = ["anonymous", "reader", "admin"];

/** Every route of issue 44, with values for its parameters. */
const ROUTES: Record<string, Record<string, string>> = {
  "/story/:slug/download/:format": { slug: STORY, format: "epub" },
  "/community-story/:slug/download/:format": { slug: "no-such-story", format: "epub" },
  "/bookmarks/download/:shelf": { shelf: "bookmarked" },
  "/offline": {},
  "/offline/saved": {},
};

test("every download and offline route is in this matrix", () => {
  const found = pageRoutes()
    .map((r) => r.path)
    .filter((p) => /\/download\/|^\/offline/.test(p) && !p.startsWith("/settings/"));
  expect(found.sort()).toEqual(Object.keys(ROUTES).sort());
});

/** An own post of the given state, straight into the database (as an admin's editor or a writer leaves it). */
async function ownPost(site: Site, state: { status: string; publishedAt?: string; community?: boolean }) {
  const slug = `download-${randomUUID().slice(0, 8)}`;
  const now = new Date().toISOString();
  // Only the columns this state sets: the others keep their defaults (NULL dates).
  const columns: [string, string][] = [
    ["slug", slug],
    ["title", "The Cellar Stair"],
    ["content", "<p>Down.</p>"],
    ["status", state.status],
    ["warnings", "gore"],
    ['"createdAt"', now],
    ['"updatedAt"', now],
    ...(state.publishedAt ? [['"publishedAt"', state.publishedAt] as [string, string]] : []),
    ...(state.community ? [['"submittedAt"', now] as [string, string]] : []),
    // A published story was announced when it was approved or published. Without the mark the
    // announcement job (a minute's timer) would tell every reader of this worker's site about it in
    // the middle of a later test, which then sees Notification rows it did not write.
    ...(state.status === "published" ? [['"announcedAt"', now] as [string, string]] : []),
  ];
  await site.query(
    `INSERT INTO "Post" (${columns.map(([c]) => c).join(", ")}) VALUES (${columns.map(() => "?").join(", ")})`,
    columns.map(([, v]) => v),
  );
  return slug;
}

for (const role of ROLES) {
  test(`${role}: a story downloads as EPUB and HTML, and is refused exactly when its page is`, async ({ site, as }) => {
    const client = await as(role);
    const epub = await client.get(`/story/${STORY}/download/epub`);
    expect(epub.status).toBe(200);
    expect(epub.headers.get("content-type")).toBe("application/epub+zip");
    expect(epub.headers.get("content-disposition")).toBe(`attachment; filename="${STORY}.epub"`);
    const html = await client.get(`/story/${STORY}/download/html`);
    expect(html.status).toBe(200);
    expect(html.headers.get("content-type")).toBe("text/html; charset=utf-8");
    expect(html.headers.get("content-security-policy")).toMatch(/^default-src 'none';/);
    expect(html.text).not.toMatch(/<script/i);

    const hidden = [
      await ownPost(site, { status: "draft" }),
      await ownPost(site, { status: "published", publishedAt: new Date(Date.now() + 86_400_000).toISOString() }),
      await ownPost(site, { status: "draft", community: true }),
      await ownPost(site, { status: "withdrawn", community: true }),
      "no-such-story",
    ];
    for (const slug of hidden) {
      for (const page of [`/story/${slug}`, `/community-story/${slug}`]) {
        expect((await client.get(page)).status, page).toBe(404);
        for (const format of ["epub", "html"]) {
          const reply = await client.get(`${page}/download/${format}`);
          expect(reply.status, `${page}/download/${format}`).toBe(404);
          expect(reply.headers.get("content-disposition")).toBeNull();
        }
      }
    }
    // A community story readers could read and that was taken down (withdrawn, unpublished by an
    // admin, or deleted: RemovedStory) is 410 Gone at every address, downloads too (decision 060).
    const removed = `download-${randomUUID().slice(0, 8)}`;
    await site.query('INSERT INTO "RemovedStory" ("slug", "removedAt") VALUES (?, ?)', [
      removed,
      new Date().toISOString(),
    ]);
    const takenDown = [
      await ownPost(site, { status: "withdrawn", community: true, publishedAt: new Date().toISOString() }),
      removed,
    ];
    for (const slug of takenDown) {
      for (const page of [`/story/${slug}`, `/community-story/${slug}`, `/community-story/${slug}/comments`]) {
        const reply = await client.get(page);
        expect(reply.status, page).toBe(410);
        expect(reply.text, page).toContain("This story is no longer available: it was taken down.");
      }
      // One download of each address and format (a download counts against the per-address limit of 30).
      for (const download of [`/community-story/${slug}/download/epub`, `/story/${slug}/download/html`]) {
        const file = await client.get(download);
        expect(file.status, download).toBe(410);
        expect(file.headers.get("content-disposition")).toBeNull();
      }
    }
    // A published community story downloads from its own page, with its warnings before the text.
    const community = await ownPost(site, { status: "published", community: true });
    expect((await client.get(`/community-story/${community}`)).status).toBe(200);
    const file = await client.get(`/community-story/${community}/download/html`);
    expect(file.status).toBe(200);
    expect(file.text).toMatch(/Content warnings[\s\S]*Gore[\s\S]*<p>Down\.<\/p>/);
    // Its story address leads to its own page, where its warnings are: a community story without an
    // author (its writer left) too, which the chain serves at /story/{slug} as well.
    const moved = await client.get(`/story/${community}`);
    expect(moved.status).toBe(301);
    expect(moved.headers.get("location")).toBe(`/community-story/${community}`);
    expect((await client.get(`/story/${STORY}/download/pdf`)).status).toBe(404);
  });
}

test("a shelf downloads only for its reader: anonymous readers are sent to sign in", async ({ as }) => {
  const anonymous = await as("anonymous");
  const reply = await anonymous.get("/bookmarks/download/bookmarked");
  expect(reply.status).toBe(302);
  expect(reply.location).toBe(`/auth?${new URLSearchParams({ redirectTo: "/bookmarks/download/bookmarked" })}`);
  // A shelf that cannot be is a 404 for anyone, before the sign-in redirect.
  expect((await anonymous.get("/bookmarks/download/no-such-shelf")).status).toBe(404);

  const owner = await as("reader");
  const headers = { "X-CSRF-Token": await owner.csrfToken() };
  expect((await owner.get("/bookmarks/download/bookmarked")).status).toBe(404);
  const shelved = await owner.post("/api/bookmarks", { body: { json: { slug: STORY, shelf: "read-later" } }, headers });
  expect(shelved.status).toBe(200);
  const mine = await owner.get("/bookmarks/download/read-later");
  expect(mine.status).toBe(200);
  expect(mine.headers.get("content-type")).toBe("application/epub+zip");
  expect(mine.headers.get("cache-control")).toContain("no-store");
  expect((await owner.get("/bookmarks/download/no-such-shelf")).status).toBe(404);
  // Another reader, or an admin, gets their own shelf: empty.
  for (const role of ["reader", "admin"] as const) {
    expect((await (await as(role)).get("/bookmarks/download/read-later")).status, role).toBe(404);
  }
});

test("the saved list names only the signed-in reader's stories, and nobody's for an anonymous reader", async ({
  as,
}) => {
  const anonymous = await as("anonymous");
  const none = await anonymous.get("/offline/saved");
  expect(none.status).toBe(200);
  expect(none.json).toEqual({ reader: null, pages: [], stories: [] });

  const owner = await as("reader");
  const headers = { "X-CSRF-Token": await owner.csrfToken() };
  await owner.post("/api/bookmarks", { body: { json: { slug: STORY, shelf: "bookmarked" } }, headers });
  const list = await owner.get("/offline/saved");
  expect(list.headers.get("cache-control")).toContain("no-store");
  const saved = list.json as { reader: string; pages: string[]; stories: { url: string }[] };
  expect(saved.reader).toMatch(/^[\w-]{22}$/);
  expect(saved.pages).toEqual(["/bookmarks"]);
  expect(saved.stories.map((s) => s.url)).toEqual([`/story/${STORY}`]);
  const other = (await (await as("reader")).get("/offline/saved")).json as { reader: string; stories: unknown[] };
  expect(other.stories).toEqual([]);
  expect(other.reader).not.toBe(saved.reader);
});

test("the offline page is the same for everyone and runs no script", async ({ as }) => {
  for (const role of ROLES) {
    const reply = await (await as(role)).get("/offline");
    expect(reply.status, role).toBe(200);
    expect(reply.headers.get("content-security-policy"), role).toMatch(/^default-src 'none';/);
    expect(reply.text, role).toContain("You are offline");
    expect(reply.text, role).not.toMatch(/<script|csrf/i);
  }
});

test("a POST to a download or offline route is refused by the CSRF check and changes nothing", async ({ site }) => {
  const client = httpClient(site.url);
  const before = await site.counts();
  for (const [path, params] of Object.entries(ROUTES)) {
    const url = fillPath(path, params);
    const reply = await client.post(url, { body: { form: [["x", "1"]] } });
    expect(reply.status, url).toBe(403);
  }
  expect(dataCounts(await site.counts())).toEqual(dataCounts(before));
});

test("downloads are rate-limited per address, and a story version is one file (same ETag, 304)", async ({ site }) => {
  const client = httpClient(site.url);
  const headers = { "X-Test-Client": randomUUID() };
  const first = await client.get(`/story/${STORY}/download/epub`, { headers });
  const etag = first.headers.get("etag") ?? "";
  expect(etag).toMatch(/^"[\w-]+"$/);
  const again = await client.get(`/story/${STORY}/download/epub`, { headers: { ...headers, "If-None-Match": etag } });
  expect(again.status).toBe(304);
  // 30 downloads in 10 minutes (DOWNLOAD_LIMIT): two above, 28 more, then the 429 page.
  for (let i = 0; i < 28; i++) {
    const reply = await client.get(`/story/${STORY}/download/html`, { headers });
    expect(reply.status).toBe(200);
  }
  const refused = await client.get(`/story/${STORY}/download/html`, { headers });
  expect(refused.status).toBe(429);
  expect(Number(refused.headers.get("retry-after"))).toBeGreaterThan(0);
  // Another address is not touched.
  expect(
    (await client.get(`/story/${STORY}/download/html`, { headers: { "X-Test-Client": randomUUID() } })).status,
  ).toBe(200);
});
