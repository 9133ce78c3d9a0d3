// The community content flag off, on a site of its own (the flag is global, and
// the shared suite server keeps it on for the other community tests): /community
// says what is coming, every other community address is a 404; an admin's
// choice stored in the database opens it without a restart.
import { newReader } from "../support/accounts";
import { httpClient } from "../support/http-client";
import { startSite } from "../support/site-server";
import { expect, onOwnSite } from "../support/test";

const test = onOwnSite("community-closed", () => startSite({ env: { COMMUNITY_CONTENT: "off" } }));

test.describe.configure({ mode: "serial" });

const CLOSED = [
  "/community/threads/1",
  "/community/posts/1",
  "/community/posts/1/edit",
  "/community/posts/1/delete",
  "/community/report?post=1",
  "/community-story/the-lantern/comments",
];

test("flag off: /community is a coming-soon page and the rest of the community is a 404", async ({
  page,
  checkA11y,
}) => {
  const response = await page.goto("/community");
  expect(response?.status()).toBe(200);
  await expect(page.getByRole("heading", { level: 1, name: "Community" })).toBeVisible();
  await expect(page.getByText("Coming soon.")).toBeVisible();
  await expect(page.getByText(/writers will publish their own stories/)).toBeVisible();
  await expect(page.getByRole("heading", { name: "Start a thread" })).toHaveCount(0);
  await checkA11y();
  for (const path of CLOSED) {
    const closed = await page.goto(path);
    expect(closed?.status(), path).toBe(404);
    await expect(page).toHaveTitle("404 - Page Not Found | Horror Stories");
  }
});

test("flag off: posting to the community is a 404 that writes nothing, even for a signed-in reader", async ({
  site,
}) => {
  const client = httpClient(site.url);
  await client.register(newReader());
  const token = await client.csrfToken();
  const before = await site.counts();
  const rows: [string, [string, string][]][] = [
    [
      "/community",
      [
        ["title", "A thread"],
        ["body", "Its first post"],
      ],
    ],
    ["/community/threads/1", [["body", "A reply"]]],
    [
      "/community/report",
      [
        ["postId", "1"],
        ["reason", "spam"],
      ],
    ],
    ["/community-story/the-lantern/comments", [["body", "A comment"]]],
    ["/community/posts/1/edit", [["body", "Changed"]]],
    ["/community/posts/1/delete", []],
  ];
  for (const [path, fields] of rows) {
    const reply = await client.post(path, { body: { form: [...fields, ["csrf", token]] } });
    expect(reply.status, path).toBe(404);
  }
  const { RateLimit: _a, ...after } = await site.counts();
  const { RateLimit: _b, ...was } = before;
  expect(after).toEqual(was);
});

test("an admin's choice in the database opens the community without a restart", async ({ page, site }) => {
  await site.query(
    `INSERT INTO "KeyValue" ("key", "value", "updatedAt") VALUES ('site:communityContent', 'true', ?)
     ON CONFLICT ("key") DO UPDATE SET "value" = 'true'`,
    [new Date().toISOString()],
  );
  try {
    // Anonymous pages may be served from the page cache for a second.
    await expect
      .poll(async () => {
        await page.goto(`/community`);
        return page.getByRole("heading", { name: "Start a thread" }).count();
      })
      .toBe(1);
    expect((await page.goto("/community/threads/999999"))?.status()).toBe(404);
    await expect(page).toHaveTitle("404 - Page Not Found | Horror Stories");
  } finally {
    await site.query(`DELETE FROM "KeyValue" WHERE "key" = 'site:communityContent'`);
  }
});
