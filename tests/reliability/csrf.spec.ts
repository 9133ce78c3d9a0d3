// The CSRF matrix: every state-changing endpoint of app/routes.ts (every
// route with an action, plus the one GET that changes state) refuses a
// request without its proof of origin with a 403 and changes nothing: no row
// in any table, no preference cookie, the sender still signed in. Forms and
// the JSON API prove it with the remix-utils token (hidden field or
// X-CSRF-Token), the preference forms with a same-origin request
// (docs/decisions/005). Each row's real request is accepted, so a refusal is
// about the missing proof and nothing else.
import { type Body, type HttpClient, hiddenFields, httpClient, type Reply } from "../support/http-client.ts";
import { actionRoutes, pageRoutes } from "../support/route-table.ts";
import { type Account, asConsentingBrowser, ENDPOINTS, type Endpoint, endpointTableGaps } from "./endpoints.ts";
import { expect, hasMessage, newReader, requestCounts, test } from "./fixtures.ts";

type Attempt = { name: string; path?: string; method?: string; body?: Body; headers?: Record<string, string> };

const STATE_COOKIES = ["hs_theme", "hs_sidebar", "hs_consent", "hs_session", "hs_prefs"];
const asString = (value: unknown) => (typeof value === "string" ? value : JSON.stringify(value));

test("every route with an action has a row in the CSRF matrix", () => {
  const gaps = endpointTableGaps(actionRoutes().map((r) => r.path));
  expect(gaps.missing, "actions without a row in tests/reliability/endpoints.ts").toEqual([]);
  expect(gaps.orphaned, "rows without an action").toEqual([]);
});

function attempts(path: string, endpoint: Endpoint, fields: [string, string][], hidden: Record<string, string>) {
  const { csrf: _token, ...honeypot } = hidden;
  const formFields: [string, string][] = [...Object.entries(honeypot), ...fields];
  const json = Object.fromEntries(fields);
  const list: Attempt[] = [];
  if (endpoint.csrf === "origin") {
    const form: Body = { form: formFields };
    list.push(
      { name: "no origin at all", body: form },
      { name: "Sec-Fetch-Site: cross-site", body: form, headers: { "Sec-Fetch-Site": "cross-site" } },
      { name: "Sec-Fetch-Site: same-site", body: form, headers: { "Sec-Fetch-Site": "same-site" } },
      { name: "Sec-Fetch-Site: none", body: form, headers: { "Sec-Fetch-Site": "none" } },
      { name: "another Origin", body: form, headers: { Origin: "https://evil.example" } },
      { name: "Origin: null", body: form, headers: { Origin: "null" } },
      { name: "another Referer", body: form, headers: { Referer: "https://evil.example/page" } },
      {
        name: "cross-site, though Origin claims this site",
        body: form,
        headers: { "Sec-Fetch-Site": "cross-site", Origin: "http://localhost" },
      },
      {
        name: "the .data path, cross-site",
        path: `${path}.data`,
        body: form,
        headers: { "Sec-Fetch-Site": "cross-site" },
      },
      { name: "PUT, cross-site", method: "PUT", body: form, headers: { "Sec-Fetch-Site": "cross-site" } },
    );
    return list;
  }
  const asForm: Body = { form: formFields };
  list.push(
    { name: "a form without the token", body: asForm },
    { name: "a form with a forged token", body: { form: [...formFields, ["csrf", "forged.token"]] } },
    { name: "a form with an empty token", body: { form: [...formFields, ["csrf", ""]] } },
    { name: "a form with only a form key", body: { form: [...formFields, ["csrf", "~k3yOfAnotherPage"]] } },
    { name: "JSON without the header", body: { json } },
    { name: "JSON with a forged header", body: { json }, headers: { "X-CSRF-Token": "forged.token" } },
    { name: "no body and no token" },
    { name: "the .data path without the token", path: `${path}.data`, body: asForm },
    { name: "DELETE without the token", method: "DELETE", body: asForm },
    { name: "PUT without the token", method: "PUT", body: { json } },
    // Same-origin headers are no proof for a token-checked endpoint.
    { name: "same-origin but no token", body: asForm, headers: { "Sec-Fetch-Site": "same-origin" } },
  );
  return list;
}

for (const route of actionRoutes()) {
  test(`POST ${route.path} without its CSRF proof gets 403 and changes nothing`, async ({ site, as }) => {
    const endpoint = ENDPOINTS[route.path] as Endpoint;
    expect(endpoint, `a row for ${route.path} in tests/reliability/endpoints.ts`).toBeTruthy();
    const account: Account = newReader();
    await httpClient(site.url).register(account);
    const signedAs = await as(endpoint.as);
    const sender = endpoint.consent ? await asConsentingBrowser(signedAs) : signedAs;
    const hidden = endpoint.formPage ? await hiddenFields(sender, endpoint.formPage) : {};
    const [first] = Object.values(endpoint.valid);
    const fields = Object.entries(first ? first(account) : {}).map(([k, v]) => [k, asString(v)] as [string, string]);
    const signedIn = endpoint.as !== "anonymous";

    // Tokens of another reader are no proof either.
    const stranger = httpClient(site.url);
    const strangerToken = await stranger.csrfToken();
    const list = [
      ...attempts(route.path, endpoint, fields, hidden),
      ...(endpoint.csrf === "token"
        ? [
            {
              name: "another reader's token in the form",
              body: { form: [...fields, ["csrf", strangerToken]] },
            } as Attempt,
            {
              // A page's form key rides after the token (docs/decisions/051): it proves nothing.
              name: "another reader's token with a page's form key",
              body: { form: [...fields, ["csrf", `${strangerToken}~k3yOfAnotherPage`]] },
            } as Attempt,
            {
              name: "another reader's token in the header",
              body: { json: Object.fromEntries(fields) },
              headers: { "X-CSRF-Token": strangerToken },
            } as Attempt,
          ]
        : []),
    ];

    const failures: string[] = [];
    for (const attempt of list) {
      const before = await site.counts();
      let reply: Reply;
      try {
        reply = await sender.request(attempt.method ?? "POST", attempt.path ?? route.path, {
          body: attempt.body,
          headers: attempt.headers,
        });
      } catch (error) {
        failures.push(`${attempt.name}: no answer (${(error as Error).message})`);
        continue;
      }
      const after = await site.counts();
      const summary = `${attempt.name}: ${reply.status} ${reply.text.slice(0, 120)}`;
      if (reply.status !== 403) failures.push(summary);
      else if (!hasMessage(reply) && !attempt.path) failures.push(`${summary} (no message)`);
      if (JSON.stringify(requestCounts(after)) !== JSON.stringify(requestCounts(before)))
        failures.push(`${attempt.name}: rows changed`);
      const setCookies = reply.headers.getSetCookie().map((c) => c.split("=")[0]);
      const stateCookies = setCookies.filter((name) => name && STATE_COOKIES.includes(name));
      if (stateCookies.length) failures.push(`${attempt.name}: set ${stateCookies.join(", ")}`);
      if (signedIn && !(await isSignedIn(sender))) {
        failures.push(`${attempt.name}: signed the sender out`);
        break;
      }
    }
    expect(failures, `${list.length} attempts`).toEqual([]);

    // The same request with its proof goes through.
    const headers: Record<string, string> =
      endpoint.csrf === "origin"
        ? { "Sec-Fetch-Site": "same-origin" }
        : { "X-CSRF-Token": hidden.csrf ?? (await sender.csrfToken()) };
    const body: Body | undefined =
      endpoint.reads === "json"
        ? { json: first?.(account) }
        : endpoint.reads === "form" || endpoint.formPage
          ? { form: [...Object.entries(hidden), ...fields] }
          : undefined;
    const real = await sender.post(route.path, { body, headers });
    expect(endpoint.accepted, `with its proof: ${real.status} ${real.text.slice(0, 200)}`).toContain(real.status);
  });
}

async function isSignedIn(client: HttpClient) {
  const status = await client.get("/api/auth/status");
  return (status.json as { isAuthenticated?: boolean } | undefined)?.isAuthenticated === true;
}

test("GET /api/auth/logout, the one GET that changes state, only signs out from this site", async ({ site, as }) => {
  const reader = await as("reader");
  const before = await site.counts();
  // A browser without Fetch Metadata (Safari before 16.4) sends Origin or Referer instead (audit b,
  // defect 5: those of another site signed the reader out); a request with none of the three cannot
  // show it came from here (a script signs out with POST and its token).
  const refused: Record<string, string>[] = [
    { "Sec-Fetch-Site": "cross-site" },
    { "Sec-Fetch-Site": "same-site" },
    { "Sec-Fetch-Site": "none" },
    { "Sec-Fetch-Site": "cross-site", Referer: `${site.url}/stories` },
    { Origin: "https://evil.example" },
    { Referer: "https://evil.example/x" },
    { Origin: "null" },
    {},
    // The site's own page loading it as an image, a script or a frame (audit c: an <img> of this
    // address in a writer's story signed out every reader who scrolled to it).
    { "Sec-Fetch-Site": "same-origin", "Sec-Fetch-Mode": "no-cors", "Sec-Fetch-Dest": "image" },
    { "Sec-Fetch-Site": "same-origin", "Sec-Fetch-Mode": "no-cors", "Sec-Fetch-Dest": "script" },
    { "Sec-Fetch-Site": "same-origin", "Sec-Fetch-Mode": "navigate", "Sec-Fetch-Dest": "iframe" },
  ];
  for (const headers of refused) {
    const reply = await reader.get("/api/auth/logout", { headers });
    expect(reply.status, JSON.stringify(headers)).toBe(403);
    expect(hasMessage(reply)).toBe(true);
    expect(await isSignedIn(reader)).toBe(true);
  }
  expect(await site.counts()).toEqual(before);
  // A navigation, or the site's own script's fetch: signed out.
  const same = await reader.get("/api/auth/logout", {
    headers: { "Sec-Fetch-Site": "same-origin", "Sec-Fetch-Mode": "navigate", "Sec-Fetch-Dest": "document" },
  });
  expect(same.status).toBe(200);
  expect(await isSignedIn(reader)).toBe(false);
  // This site's Referer, from a browser that sends no Sec-Fetch-Site, signs out too.
  const again = await as("reader");
  const referred = await again.get("/api/auth/logout", { headers: { Referer: `${site.url}/stories` } });
  expect(referred.status).toBe(200);
  expect(await isSignedIn(again)).toBe(false);
});

test("a POST to a page without an action is refused by the CSRF check first", async ({ site }) => {
  const client = httpClient(site.url);
  const before = await site.counts();
  for (const route of pageRoutes().filter((r) => !r.hasAction && !r.path.includes(":") && !r.path.includes("*"))) {
    const reply = await client.post(route.path, { body: { form: [["x", "1"]] } });
    expect(reply.status, route.path).toBe(403);
  }
  expect(await site.counts()).toEqual(before);
});

// Decision 057: past the avatar forms' body limit the request reaches the page without its body,
// so without its token either: the page answers with the form's message, and nothing acts on it.
test("a body past the avatar forms' limit reaches their page without a token and changes nothing", async ({
  site,
  as,
}) => {
  const reader = await as("reader");
  const before = await site.counts();
  const name = `renamed_${Date.now().toString(36)}`;
  const pad = "a".repeat(13 * 1024 * 1024);
  for (const path of ["/settings/profile", "/profile", "/settings/profile.data"]) {
    const reply = await reader.post(path, {
      body: {
        form: [
          ["intent", "profile"],
          ["username", name],
          ["pad", pad],
        ],
      },
      headers: { "Sec-Fetch-Site": "cross-site" },
    });
    expect(reply.status, path).toBe(413);
    expect(reply.text, path).toContain("The image is larger than 10 MB. Choose a smaller one.");
  }
  expect(await site.counts()).toEqual(before);
  expect(await isSignedIn(reader)).toBe(true);
  expect((await reader.get("/settings/profile")).text).not.toContain(name);
});

// Decision 060: the matrix above posts to /edit-story/:id with an id that is not the sender's. A
// writer's own story is what a forged "Delete this story" would aim at: without the token, or with
// another reader's, even its confirmed "Yes" is a 403 and the story stays.
test("Delete this story without its CSRF proof gets 403 and the writer's story stays", async ({ site, as }) => {
  const writer = await as("reader");
  const created = await writer.post("/submit-story", {
    body: {
      form: [
        ["csrf", await writer.csrfToken()],
        ["intent", "save"],
        ["title", "Not to be forged away"],
      ],
    },
  });
  expect(created.status).toBe(302);
  const editPath = created.location ?? "";
  const id = Number(editPath.split("/").pop());
  const strangerToken = await httpClient(site.url).csrfToken();
  const yes: [string, string][] = [
    ["intent", "delete"],
    ["confirmed", "yes"],
  ];
  for (const [name, form] of [
    ["no token", yes],
    ["another reader's token", [...yes, ["csrf", strangerToken]]],
  ] as [string, [string, string][]][]) {
    const reply = await writer.post(editPath, { body: { form } });
    expect(reply.status, name).toBe(403);
    expect(hasMessage(reply), name).toBe(true);
  }
  expect(await site.query('SELECT id FROM "Post" WHERE id = ?', [id])).toHaveLength(1);
  // With the writer's token the same post deletes it: the refusals above were about the proof alone.
  const real = await writer.post(editPath, { body: { form: [...yes, ["csrf", await writer.csrfToken()]] } });
  expect(real.status).toBe(302);
  expect(await site.query('SELECT id FROM "Post" WHERE id = ?', [id])).toHaveLength(0);
});
