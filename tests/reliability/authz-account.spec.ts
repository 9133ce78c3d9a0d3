// The authorisation matrix for a reader's account (authz.spec.ts has the admin routes):
// connected accounts and the account settings.
import { randomUUID } from "node:crypto";
import { httpClient } from "../support/http-client.ts";
import { pageRoutes } from "../support/route-table.ts";
import { expectSignedInPage } from "./authz-pages.ts";
import { dataCounts, expect, newReader, RELIABILITY_OIDC, ROLES, test } from "./fixtures.ts";

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
      await expectSignedInPage(await as(role), role, path);
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
