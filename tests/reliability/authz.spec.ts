// The authorisation matrix: every admin route of app/routes.ts (everything
// under /admin) and every admin action x {anonymous, reader, admin}: sent to
// sign in, the 403 page, allowed. Built from the route table: a new admin
// route without a row here fails the first test. Each page is also asked for
// through the client-side data request that names only its own route
// (`.data?_routes=<id>`), which skips the admin layout's loader: every admin
// module must guard itself, since the layout's guard runs neither for that
// request nor for actions.
import { randomUUID } from "node:crypto";
import { type Body, type HttpClient, hiddenFields as hiddenFieldsOf, httpClient } from "../support/http-client.ts";
import { adminRoutes, fillPath, pageRoutes } from "../support/route-table.ts";
import type { Site } from "../support/site-server.ts";
import { dataCounts, expect, newReader, RELIABILITY_OIDC, type Role, requestCounts, test } from "./fixtures.ts";

type AdminRow = {
  /** For a route with an action: a valid submission (besides the CSRF token) and what the admin gets. */
  post?: { fields: [string, string][]; accepted: number[] };
  /**
   * What the admin's GET gets when not 200: a route with a path parameter is asked for with the
   * parameter as written (`:userId`), which names nothing, so the admin's answer is the 404 page.
   */
  adminStatus?: 404;
  /** The 404 page's own message, when the route says which thing is missing. */
  notFoundText?: string;
  /** Values for the route's path parameters (tests/support/route-table.ts fillPath). */
  params?: Record<string, string>;
};

/** The path a route is requested at: its parameters filled in from its row. */
const pathOf = (route: { id: string; path: string }) => fillPath(route.path, ADMIN_ROUTES[route.id]?.params ?? {});

/** Every admin route by id. A new one needs a row (and `post` when it has an action). */
const ADMIN_ROUTES: Record<string, AdminRow> = {
  "admin-index": {},
  "admin-dashboard": {},
  "routes/admin/wordpress-sync": { post: { fields: [["intent", "sync"]], accepted: [302] } },
  // The sync's progress stream (server-sent events): a resource route, checked in its own tests below.
  "routes/admin/wordpress-sync/progress": {},
  // The admin area (docs/decisions/016): every admin route of the spec answers (aliases share a module).
  // User management (docs/decisions/017): no user has this id, so the admin's valid requests are 404s
  // (tests/e2e/admin-users.spec.ts acts on real users).
  "routes/admin/users": {
    post: {
      fields: [
        ["intent", "end-sessions"],
        ["userId", "no-such-user"],
      ],
      accepted: [404],
    },
  },
  // A well-formed id that names nobody ("no-such-user"): an id that cannot be one is a 404 for
  // anyone, before the role check (hostile.spec.ts asks for junk ones).
  "routes/admin/user": {
    params: { userId: "no-such-user" },
    adminStatus: 404,
    notFoundText: "There is no such user.",
    post: { fields: [["intent", "end-sessions"]], accepted: [404] },
  },
  // The valid submission is the defaults: the matrix's site keeps them.
  "routes/admin/settings": {
    post: {
      fields: [
        ["communityContent", "on"],
        ["registrationOpen", "on"],
        ["maintenanceMode", "off"],
        ["syncIntervalMinutes", "5"],
        ["contactEmail", "hello@horrorstories.example"],
      ],
      accepted: [302],
    },
  },
  // Content management: one form per list (feature, stop featuring, unpublish); "stop featuring" is always valid.
  "admin-stories": { post: { fields: [["intent", "unfeature"]], accepted: [302] } },
  "admin-content": { post: { fields: [["intent", "unfeature"]], accepted: [302] } },
  "admin-content-management": { post: { fields: [["intent", "unfeature"]], accepted: [302] } },
  "admin-posts": {},
  "admin-post-new": {
    post: {
      fields: [
        ["intent", "save"],
        ["title", "An authorised draft"],
      ],
      accepted: [302],
    },
  },
  "admin-post-edit": {
    // No post has this number: the admin's page and post are 404s (admin-content.spec.ts edits real ones).
    params: { postId: "999999999" },
    adminStatus: 404,
    post: {
      fields: [
        ["intent", "save"],
        ["title", "A draft"],
      ],
      accepted: [404],
    },
  },
  "admin-manage-posts": {},
  // A category of its own (the slug from a new name each run); palette.server.test.ts and themes.spec.ts save palettes.
  "routes/admin/themes": {
    post: {
      fields: [
        ["intent", "category-create"],
        ["name", `Authz dread ${randomUUID().slice(0, 8)}`],
      ],
      accepted: [302],
    },
  },
  // The feedback review (docs/decisions/020): a note on an item that does not exist is the
  // admin's 404 (tests/e2e/admin-feedback.spec.ts changes real ones).
  "admin-feedback": {
    post: {
      fields: [
        ["intent", "note"],
        ["kind", "feedback"],
        ["id", "no-such-feedback"],
        ["text", "An internal note"],
      ],
      accepted: [404],
    },
  },
  "admin-feedback-management": {
    post: {
      fields: [
        ["intent", "note"],
        ["kind", "feedback"],
        ["id", "no-such-feedback"],
        ["text", "An internal note"],
      ],
      accepted: [404],
    },
  },
  "admin-feedback-review": {
    post: {
      fields: [
        ["intent", "note"],
        ["kind", "feedback"],
        ["id", "no-such-feedback"],
        ["text", "An internal note"],
      ],
      accepted: [404],
    },
  },
  // A resource route: its refusals are not the HTML pages (see RESOURCE_ROUTES below).
  "routes/admin/feedback-csv": {},
  "routes/admin/bug-reports": {
    post: {
      fields: [
        ["intent", "error-status"],
        ["id", "0".repeat(64)],
        ["status", "fixed"],
      ],
      accepted: [404],
    },
  },
  "routes/admin/site-statistics": {},
  "admin-analytics": {},
  "admin-analytics-dashboard": {},
  // No post has this number: the admin's valid request is the 404 (the community block below moderates a real one).
  "routes/admin/content-moderation/reports": {
    post: {
      fields: [
        ["intent", "dismiss"],
        ["postId", "999999999"],
      ],
      accepted: [404],
    },
  },
  "routes/admin/content-moderation": {
    post: {
      fields: [
        ["item", "p999999"],
        ["decision", "approve"],
      ],
      accepted: [404],
    },
  },
};

const ROLES: Role[] = ["anonymous", "reader", "admin"];

test("every admin route has a row, and every admin action a POST row", () => {
  const routes = adminRoutes();
  expect(routes.length).toBeGreaterThan(0);
  expect(
    routes.filter((r) => !ADMIN_ROUTES[r.id]).map((r) => `${r.id} (${r.path})`),
    "rows missing",
  ).toEqual([]);
  expect(
    Object.keys(ADMIN_ROUTES).filter((id) => !routes.some((r) => r.id === id)),
    "rows without a route",
  ).toEqual([]);
  const actions = routes.filter((r) => r.hasAction);
  expect(
    actions.filter((r) => !ADMIN_ROUTES[r.id]?.post).map((r) => r.path),
    "actions without a POST row",
  ).toEqual([]);
});

/** Resource routes that answer a stream, not a page: their own test below. */
const STREAMS = new Set(["routes/admin/wordpress-sync/progress"]);

// The admin's stream is read by the browser test (tests/e2e/admin-settings-sync.js-only.spec.ts).
for (const role of ["anonymous", "reader"] as const) {
  test(`${role}: GET /admin/wordpress-sync/progress (the event stream)`, async ({ as }) => {
    const client = await as(role);
    const answer = await client.get("/admin/wordpress-sync/progress");
    expect(answer.status).toBe(role === "anonymous" ? 302 : 403);
  });
}

/**
 * Admin resource routes (a download, no page): the anonymous visitor is still sent to sign in and
 * the reader refused with 403, but neither answer is the HTML page, and the admin gets the file.
 */
const RESOURCE_ROUTES: Record<string, { contentType: RegExp }> = {
  "routes/admin/feedback-csv": { contentType: /^text\/csv; charset=utf-8$/ },
};

for (const route of adminRoutes().filter((r) => RESOURCE_ROUTES[r.id])) {
  for (const role of ROLES) {
    test(`${role}: GET ${route.path} (a download)`, async ({ as }) => {
      const client = await as(role);
      const reply = await client.get(route.path);
      const expected = RESOURCE_ROUTES[route.id]?.contentType as RegExp;
      if (role === "anonymous") {
        expect(reply.status).toBe(302);
        expect(reply.location).toBe(`/auth?${new URLSearchParams({ redirectTo: route.path })}`);
      } else if (role === "reader") {
        expect(reply.status).toBe(403);
        expect(reply.headers.get("content-type") ?? "").not.toMatch(expected);
        expect(reply.text).not.toContain("id,created");
      } else {
        expect(reply.status).toBe(200);
        expect(reply.headers.get("content-type")).toMatch(expected);
        expect(reply.headers.get("content-disposition")).toMatch(/^attachment; filename=/);
        expect(reply.headers.get("cache-control")).toContain("private");
      }
    });
  }
}

for (const route of adminRoutes().filter((r) => !RESOURCE_ROUTES[r.id] && !STREAMS.has(r.id))) {
  for (const role of ROLES) {
    test(`${role}: GET ${route.path}`, async ({ as }) => {
      const client = await as(role);
      const path = pathOf(route);
      const page = await client.get(path);
      const data = await client.get(`${path}.data?_routes=${encodeURIComponent(route.id)}`);
      const signIn = `/auth?${new URLSearchParams({ redirectTo: path })}`;
      if (role === "anonymous") {
        expect(page.status).toBe(302);
        expect(page.location).toBe(signIn);
        expect(data.text).toContain(`"redirect",${JSON.stringify(signIn)}`);
      } else if (role === "reader") {
        expect(page.status).toBe(403);
        expect(page.text).toContain("<title>403 - Forbidden | Horror Stories</title>");
        expect(data.text).toMatch(/"ErrorResponse".*403/);
      } else if (ADMIN_ROUTES[route.id]?.adminStatus === 404) {
        expect(page.status).toBe(404);
        const text = ADMIN_ROUTES[route.id]?.notFoundText;
        if (text) expect(page.text).toContain(text);
        expect(data.text).toMatch(/"ErrorResponse".*404/);
      } else {
        expect(page.status).toBe(200);
        expect(page.text).toContain("Administration");
        expect(data.status).toBe(200);
        expect(data.text).not.toContain("ErrorResponse");
        expect(data.text).not.toContain("SingleFetchRedirect");
      }
    });
  }
}

for (const route of adminRoutes().filter((r) => r.hasAction)) {
  for (const role of ROLES) {
    test(`${role}: POST ${route.path} (with a valid CSRF token)`, async ({ site, as }) => {
      const row = ADMIN_ROUTES[route.id]?.post;
      expect(row, `a POST row for ${route.id}`).toBeTruthy();
      const client = await as(role);
      const path = pathOf(route);
      const body: Body = { form: [...(row?.fields ?? []), ["csrf", await client.csrfToken()]] };
      const before = await site.counts();
      const post = await client.post(path, { body });
      const data = await client.post(`${path}.data`, { body });
      if (role === "admin") {
        expect(row?.accepted).toContain(post.status);
        return;
      }
      if (role === "anonymous") {
        expect(post.status).toBe(302);
        expect(post.location).toBe(`/auth?${new URLSearchParams({ redirectTo: path })}`);
        expect(data.text).toMatch(/"redirect","\/auth\?redirectTo=%2Fadmin/);
      } else {
        expect(post.status).toBe(403);
        expect(post.text).toContain("<title>403 - Forbidden | Horror Stories</title>");
        expect(data.text).toMatch(/"ErrorResponse".*403/);
      }
      expect(requestCounts(await site.counts()), "nothing changed").toEqual(requestCounts(before));
    });
  }
}

// A reader's own data: the notification centre (/notifications and its JSON
// API). Anonymous readers are sent to sign in (the page) or get 401 JSON (the
// API); another reader, and an administrator too, can neither see nor change
// them: an id that is not theirs is a 404, as if it did not exist.
const NOTIFICATION_API = ["/api/notifications", "/api/notifications/read-all", "/api/notifications/opened"];

async function readerWithNotification(site: Site, client: HttpClient) {
  const account = newReader();
  await client.register(account);
  const [user] = await site.query<{ id: string }>('SELECT id FROM "User" WHERE username = ?', [account.username]);
  const id = `n_authz_${randomUUID().slice(0, 8)}`;
  await site.query(
    `INSERT INTO "Notification" ("id", "userId", "type", "title", "message", "link", "date", "read")
     VALUES (?, ?, 'new-story', 'New Story Published', '"The Well" is now available to read!', '/reader/the-well', ?, false)`,
    [id, user?.id ?? "", new Date().toISOString()],
  );
  return id;
}

const notificationRow = async (site: Site, id: string) =>
  (
    await site.query<{ read: number }>('SELECT CAST("read" AS INTEGER) AS "read" FROM "Notification" WHERE id = ?', [
      id,
    ])
  )[0];

test("anonymous: /notifications sends to sign in, its API answers 401 JSON and changes nothing", async ({
  site,
  as,
}) => {
  const client = await as("anonymous");
  const page = await client.get("/notifications?filter=unread");
  expect(page.status).toBe(302);
  expect(page.location).toBe(`/auth?${new URLSearchParams({ redirectTo: "/notifications?filter=unread" })}`);
  const list = await client.get("/api/notifications");
  expect(list.status).toBe(401);
  expect(list.json).toMatchObject({ code: "UNAUTHORIZED" });
  const before = await site.counts();
  const headers = { "X-CSRF-Token": await client.csrfToken() };
  for (const path of [...NOTIFICATION_API, "/api/notifications/x/read"]) {
    const reply = await client.post(path, { headers, body: { json: { notifications: [] } } });
    expect(reply.status, path).toBe(401);
    expect(reply.json, path).toMatchObject({ code: "UNAUTHORIZED", message: expect.any(String) });
  }
  expect((await client.request("DELETE", "/api/notifications", { headers })).status).toBe(401);
  const form = await client.post("/notifications", {
    body: {
      form: [
        ["intent", "clear"],
        ["csrf", headers["X-CSRF-Token"]],
      ],
    },
  });
  expect(form.status).toBe(302);
  expect(form.location).toMatch(/^\/auth\?redirectTo=%2Fnotifications/);
  expect(dataCounts(await site.counts())).toEqual(dataCounts(before));
});

for (const role of ["reader", "admin"] as const) {
  test(`${role}: another reader's notifications can be neither read nor changed`, async ({ site, as }) => {
    const owner = httpClient(site.url);
    const id = await readerWithNotification(site, owner);
    const other = await as(role);
    const headers = { "X-CSRF-Token": await other.csrfToken() };

    const list = await other.get("/api/notifications");
    expect(list.status).toBe(200);
    expect(JSON.stringify(list.json)).not.toContain(id);
    const page = await other.get("/notifications");
    expect(page.status).toBe(200);
    expect(page.text).not.toContain(id);

    const read = await other.post(`/api/notifications/${id}/read`, { headers });
    expect(read.status).toBe(404);
    expect(read.json).toMatchObject({ code: "NOT_FOUND" });
    const form = await other.post("/notifications", {
      body: {
        form: [
          ["intent", "open"],
          ["id", id],
          ["csrf", headers["X-CSRF-Token"]],
        ],
      },
    });
    expect(form.status).toBe(404);
    for (const path of ["/api/notifications/read-all", "/api/notifications/opened"]) {
      expect((await other.post(path, { headers })).status).toBe(200);
    }
    expect((await other.request("DELETE", "/api/notifications", { headers })).status).toBe(200);
    for (const intent of ["read-all", "clear"]) {
      const reply = await other.post("/notifications", {
        body: {
          form: [
            ["intent", intent],
            ["csrf", headers["X-CSRF-Token"]],
          ],
        },
      });
      expect(reply.status).toBe(302);
    }
    expect(await notificationRow(site, id), "the owner's notification is untouched").toEqual({ read: 0 });

    // The owner can.
    const ownerHeaders = { "X-CSRF-Token": await owner.csrfToken() };
    const mine = await owner.get("/api/notifications?filter=unread");
    expect(mine.json).toMatchObject({ counts: { all: 1, unread: 1, read: 0 }, filter: "unread" });
    expect((await owner.post(`/api/notifications/${id}/read`, { headers: ownerHeaders })).status).toBe(200);
    expect(await notificationRow(site, id)).toEqual({ read: 1 });
    const cleared = await owner.request("DELETE", "/api/notifications", { headers: ownerHeaders });
    expect(cleared.json).toMatchObject({ removed: 1, counts: { all: 0 } });
  });
}

// Signed-in readers' pages and API: anonymous readers are sent to sign in (the
// API answers 401 JSON), every reader and the admin get their own, and no
// reader reaches another reader's bookmarks or reading positions.
const SIGNED_IN_PAGES = ["/profile", "/bookmarks", "/recommendations", "/reading-position"];
const SIGNED_IN_API = ["/api/bookmarks", "/api/bookmarks/the-widows-clock", "/api/reading-position/the-widows-clock"];

test("every signed-in page and library API route is in the signed-in matrix", () => {
  const library = pageRoutes()
    .map((r) => r.path)
    .filter((p) =>
      /^\/(profile|bookmarks|recommendations|reading-position)$|^\/api\/(bookmarks|reading-position)/.test(p),
    );
  expect(library.sort()).toEqual(
    [
      ...SIGNED_IN_PAGES,
      "/api/bookmarks",
      "/api/bookmarks/:slug",
      "/api/reading-position",
      "/api/reading-position/:slug",
    ].sort(),
  );
});

for (const path of SIGNED_IN_PAGES) {
  for (const role of ROLES) {
    test(`${role}: GET ${path}`, async ({ as }) => {
      const client = await as(role);
      const page = await client.get(path);
      if (role === "anonymous") {
        expect(page.status).toBe(302);
        expect(page.location).toBe(`/auth?${new URLSearchParams({ redirectTo: path })}`);
        return;
      }
      expect(page.status).toBe(200);
      expect(page.headers.get("cache-control")).toContain("private");
      if (path === "/profile") {
        if (role === "admin") expect(page.text).toContain('href="/admin"');
        else expect(page.text).not.toContain('href="/admin"');
      }
    });
  }
}

for (const path of SIGNED_IN_API) {
  test(`anonymous: GET ${path} is a 401 in JSON`, async ({ as }) => {
    const reply = await (await as("anonymous")).get(path);
    expect(reply.status).toBe(401);
    expect(reply.json).toMatchObject({ code: "UNAUTHORIZED" });
  });
}

for (const [path, body] of [
  ["/api/bookmarks", { slug: "the-widows-clock", shelf: "reading" }],
  ["/api/reading-position", { slug: "the-widows-clock", paragraph: 1 }],
  ["/bookmarks", undefined],
  ["/reading-position", undefined],
] as const) {
  test(`anonymous: POST ${path} (with a valid CSRF token) changes nothing`, async ({ site, as }) => {
    const client = await as("anonymous");
    const token = await client.csrfToken();
    const before = await site.counts();
    const reply = body
      ? await client.post(path, { body: { json: body }, headers: { "X-CSRF-Token": token } })
      : await client.post(path, {
          body: {
            form: [
              ["csrf", token],
              ["intent", "shelve"],
              ["slug", "the-widows-clock"],
              ["paragraph", "1"],
            ],
          },
        });
    if (body) {
      expect(reply.status).toBe(401);
      expect(reply.json).toMatchObject({ code: "UNAUTHORIZED" });
    } else {
      expect(reply.status).toBe(302);
      expect(reply.location).toBe(`/auth?${new URLSearchParams({ redirectTo: path })}`);
    }
    expect(dataCounts(await site.counts())).toEqual(dataCounts(before));
  });
}

test("another reader sees none of a reader's bookmarks or positions, and cannot change them", async ({ as }) => {
  const owner = await as("reader");
  const ownerToken = await owner.csrfToken();
  const headers = { "X-CSRF-Token": ownerToken };
  expect(
    (await owner.post("/api/bookmarks", { body: { json: { slug: "the-widows-clock", shelf: "reading" } }, headers }))
      .status,
  ).toBe(200);
  expect(
    (await owner.post("/api/reading-position", { body: { json: { slug: "the-widows-clock", paragraph: 1 } }, headers }))
      .status,
  ).toBe(200);

  for (const role of ["reader", "admin"] as const) {
    const other = await as(role);
    const token = { "X-CSRF-Token": await other.csrfToken() };
    const list = await other.get("/api/bookmarks");
    expect(list.status).toBe(200);
    expect((list.json as { total: number }).total, role).toBe(0);
    expect((await other.get("/api/bookmarks/the-widows-clock")).status, role).toBe(404);
    expect((await other.get("/api/reading-position/the-widows-clock")).status, role).toBe(404);
    const library = await other.get("/bookmarks");
    expect(library.text).not.toContain("The Widow");
    const reader = await other.get("/reader");
    expect(reader.text).not.toContain("/story/the-widows-clock#p-1");
    // A removal names only the sender's own rows: theirs has nothing to remove.
    const removal = await other.request("DELETE", "/api/bookmarks", {
      body: { json: { slug: "the-widows-clock" } },
      headers: token,
    });
    expect(removal.status, role).toBe(404);
  }

  const mine = await owner.get("/api/bookmarks/the-widows-clock");
  expect(mine.json).toMatchObject({ shelf: "reading" });
  const position = await owner.get("/api/reading-position/the-widows-clock");
  expect(position.json).toMatchObject({ position: { paragraph: 1 } });
});

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
  return { slug, threadId: Number(thread?.id), postId: Number(post?.id) };
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
// /settings/connected-accounts (docs/decisions/013): anonymous readers are sent
// to sign in; every reader and the admin see and change only their own
// connections (a provider's subject linked to another account is refused by
// the flow itself: tests/e2e/connected-accounts.spec.ts).
const CONNECTED = "/settings/connected-accounts";

for (const role of ROLES) {
  test(`${role}: GET ${CONNECTED}`, async ({ as }) => {
    const client = await as(role);
    const page = await client.get(CONNECTED);
    if (role === "anonymous") {
      expect(page.status).toBe(302);
      expect(page.location).toBe(`/auth?${new URLSearchParams({ redirectTo: CONNECTED })}`);
      return;
    }
    expect(page.status).toBe(200);
    expect(page.headers.get("cache-control")).toContain("private");
    expect(page.text).toContain(`Connect ${RELIABILITY_OIDC.name}`);
  });
}

test(`anonymous: POST ${CONNECTED} (with a valid CSRF token) is sent to sign in and changes nothing`, async ({
  site,
  as,
}) => {
  const client = await as("anonymous");
  const token = await client.csrfToken();
  const before = await site.counts();
  for (const intent of ["connect", "disconnect"]) {
    const reply = await client.post(CONNECTED, {
      body: {
        form: [
          ["csrf", token],
          ["intent", intent],
          ["provider", RELIABILITY_OIDC.id],
        ],
      },
    });
    expect(reply.status, intent).toBe(302);
    expect(reply.location, intent).toBe(`/auth?${new URLSearchParams({ redirectTo: CONNECTED })}`);
  }
  expect(dataCounts(await site.counts())).toEqual(dataCounts(before));
});

for (const role of ["reader", "admin"] as const) {
  test(`${role}: another reader's connected account can be neither seen nor removed`, async ({ site, as }) => {
    const owner = httpClient(site.url);
    const account = newReader();
    await owner.register(account);
    const [user] = await site.query<{ id: string }>('SELECT id FROM "User" WHERE username = ?', [account.username]);
    const email = `owner-${randomUUID().slice(0, 8)}@oidc.test`;
    const now = new Date().toISOString();
    await site.query(
      `INSERT INTO "ConnectedAccount" ("id", "provider", "subject", "email", "userId", "createdAt", "lastUsedAt")
       VALUES (?, ?, ?, ?, ?, ?, ?)`,
      [`ca_${randomUUID().slice(0, 8)}`, RELIABILITY_OIDC.id, `sub-${randomUUID()}`, email, user?.id ?? "", now, now],
    );
    const rows = () => site.query('SELECT 1 FROM "ConnectedAccount" WHERE "userId" = ?', [user?.id ?? ""]);

    const other = await as(role);
    const page = await other.get(CONNECTED);
    expect(page.status).toBe(200);
    expect(page.text).not.toContain(email);
    const reply = await other.post(CONNECTED, {
      body: {
        form: [
          ["csrf", await other.csrfToken()],
          ["intent", "disconnect"],
          ["provider", RELIABILITY_OIDC.id],
        ],
      },
    });
    expect(reply.status).toBe(400);
    expect(reply.text).toContain(`Your account is not connected to ${RELIABILITY_OIDC.name}.`);
    expect(await rows(), "the owner's connection is untouched").toHaveLength(1);

    // The owner sees it, and (having a password too) can remove it.
    expect((await owner.get(CONNECTED)).text).toContain(email);
    const removal = await owner.post(CONNECTED, {
      body: {
        form: [
          ["csrf", await owner.csrfToken()],
          ["intent", "disconnect"],
          ["provider", RELIABILITY_OIDC.id],
        ],
      },
    });
    expect(removal.status).toBe(302);
    expect(await rows()).toHaveLength(0);
  });
}

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
      const client = await as(role);
      const page = await client.get(path);
      if (role === "anonymous") {
        expect(page.status).toBe(302);
        expect(page.location).toBe(`/auth?${new URLSearchParams({ redirectTo: path })}`);
        return;
      }
      expect(page.status).toBe(200);
      expect(page.headers.get("cache-control")).toContain("private");
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
    if (role === "anonymous") {
      expect(page.status).toBe(302);
      expect(post.status).toBe(302);
      expect(post.location).toMatch(/^\/auth\?redirectTo=/);
    } else {
      expect(page.status, role).toBe(404);
      expect(post.status, role).toBe(404);
      expect(withdraw.status, role).toBe(404);
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
});

// Account settings (docs/decisions/012): the pages send anonymous readers to sign in and
// are private to each reader; every action names only the sender's own account,
// so no reader reads another's data or ends another's session.
const ACCOUNT_PAGES = ["/settings/profile", "/settings/notifications", "/settings/privacy"];
const ACCOUNT_ACTIONS: [string, [string, string][]][] = [
  [
    "/settings/profile",
    [
      ["intent", "profile"],
      ["username", "taken_by_nobody"],
    ],
  ],
  ["/settings/notifications", [["digest", "daily"]]],
  ["/settings/privacy", [["intent", "end-others"]]],
  ["/settings/privacy/export", []],
];

test("every account settings route is in the account matrix", () => {
  const account = pageRoutes()
    .map((r) => r.path)
    .filter((p) => /^\/settings\/(profile|notifications|privacy)/.test(p));
  expect(account.sort()).toEqual([...ACCOUNT_PAGES, "/settings/privacy/export"].sort());
});

for (const path of ACCOUNT_PAGES) {
  for (const role of ROLES) {
    test(`${role}: GET ${path}`, async ({ as }) => {
      const client = await as(role);
      const page = await client.get(path);
      if (role === "anonymous") {
        expect(page.status).toBe(302);
        expect(page.location).toBe(`/auth?${new URLSearchParams({ redirectTo: path })}`);
        return;
      }
      expect(page.status).toBe(200);
      expect(page.headers.get("cache-control")).toContain("private");
    });
  }
}

for (const [path, fields] of ACCOUNT_ACTIONS) {
  test(`anonymous: POST ${path} (with a valid CSRF token) changes nothing`, async ({ site, as }) => {
    const client = await as("anonymous");
    const token = await client.csrfToken();
    const before = await site.counts();
    const reply = await client.post(path, { body: { form: [["csrf", token], ...fields] } });
    expect(reply.status).toBe(302);
    expect(reply.location).toBe(`/auth?${new URLSearchParams({ redirectTo: path })}`);
    expect(reply.text).not.toContain("horror.test");
    expect(dataCounts(await site.counts())).toEqual(dataCounts(before));
  });
}

test("no reader or admin sees, downloads or ends another reader's sessions and data", async ({ site, as }) => {
  const owner = httpClient(site.url);
  const account = newReader();
  await owner.register(account);
  await owner.get("/settings/privacy");
  const [row] = await site.query<{ id: string; userId: string }>(
    'SELECT s.id, s."userId" FROM "Session" s JOIN "User" u ON u.id = s."userId" WHERE u.email = ?',
    [account.email],
  );
  expect(row).toBeTruthy();
  const ownerSession = row?.id as string;

  for (const role of ["reader", "admin"] as const) {
    const other = await as(role);
    const token = await other.csrfToken();
    const page = await other.get("/settings/privacy");
    expect(page.text).not.toContain(ownerSession);
    expect(page.text).not.toContain(account.email);
    const download = await other.post("/settings/privacy/export", { body: { form: [["csrf", token]] } });
    expect(download.status).toBe(200);
    expect(download.headers.get("content-disposition")).toContain("attachment");
    expect(download.text).not.toContain(account.email);
    expect(download.text).not.toContain(account.username);
    const end = await other.post("/settings/privacy", {
      body: {
        form: [
          ["csrf", token],
          ["intent", "end-session"],
          ["sessionId", ownerSession],
        ],
      },
    });
    expect(end.status, role).toBe(400);
    expect(end.text).toContain("That session has already ended.");
  }
  // The owner is still signed in, and their own download has their data.
  const mine = await owner.get("/settings/privacy");
  expect(mine.status).toBe(200);
  const token = await owner.csrfToken();
  const download = await owner.post("/settings/privacy/export", { body: { form: [["csrf", token]] } });
  expect(JSON.parse(download.text)).toMatchObject({ profile: { email: account.email, username: account.username } });
});

// The admins' analytics reports (spec §7): JSON for every role, with the §8 codes
// (401 UNAUTHORIZED, 403 FORBIDDEN), never the HTML page; the admin gets the figures.
const ANALYTICS_ADMIN_API = [
  "/api/analytics/reading-time-test",
  "/api/analytics/devices-test",
  "/api/analytics/engagement-test",
];

test("every admin analytics JSON route is in the matrix", () => {
  const routes = pageRoutes()
    .map((r) => r.path)
    .filter((p) => /^\/api\/analytics\/.*-test$/.test(p));
  expect(routes.sort()).toEqual([...ANALYTICS_ADMIN_API].sort());
});

for (const path of ANALYTICS_ADMIN_API) {
  for (const role of ROLES) {
    test(`${role}: GET ${path} (admin JSON)`, async ({ as, site }) => {
      const client = await as(role);
      const before = dataCounts(await site.counts());
      const reply = await client.get(`${path}?from=2026-11-01&to=2026-11-07`);
      expect(reply.headers.get("content-type")).toMatch(/^application\/json/);
      expect(reply.headers.get("cache-control")).toContain("private");
      if (role === "anonymous") {
        expect(reply.status).toBe(401);
        expect(reply.json).toMatchObject({ code: "UNAUTHORIZED" });
      } else if (role === "reader") {
        expect(reply.status).toBe(403);
        expect(reply.json).toMatchObject({ code: "FORBIDDEN" });
      } else {
        expect(reply.status).toBe(200);
        expect(reply.json).toMatchObject({ from: "2026-11-01", to: "2026-11-07" });
        const bad = await client.get(`${path}?from=2026-11-09&to=2026-11-07`);
        expect(bad.status).toBe(400);
        expect(bad.json).toMatchObject({ code: "VALIDATION_ERROR" });
      }
      // Reading the figures writes nothing.
      expect(dataCounts(await site.counts())).toEqual(before);
    });
  }
}
