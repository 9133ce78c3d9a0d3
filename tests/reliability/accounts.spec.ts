// Account rules that only show against a real server process (docs/decisions/005):
// the initial administrator, sign-in limits, usernames and reset mail.
import { randomUUID } from "node:crypto";
import { type HttpClient, hiddenFields, httpClient } from "../support/http-client.ts";
import { ADMIN_ENV, SITE_ADMIN, startSite } from "../support/site-server.ts";
import { expect, newReader, test } from "./fixtures.ts";

const apiLogin = async (client: HttpClient, email: string, password: string) =>
  client.post("/api/auth/login", {
    body: { json: { email, password } },
    headers: { "X-CSRF-Token": await client.csrfToken() },
  });

const status = async (client: HttpClient) =>
  (await client.get("/api/auth/status")).json as { isAuthenticated: boolean; user: { isAdmin: boolean } | null };

test("an account registered under ADMIN_EMAIL before start-up is promoted only with the operator's password", async () => {
  test.setTimeout(90_000);
  const site = await startSite();
  try {
    const chosen = "the-registrant-chose-this";
    const registrant = httpClient(site.url);
    await registrant.register({ email: SITE_ADMIN.email, username: "squatter", password: chosen });
    expect(await status(registrant)).toMatchObject({ isAuthenticated: true, user: { isAdmin: false } });

    await site.kill();
    await site.start(ADMIN_ENV);

    // The registrant's session ended, and the password they chose no longer opens the account.
    expect(await status(registrant)).toMatchObject({ isAuthenticated: false, user: null });
    expect((await apiLogin(httpClient(site.url), SITE_ADMIN.email, chosen)).status).toBe(401);
    // The operator's password does, as an administrator.
    const operator = httpClient(site.url);
    expect((await apiLogin(operator, SITE_ADMIN.email, SITE_ADMIN.password)).status).toBe(200);
    expect(await status(operator)).toMatchObject({ isAuthenticated: true, user: { isAdmin: true } });

    // A later restart leaves the administrator's sessions alone.
    await site.kill();
    await site.start();
    expect(await status(operator)).toMatchObject({ isAuthenticated: true, user: { isAdmin: true } });
  } finally {
    await site.dispose();
  }
});

test("signing in to one's own account does not clear the failures counted against another account", async ({
  site,
}) => {
  const attacker = newReader();
  const victim = newReader();
  await httpClient(site.url).register(attacker);
  await httpClient(site.url).register(victim);
  // One client address for all of the attacker's requests.
  const client = httpClient(site.url);
  for (let i = 0; i < 5; i++) {
    expect((await apiLogin(client, victim.email, `guess-${i}`)).status).toBe(401);
    if (i < 4) expect((await apiLogin(client, attacker.email, attacker.password)).status).toBe(200);
  }
  const limited = await apiLogin(client, victim.email, "guess-5");
  expect(limited.status).toBe(429);
  expect(Number(limited.headers.get("retry-after"))).toBeGreaterThan(0);

  // The sign-in form counts the same way.
  // Each post from a new browser (a signed-in reader is sent away from /auth), all from one address.
  const address = randomUUID();
  const post = async (email: string, password: string) => {
    const form = httpClient(site.url, { clientId: address });
    const hidden = await hiddenFields(form, "/auth");
    return form.post("/auth", {
      body: { form: [...Object.entries(hidden), ["intent", "login"], ["email", email], ["password", password]] },
    });
  };
  for (let i = 0; i < 5; i++) {
    expect((await post(victim.email, `form-guess-${i}`)).status).toBe(400);
    if (i < 4) expect((await post(attacker.email, attacker.password)).status).toBe(302);
  }
  expect((await post(victim.email, "form-guess-5")).status).toBe(429);
});

test("failures against one account are counted across addresses, and its own sign-in clears them", async ({ site }) => {
  const victim = newReader();
  await httpClient(site.url).register(victim);
  const fromNewAddress = (password: string) => apiLogin(httpClient(site.url), victim.email, password);
  for (let i = 0; i < 9; i++) expect((await fromNewAddress(`guess-${i}`)).status).toBe(401);
  // The reader signs in before the limit: their own counter starts over.
  expect((await fromNewAddress(victim.password)).status).toBe(200);
  for (let i = 0; i < 10; i++) expect((await fromNewAddress(`again-${i}`)).status).toBe(401);
  expect((await fromNewAddress("one-more")).status).toBe(429);
  // Another account is not affected.
  const other = newReader();
  await httpClient(site.url).register(other);
  expect((await apiLogin(httpClient(site.url), other.email, other.password)).status).toBe(200);
});

test("usernames that differ only in case are one username; the reader's spelling is kept", async ({ site }) => {
  const id = randomUUID().slice(0, 8);
  const first = { email: `case-a-${id}@horror.test`, username: `CaseUser_${id}`, password: "long-enough-password" };
  const client = httpClient(site.url);
  await client.register(first);
  expect((await client.get("/api/auth/status")).json).toMatchObject({ user: { username: first.username } });

  const second = { email: `case-b-${id}@horror.test`, username: `caseuser_${id}`, password: "long-enough-password" };
  const other = httpClient(site.url);
  const taken = await other.post("/api/auth/register", {
    body: { json: second },
    headers: { "X-CSRF-Token": await other.csrfToken() },
  });
  expect(taken.status).toBe(409);
  expect((taken.json as { message: string }).message).toBe("This username is taken. Try another one.");

  // The form says so next to the field and keeps what was typed.
  const form = httpClient(site.url);
  const hidden = await hiddenFields(form, "/auth?mode=register");
  const reply = await form.post("/auth", {
    body: {
      form: [
        ...Object.entries(hidden),
        ["intent", "register"],
        ["email", second.email],
        ["username", `CASEUSER_${id}`],
        ["password", second.password],
      ],
    },
  });
  expect(reply.status).toBe(400);
  expect(reply.text).toContain("This username is taken. Try another one.");
  expect(reply.text).toContain(`value="CASEUSER_${id}"`);
  expect(reply.text).toContain(`value="${second.email}"`);
  const rows = await site.query<{ n: number }>('SELECT COUNT(*) AS n FROM "User" WHERE lower(username) = ?', [
    `caseuser_${id}`,
  ]);
  expect(Number(rows[0]?.n)).toBe(1);
});

test("in production without SMTP_URL no reset link reaches the log, and the reset page says reset by mail is off", async () => {
  test.setTimeout(90_000);
  const site = await startSite();
  try {
    expect(site.stderr() + site.stdout()).toContain("password reset by email is disabled");
    const reader = newReader();
    await httpClient(site.url).register(reader);
    const client = httpClient(site.url);
    const page = await client.get("/reset-password");
    expect(page.status).toBe(200);
    expect(page.text).toContain("Password reset by email is not available on this site.");
    expect(page.text).not.toContain("Send me a reset link");
    // A request sent anyway (a page from before, a script) makes no link either.
    const reply = await client.post("/reset-password", {
      body: {
        form: [
          ["csrf", await client.csrfToken()],
          ["intent", "request"],
          ["email", reader.email],
        ],
      },
    });
    // Back to the page, which says why; nothing was sent and no link was made.
    expect(reply.status).toBe(302);
    expect(reply.location).toBe("/reset-password");
    const resets = await site.query<{ n: number }>('SELECT COUNT(*) AS n FROM "PasswordReset"');
    expect(Number(resets[0]?.n)).toBe(0);
    // Whatever the server wrote, no link to reset a password is in it.
    const log = site.stdout() + site.stderr();
    expect(log).not.toMatch(/reset-password\?token=/);
    expect(log).not.toContain(reader.email);
  } finally {
    await site.dispose();
  }
});

test("an empty display name or bio saves as none, whether the field is sent empty or not at all", async ({ site }) => {
  const reader = newReader();
  const client = httpClient(site.url);
  await client.register(reader);
  const save = async (fields: [string, string][]) => {
    const hidden = await hiddenFields(client, "/settings/profile");
    return client.post("/settings/profile", {
      body: {
        form: [["csrf", hidden.csrf as string], ["intent", "profile"], ["username", reader.username], ...fields],
      },
    });
  };
  const profile = async () =>
    (
      await site.query<{ displayName: string | null; bio: string | null }>(
        'SELECT "displayName", bio FROM "User" WHERE email = ?',
        [reader.email],
      )
    )[0];
  expect(
    (
      await save([
        ["displayName", "Mara"],
        ["bio", "Keeps a lamp lit."],
      ])
    ).status,
  ).toBe(302);
  expect(await profile()).toEqual({ displayName: "Mara", bio: "Keeps a lamp lit." });
  // A form without JavaScript sends the empty fields; conform reads an empty field as absent.
  const empty = await save([
    ["displayName", ""],
    ["bio", ""],
  ]);
  expect(empty.status, empty.text.match(/Invalid input[^<]*/)?.[0]).toBe(302);
  expect(await profile()).toEqual({ displayName: null, bio: null });
  expect((await save([["displayName", "Mara"]])).status).toBe(302);
  expect((await save([])).status).toBe(302);
  expect(await profile()).toEqual({ displayName: null, bio: null });
});
