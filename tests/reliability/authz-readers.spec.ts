// The authorisation matrix for readers' own data (authz.spec.ts has the admin routes):
// the notification centre, the library pages and their API.
import { randomUUID } from "node:crypto";
import { type HttpClient, httpClient } from "../support/http-client.ts";
import { pageRoutes } from "../support/route-table.ts";
import type { Site } from "../support/site-server.ts";
import { expectSignedInPage } from "./authz-pages.ts";
import { dataCounts, expect, newReader, ROLES, test } from "./fixtures.ts";

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
      const page = await expectSignedInPage(await as(role), role, path);
      if (page && path === "/profile") {
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
