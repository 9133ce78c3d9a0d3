// Upstream faults end to end: a site whose WordPress refuses connections,
// hangs, answers 500, an HTML page, items that fail validation, an object
// instead of a list, or nothing at all; and a healthy one asked for a page
// past its last (WordPress's 400). Readers still get stories (from the next
// source of the chain: the synced copies, the product's own posts) and never
// a 5xx; an administrator's sync records the failure instead of crashing.
// Each mode has its own WordPress test server and site, started here: the
// shared WordPress server's mode is global, and switching it would disturb
// the other suites.
import { httpClient } from "../support/http-client.ts";
import { freePort } from "../support/ports.ts";
import { ADMIN_ENV, SITE_ADMIN, type Site, startSite } from "../support/site-server.ts";
import { startWordPressServer, type WordPressMode, type WordPressServer } from "../support/wordpress-server.ts";
import { expect, test } from "./fixtures.ts";

type Fault = {
  mode: WordPressMode | "refused";
  syncFails: boolean;
  /** An empty WordPress still answers searches itself (no results), though the lists fall back. */
  searchEmpty?: boolean;
};

const FAULTS: Fault[] = [
  { mode: "refused", syncFails: true },
  { mode: "hang", syncFails: true },
  { mode: "error500", syncFails: true },
  { mode: "html", syncFails: true },
  { mode: "invalid-items", syncFails: false },
  { mode: "object", syncFails: true },
  { mode: "empty", syncFails: false, searchEmpty: true },
];

/** The pages and endpoints a reader asks for; each must answer 200 with stories in it. */
async function readEverything(site: Site, options: { searchEmpty?: boolean } = {}) {
  const reader = httpClient(site.url);
  const failures: string[] = [];
  const expectStories = async (path: string, check: (text: string) => boolean) => {
    const reply = await reader.get(path, { timeoutMs: 45_000 });
    if (reply.status !== 200 || !check(reply.text))
      failures.push(`${path}: ${reply.status} ${reply.text.slice(0, 120)}`);
    return reply;
  };
  const storyLink = /href="(\/story\/[a-z0-9-]+)"/;
  await expectStories("/", (t) => storyLink.test(t));
  await expectStories("/home", (t) => storyLink.test(t));
  await expectStories("/reader", (t) => storyLink.test(t));
  const list = await expectStories("/stories", (t) => storyLink.test(t));
  const story = list.text.match(storyLink)?.[1];
  if (story) {
    await expectStories(story, (t) => /<h1[^>]*>[^<]+<\/h1>/.test(t) && t.includes("<article"));
    await expectStories(story.replace("/story/", "/reader/"), (t) => t.includes("<article"));
  }
  await expectStories("/search?q=the", (t) => options.searchEmpty || storyLink.test(t));
  await expectStories("/feed.xml", (t) => t.includes("<item>"));
  const api = await expectStories("/api/posts?page=1&limit=5", (t) => (JSON.parse(t).posts ?? []).length > 0);
  const slug = api.status === 200 ? JSON.parse(api.text).posts?.[0]?.slug : undefined;
  if (slug) await expectStories(`/api/posts/${slug}`, (t) => JSON.parse(t).slug === slug);
  // Nothing a reader can ask for is a 5xx, stories or not.
  for (const path of ["/stories?page=2", "/stories?category=gothic", "/story/no-such-story", "/api/posts?page=999"]) {
    const reply = await reader.get(path, { timeoutMs: 45_000 });
    if (reply.status >= 500) failures.push(`${path}: ${reply.status}`);
  }
  return failures;
}

for (const fault of FAULTS) {
  test(`WordPress ${fault.mode}: readers get stories, nobody gets a 5xx`, async () => {
    test.setTimeout(120_000);
    let wordpress: WordPressServer | undefined;
    let site: Site | undefined;
    try {
      let wpUrl: string;
      if (fault.mode === "refused") {
        wpUrl = `http://127.0.0.1:${await freePort()}`;
      } else {
        wordpress = await startWordPressServer({ mode: fault.mode });
        wpUrl = wordpress.wpUrl;
      }
      site = await startSite({ env: { ...ADMIN_ENV, WP_URL: wpUrl } });
      expect(await readEverything(site, fault)).toEqual([]);

      // An administrator's sync against the faulty source is recorded, not a crash.
      if (fault.mode !== "hang") {
        const admin = httpClient(site.url);
        await admin.signIn(SITE_ADMIN.email, SITE_ADMIN.password);
        const sync = await admin.post("/admin/wordpress-sync", {
          body: { form: [["csrf", await admin.csrfToken()]] },
          timeoutMs: 60_000,
        });
        expect(sync.status).toBe(302);
        const page = await admin.get("/admin/wordpress-sync");
        expect(page.status).toBe(200);
        expect(page.text).toContain("Last sync");
        if (fault.syncFails) expect(page.text).toContain("failed");
      }
      expect(site.stderr()).not.toMatch(/\n\s+at .*\n\s+at /);
    } finally {
      await site?.dispose();
      await wordpress?.close();
    }
  });
}

test("WordPress's 400 past the last page: a 404 with a message, and the remote stays in use", async () => {
  test.setTimeout(60_000);
  const wordpress = await startWordPressServer({ mode: "healthy" });
  const site = await startSite({ env: { WP_URL: wordpress.wpUrl } });
  try {
    const reader = httpClient(site.url);
    const first = await reader.get("/stories");
    expect(first.text.replaceAll("<!-- -->", "")).toContain("24 stories");
    for (const page of [4, 99, 100_000]) {
      const past = await reader.get(`/stories?page=${page}`);
      expect(past.status, `page ${page}`).toBe(404);
      expect(past.text).toContain("<title>404 - Page Not Found | Horror Stories</title>");
    }
    expect(wordpress.requests.some((r) => /[?&]page=99\b/.test(r))).toBe(true);
    // The 400 was an answer, not a failure: the remote is still the source.
    const again = await reader.get("/stories?page=3");
    expect(again.status).toBe(200);
    expect(again.text.replaceAll("<!-- -->", "")).toContain("24 stories");
    expect(await readEverything(site)).toEqual([]);
  } finally {
    await site.dispose();
    await wordpress.close();
  }
});
