// The authorisation matrix for what readers write (authz.spec.ts has the admin routes):
// the community's forms and the writers' pages.
import { randomUUID } from "node:crypto";
import { hiddenFields as hiddenFieldsOf, httpClient } from "../support/http-client.ts";
import { pageRoutes } from "../support/route-table.ts";
import type { Site } from "../support/site-server.ts";
import { expectSignedInPage } from "./authz-pages.ts";
import { dataCounts, expect, newReader, ROLES, test } from "./fixtures.ts";

// The community's writing forms (docs/decisions/015): anonymous readers are sent to sign
// in and nothing is written; signed-in readers write; only an administrator
// moderates. Threads and stories are made in the database, so every request
// names a real one.
async function communityFixture(site: Site) {
  const writer = httpClient(site.url);
  const account = newReader();
  await writer.register(account);
  const [user] = await site.query<{ id: string }>('SELECT id FROM "User" WHERE username = ?', [account.username]);
  const userId = user?.id ?? "";
  const now = new Date().toISOString();
  const slug = `authz-story-${randomUUID().slice(0, 8)}`;
  await site.query(
    `INSERT INTO "Post" (slug, title, content, status, "authorId", "submittedAt", "createdAt", "updatedAt", "announcedAt")
     VALUES (?, 'The Lantern', '<p>Dark.</p>', 'published', ?, ?, ?, ?, ?)`,
    [slug, userId, now, now, now, now],
  );
  await site.query(
    `INSERT INTO "DiscussionThread" (title, "authorId", "createdAt", "lastPostAt") VALUES ('Bells', ?, ?, ?)`,
    [userId, now, now],
  );
  const [thread] = await site.query<{ id: number }>('SELECT MAX(id) AS id FROM "DiscussionThread"');
  await site.query(
    `INSERT INTO "DiscussionPost" ("threadId", "authorId", body, "createdAt") VALUES (?, ?, 'Who hears them?', ?)`,
    [Number(thread?.id), userId, now],
  );
  const [post] = await site.query<{ id: number }>('SELECT MAX(id) AS id FROM "DiscussionPost"');
  return { slug, threadId: Number(thread?.id), postId: Number(post?.id), writer };
}

function communityPosts(f: { slug: string; threadId: number; postId: number }): [string, [string, string][]][] {
  return [
    [
      "/community",
      [
        ["title", "A thread"],
        ["body", "Its first post"],
      ],
    ],
    [`/community/threads/${f.threadId}`, [["body", "A reply"]]],
    [
      "/community/report",
      [
        ["postId", String(f.postId)],
        ["reason", "spam"],
      ],
    ],
    [`/community-story/${f.slug}/comments`, [["body", "A comment"]]],
  ];
}

test("community: anonymous readers are sent to sign in and write nothing; pages are public for them, private for readers", async ({
  site,
  as,
}) => {
  const f = await communityFixture(site);
  const anonymous = await as("anonymous");
  const token = await anonymous.csrfToken();
  const before = await site.counts();
  for (const [path, fields] of communityPosts(f)) {
    const reply = await anonymous.post(path, { body: { form: [...fields, ["csrf", token]] } });
    expect(reply.status, path).toBe(302);
    expect(reply.location, path).toBe(`/auth?${new URLSearchParams({ redirectTo: path })}`);
  }
  expect(dataCounts(await site.counts())).toEqual(dataCounts(before));
  const report = await anonymous.get(`/community/report?post=${f.postId}`);
  expect(report.status).toBe(302);
  expect(report.location).toMatch(/^\/auth\?redirectTo=/);

  const reader = await as("reader");
  for (const path of ["/community", `/community/threads/${f.threadId}`, `/community-story/${f.slug}/comments`]) {
    const shared = await httpClient(site.url).get(path);
    expect(shared.status, path).toBe(200);
    expect(shared.headers.get("cache-control"), path).toContain("public");
    expect(shared.text, path).not.toContain('name="csrf"');
    const own = await reader.get(path);
    expect(own.status, path).toBe(200);
    expect(own.headers.get("cache-control"), path).toContain("private");
  }
  expect((await reader.get(`/community/report?post=${f.postId}`)).headers.get("cache-control")).toContain("private");
  // A post's permanent address leads to its thread and anchor.
  const permalink = await anonymous.get(`/community/posts/${f.postId}`);
  expect(permalink.status).toBe(302);
  expect(permalink.location).toBe(`/community/threads/${f.threadId}#post-${f.postId}`);
});

test("community: a reader writes and reports; only an administrator moderates, and the decision is recorded", async ({
  site,
  as,
}) => {
  const f = await communityFixture(site);
  const reader = await as("reader");
  const token = await reader.csrfToken();
  const hidden = await hiddenFieldsOf(reader, "/community");
  for (const [path, fields] of communityPosts(f)) {
    const reply = await reader.post(path, { body: { form: [...Object.entries(hidden), ...fields] } });
    expect(reply.status, `${path}: ${reply.text.slice(0, 200)}`).toBe(302);
  }
  const [open] = await site.query<{ n: number }>(
    `SELECT COUNT(*) AS n FROM "DiscussionReport" WHERE "postId" = ? AND status = 'open'`,
    [f.postId],
  );
  expect(Number(open?.n)).toBe(1);

  const moderate: [string, string][] = [
    ["intent", "hide"],
    ["postId", String(f.postId)],
  ];
  const refused = await reader.post("/admin/content-moderation/reports", {
    body: { form: [...moderate, ["csrf", token]] },
  });
  expect(refused.status).toBe(403);
  const admin = await as("admin");
  const done = await admin.post("/admin/content-moderation/reports", {
    body: { form: [...moderate, ["csrf", await admin.csrfToken()]] },
  });
  expect(done.status).toBe(302);
  expect(done.location).toBe("/admin/content-moderation/reports");
  const [row] = await site.query<{ status: string }>('SELECT status FROM "DiscussionPost" WHERE id = ?', [f.postId]);
  expect(row?.status).toBe("hidden");
  const decisions = await site.query<{ action: string; adminName: string; reports: number }>(
    'SELECT action, "adminName", reports FROM "DiscussionModeration" WHERE "postId" = ?',
    [f.postId],
  );
  expect(decisions).toEqual([{ action: "hide", adminName: expect.any(String), reports: 1 }]);
  const page = await httpClient(site.url).get(`/community/threads/${f.threadId}`);
  expect(page.text).toContain("This post was removed by a moderator.");
  expect(page.text).not.toContain("Who hears them?");
});

// A post's edit and delete pages (docs/decisions/015) are its author's alone: anonymous readers
// are sent to sign in, another reader and an administrator (admins moderate instead) get the
// 404 for the page and for a post to it, and nothing changes; a removed post is no one's to edit.
test("a post's edit and delete pages are its author's alone", async ({ site, as }) => {
  const f = await communityFixture(site);
  const edit = `/community/posts/${f.postId}/edit`;
  const remove = `/community/posts/${f.postId}/delete`;
  const row = async () =>
    (
      await site.query<{ body: string; status: string; editedAt: unknown }>(
        'SELECT body, status, "editedAt" FROM "DiscussionPost" WHERE id = ?',
        [f.postId],
      )
    )[0];
  for (const role of ["anonymous", "reader", "admin"] as const) {
    const other = await as(role);
    const token = await other.csrfToken();
    for (const [path, fields] of [
      [edit, [["body", "Not yours"]]],
      [remove, []],
    ] as [string, [string, string][]][]) {
      const page = await other.get(path);
      const post = await other.post(path, { body: { form: [...fields, ["csrf", token]] } });
      if (role === "anonymous") {
        expect(page.status, path).toBe(302);
        expect(post.status, path).toBe(302);
        expect(post.location, path).toBe(`/auth?${new URLSearchParams({ redirectTo: path })}`);
      } else {
        expect(page.status, `${role} ${path}`).toBe(404);
        expect(post.status, `${role} ${path}`).toBe(404);
      }
    }
  }
  expect(await row()).toEqual({ body: "Who hears them?", status: "visible", editedAt: null });

  // The author edits (a private page) and deletes: a tombstone, then nothing left to edit.
  const page = await f.writer.get(edit);
  expect(page.status).toBe(200);
  expect(page.headers.get("cache-control")).toContain("private");
  const edited = await f.writer.post(edit, {
    body: { form: [...Object.entries(await hiddenFieldsOf(f.writer, edit)), ["body", "Who else hears them?"]] },
  });
  expect(edited.status, edited.text.slice(0, 200)).toBe(302);
  expect(edited.location).toBe(`/community/threads/${f.threadId}#post-${f.postId}`);
  expect(await row()).toMatchObject({ body: "Who else hears them?", status: "visible", editedAt: expect.anything() });
  const deleted = await f.writer.post(remove, {
    body: { form: Object.entries(await hiddenFieldsOf(f.writer, remove)) },
  });
  expect(deleted.status).toBe(302);
  expect(await row()).toMatchObject({ body: "", status: "withdrawn" });
  expect((await f.writer.get(edit)).status).toBe(404);
  expect((await f.writer.get(remove)).status).toBe(404);
  const thread = await httpClient(site.url).get(`/community/threads/${f.threadId}`);
  expect(thread.text).toContain("This post was deleted by its author.");

  // A post a moderator hid is not its author's to edit either.
  const hidden = await communityFixture(site);
  await site.query(`UPDATE "DiscussionPost" SET status = 'hidden' WHERE id = ?`, [hidden.postId]);
  expect((await hidden.writer.get(`/community/posts/${hidden.postId}/edit`)).status).toBe(404);
  expect((await hidden.writer.get(`/community/posts/${hidden.postId}/delete`)).status).toBe(404);
});

// Writers' pages (docs/decisions/014): anonymous readers are sent to sign in, every
// reader and the admin get their own; a story's edit page is its writer's
// alone: another reader, and an administrator too (admins moderate instead),
// get a 404 for the page and for a post to it, and nothing changes.
const WRITER_PAGES = ["/submit-story", "/edit-story"];

test("every writer page is in the writers' matrix", () => {
  const writer = pageRoutes()
    .map((r) => r.path)
    .filter((p) => /^\/(submit-story|edit-story)/.test(p));
  expect(writer.sort()).toEqual([...WRITER_PAGES, "/edit-story/:id"].sort());
});

for (const path of WRITER_PAGES) {
  for (const role of ROLES) {
    test(`${role}: GET ${path}`, async ({ as }) => {
      await expectSignedInPage(await as(role), role, path);
    });
  }
}

test("a story's edit page is its writer's alone", async ({ site, as }) => {
  const owner = await as("reader");
  const created = await owner.post("/submit-story", {
    body: {
      form: [
        ["csrf", await owner.csrfToken()],
        ["intent", "save"],
        ["title", "Only mine"],
      ],
    },
  });
  expect(created.status).toBe(302);
  const editPath = created.location ?? "";
  expect(editPath).toMatch(/^\/edit-story\/\d+$/);
  expect((await owner.get(editPath)).status).toBe(200);

  for (const role of ["anonymous", "reader", "admin"] as const) {
    const other = await as(role);
    const before = await site.counts();
    const page = await other.get(editPath);
    const body = {
      form: [
        ["csrf", await other.csrfToken()],
        ["intent", "save"],
        ["title", "Not yours"],
      ] as [string, string][],
    };
    const post = await other.post(editPath, { body });
    const withdraw = await other.post(editPath, {
      body: {
        form: [
          ["csrf", await other.csrfToken()],
          ["intent", "withdraw"],
        ],
      },
    });
    // Delete this story: neither its question nor its "Yes" reaches another's story.
    const deletes = [];
    for (const confirmed of [[], [["confirmed", "yes"]]] as [string, string][][]) {
      deletes.push(
        await other.post(editPath, {
          body: { form: [["csrf", await other.csrfToken()], ["intent", "delete"], ...confirmed] },
        }),
      );
    }
    // A preview saves nothing, but someone else's story is still no address of theirs.
    const preview = await other.post(editPath, {
      body: {
        form: [
          ["csrf", await other.csrfToken()],
          ["intent", "preview"],
          ["markdown", "Not yours"],
        ],
      },
    });
    if (role === "anonymous") {
      expect(page.status).toBe(302);
      expect(post.status).toBe(302);
      expect(post.location).toMatch(/^\/auth\?redirectTo=/);
      for (const reply of deletes) expect(reply.location).toMatch(/^\/auth\?redirectTo=/);
    } else {
      expect(page.status, role).toBe(404);
      expect(post.status, role).toBe(404);
      expect(withdraw.status, role).toBe(404);
      for (const reply of deletes) expect(reply.status, role).toBe(404);
      expect(preview.status, role).toBe(404);
    }
    expect(dataCounts(await site.counts()), role).toEqual(dataCounts(before));
  }
  const [row] = await site.query<{ title: string; status: string }>('SELECT title, status FROM "Post" WHERE id = ?', [
    Number(editPath.split("/").pop()),
  ]);
  expect(row).toEqual({ title: "Only mine", status: "draft" });

  // The autosave names the story by id: someone else's is a 404 too.
  const other = await as("reader");
  const autosave = await other.post("/api/stories/draft", {
    body: {
      form: [
        ["csrf", await other.csrfToken()],
        ["id", editPath.split("/").pop() ?? ""],
        ["title", "Not yours"],
      ],
    },
  });
  expect(autosave.status).toBe(404);
  expect(autosave.json).toMatchObject({ saved: false, code: "NOT_FOUND" });

  // Its writer's delete asks first (nothing goes), then its "Yes" deletes it.
  const ask = await owner.post(editPath, {
    body: {
      form: [
        ["csrf", await owner.csrfToken()],
        ["intent", "delete"],
      ],
    },
  });
  expect(ask.status).toBe(200);
  expect(ask.text).toContain("Delete “Only mine” for good?");
  expect(await site.query('SELECT id FROM "Post" WHERE id = ?', [Number(editPath.split("/").pop())])).toHaveLength(1);
  const deleted = await owner.post(editPath, {
    body: {
      form: [
        ["csrf", await owner.csrfToken()],
        ["intent", "delete"],
        ["confirmed", "yes"],
      ],
    },
  });
  expect(deleted.status).toBe(302);
  expect(deleted.location).toBe("/edit-story");
  expect(await site.query('SELECT id FROM "Post" WHERE id = ?', [Number(editPath.split("/").pop())])).toHaveLength(0);
  expect((await owner.get(editPath)).status).toBe(404);
});
