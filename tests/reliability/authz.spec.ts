// The authorisation matrix: every admin route of app/routes.ts (everything
// under /admin) and every admin action x {anonymous, reader, admin}: sent to
// sign in, the 403 page, allowed. Built from the route table: a new admin
// route without a row here fails the first test. Each page is also asked for
// through the client-side data request that names only its own route
// (`.data?_routes=<id>`), which skips the admin layout's loader: every admin
// module must guard itself, since the layout's guard runs neither for that
// request nor for actions.
//
// Readers' own data, what they write and their accounts have their matrices beside it
// (authz-readers, authz-community and authz-account.spec.ts).
import { randomUUID } from "node:crypto";
import type { Body } from "../support/http-client.ts";
import { adminRoutes, fillPath, pageRoutes } from "../support/route-table.ts";
import { dataCounts, expect, ROLES, requestCounts, test } from "./fixtures.ts";

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
  // Content management: one form per list (feature, stop featuring, unpublish, publish); "stop featuring" is always
  // valid (unpublish and publish on a real story: the last test of this file).
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

// Content management's row actions on a real story (the matrix above posts "stop featuring"):
// Unpublish and its undo, Publish, are an administrator's only, and need the CSRF token.
test("content: only an administrator unpublishes a story and publishes it again, with the CSRF token", async ({
  site,
  as,
}) => {
  const slug = `authz-own-${randomUUID().slice(0, 8)}`;
  const now = new Date().toISOString();
  await site.query(
    `INSERT INTO "Post" (slug, title, content, status, "createdAt", "updatedAt", "publishedAt", "announcedAt")
     VALUES (?, 'The Lamp', '<p>Lit.</p>', 'published', ?, ?, ?, ?)`,
    [slug, now, now, now, now],
  );
  const [post] = await site.query<{ id: number }>('SELECT id FROM "Post" WHERE slug = ?', [slug]);
  const id = String(post?.id);
  const status = async () =>
    (await site.query<{ status: string }>('SELECT status FROM "Post" WHERE slug = ?', [slug]))[0]?.status;
  const admin = await as("admin");

  for (const [field, from, to] of [
    ["unpublish", "published", "draft"],
    ["publish", "draft", "published"],
  ] as const) {
    for (const role of ["anonymous", "reader"] as const) {
      const client = await as(role);
      const reply = await client.post("/admin/content", {
        body: {
          form: [
            [field, id],
            ["csrf", await client.csrfToken()],
          ],
        },
      });
      expect(reply.status, `${role} ${field}`).toBe(role === "anonymous" ? 302 : 403);
      expect(await status()).toBe(from);
    }
    const forged = await admin.post("/admin/content", { body: { form: [[field, id]] } });
    expect(forged.status, `${field} without the token`).toBe(403);
    expect(await status()).toBe(from);
    const done = await admin.post("/admin/content", {
      body: {
        form: [
          [field, id],
          ["csrf", await admin.csrfToken()],
        ],
      },
    });
    expect(done.status, `admin ${field}`).toBe(302);
    expect(await status()).toBe(to);
  }
});
