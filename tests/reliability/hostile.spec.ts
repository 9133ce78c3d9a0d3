// Hostile input, table-driven over every action and every /api endpoint of
// app/routes.ts: missing and extra fields, wrong types, 1 MB strings, invalid
// UTF-8, control characters, a wrong content type, JSON where a form is
// expected and the reverse, repeated fields, huge page numbers and path
// traversal in slugs. A refused request gets a 4xx with a message (never a
// 5xx) and leaves every table as it was. The site is this worker's own
// (fixtures.ts), so nothing else writes to it meanwhile.
import { createHmac, randomUUID } from "node:crypto";
import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import { LIST_FIELDS } from "../../app/utils/http.ts";
import { type Body, type HttpClient, hiddenFields, httpClient, type Reply, rawGet } from "../support/http-client.ts";
import { actionRoutes, apiRoutes, fillPath, pageRoutes } from "../support/route-table.ts";
import { type Account, asConsentingBrowser, ENDPOINTS, type Endpoint, endpointTableGaps } from "./endpoints.ts";
import { dataCounts, expect, hasMessage, newReader, test } from "./fixtures.ts";

const MB = 1024 * 1024;
const CONTROL = "\u0000\u0007\u001b[2J\u007f\u0085";
const NOT_UTF8 = Buffer.from([0xff, 0xfe, 0xc0, 0xaf, 0xed, 0xa0, 0x80]);

type Case = {
  name: string;
  body?: Body;
  headers?: Record<string, string>;
  /** The request may be accepted (the action ignores or defaults what is odd); it must still not be a 5xx. */
  mayAccept?: boolean;
};

/** A body of `size` bytes sent in chunks without a Content-Length, so only counting it can stop it. */
function chunked(prefix: string, size: number): ReadableStream<Uint8Array> {
  let sent = 0;
  return new ReadableStream({
    pull(controller) {
      if (sent === 0) controller.enqueue(new TextEncoder().encode(prefix));
      const chunk = new Uint8Array(64 * 1024).fill(97);
      controller.enqueue(chunk);
      sent += chunk.byteLength;
      if (sent >= size) controller.close();
    },
  });
}

const enc = encodeURIComponent;
const urlencoded = (pairs: [string, string][]) => pairs.map(([k, v]) => `${enc(k)}=${enc(v)}`).join("&");
const asString = (value: unknown) => (typeof value === "string" ? value : JSON.stringify(value));

function formCases(spec: Endpoint, base: Record<string, unknown>, hidden: Record<string, string>): Case[] {
  const fields = Object.entries(base).map(([k, v]) => [k, asString(v)] as [string, string]);
  const hiddenPairs = Object.entries(hidden);
  const all = [...hiddenPairs, ...fields];
  const lenient = (field: string) => spec.lenient?.includes(field) ?? false;
  const form = (pairs: [string, string][]): Body => ({ form: pairs });
  const replace = (field: string, value: string) =>
    all.map(([k, v]) => [k, k === field ? value : v] as [string, string]);
  const token = hidden.csrf ? { "X-CSRF-Token": hidden.csrf } : undefined;
  const cases: Case[] = [
    { name: "no fields", body: form(hiddenPairs), mayAccept: fields.length === 0 },
    {
      name: "extra fields",
      body: form([
        ...all,
        ["isAdmin", "true"],
        ["role", "admin"],
        ["__proto__[isAdmin]", "true"],
        ["constructor[prototype][isAdmin]", "true"],
        ["userId", "someone-else"],
        ["status", "resolved"],
      ]),
      mayAccept: true,
    },
    {
      name: "JSON where a form is expected",
      body: { json: Object.fromEntries(all) },
      headers: token,
    },
    { name: "a text/plain body", body: { raw: urlencoded(all), contentType: "text/plain" }, headers: token },
    { name: "no content type", body: { raw: new TextEncoder().encode(urlencoded(all)) }, headers: token },
    { name: "malformed multipart", body: { raw: "--nope\r\n\r\n", contentType: "multipart/form-data; boundary=x" } },
    {
      name: "a malformed percent escape",
      body: { raw: `${urlencoded(all)}&junk=%E0%A4%A`, contentType: "application/x-www-form-urlencoded" },
    },
    {
      name: "a 3 MB body",
      body: { raw: `${urlencoded(all)}&junk=${"a".repeat(3 * MB)}`, contentType: "application/x-www-form-urlencoded" },
    },
    {
      name: "a 3 MB body without a length",
      body: { raw: chunked(`${urlencoded(all)}&junk=`, 3 * MB), contentType: "application/x-www-form-urlencoded" },
    },
  ];
  // The honeypot's timestamp is the server's own encrypted value: anything else is turned away, never a 5xx.
  if ("from__confirm" in hidden) {
    for (const [label, garbage] of [
      ["garbage", "garbage"],
      ["not base64", "%%%%"],
      ["base64 of nothing the server made", Buffer.from(randomUUID()).toString("base64")],
      ["a plain timestamp", String(Date.now() - 60_000)],
    ]) {
      cases.push({
        name: `a honeypot timestamp that is ${label}`,
        body: form(replace("from__confirm", garbage as string)),
      });
    }
  }
  for (const [field, value] of fields) {
    cases.push({
      name: `without ${field}`,
      body: form(all.filter(([k]) => k !== field)),
      mayAccept: spec.optional?.includes(field),
    });
    const multipart = new FormData();
    for (const [k, v] of all) {
      if (k === field) multipart.append(k, new Blob([value], { type: "application/octet-stream" }), "payload.bin");
      else multipart.append(k, v);
    }
    cases.push({ name: `${field} as a file`, body: { multipart }, mayAccept: lenient(field) });
    cases.push({
      name: `${field} of 1 MB`,
      body: form(replace(field, `/${"a".repeat(MB)}`)),
      mayAccept: lenient(field),
    });
    const raw = Buffer.concat([
      Buffer.from(`${urlencoded(all.filter(([k]) => k !== field))}&${enc(field)}=`),
      Buffer.from(value.slice(0, 2)),
      NOT_UTF8,
    ]);
    cases.push({
      name: `${field} not UTF-8`,
      body: { raw: new Uint8Array(raw), contentType: "application/x-www-form-urlencoded" },
    });
    cases.push({
      name: `${field} percent-encoded not UTF-8`,
      body: {
        raw: `${urlencoded(all.filter(([k]) => k !== field))}&${enc(field)}=${enc(value)}%FF%FE%C0%AF`,
        contentType: "application/x-www-form-urlencoded",
      },
    });
    cases.push({
      name: `${field} with control characters`,
      body: form(replace(field, `${value}${CONTROL}`)),
      mayAccept: lenient(field),
    });
    // A list field (a story's tags and warnings) is meant to repeat: its repeat is no hostile input.
    if (!LIST_FIELDS.includes(field)) cases.push({ name: `${field} repeated`, body: form([...all, [field, value]]) });
  }
  return cases;
}

function nested(depth: number): string {
  return `${"[".repeat(depth)}${"]".repeat(depth)}`;
}

function jsonCases(spec: Endpoint, base: Record<string, unknown>, token: string): Case[] {
  const json = (value: unknown): Body => ({ json: value });
  const rawJson = (text: string | Uint8Array): Body => ({ raw: text, contentType: "application/json" });
  const lenient = (field: string) => spec.lenient?.includes(field) ?? false;
  const text = JSON.stringify(base);
  const cases: Case[] = [
    { name: "an empty object", body: json({}) },
    { name: "no body", body: { raw: "", contentType: "application/json" } },
    { name: "JSON null", body: rawJson("null") },
    { name: "a JSON array", body: json([base]) },
    { name: "a JSON number out of range", body: rawJson("1e999999") },
    { name: "not JSON", body: rawJson("{oops") },
    { name: "JSON with a trailing comma", body: rawJson(`${text.slice(0, -1)},}`) },
    { name: `nested ${100_000} deep`, body: rawJson(`{"a":${nested(100_000)}}`) },
    {
      name: "extra fields",
      body: rawJson(
        `{"isAdmin":true,"role":"admin","__proto__":{"isAdmin":true},"constructor":{"prototype":{"isAdmin":true}},"userId":"someone-else","status":"resolved",${text.slice(1)}`,
      ),
      mayAccept: true,
    },
    { name: "a text/plain body", body: { raw: text, contentType: "text/plain" } },
    { name: "no content type", body: { raw: new TextEncoder().encode(text) } },
    {
      name: "a form where JSON is expected",
      body: { form: [...Object.entries(base).map(([k, v]) => [k, asString(v)] as [string, string]), ["csrf", token]] },
    },
    { name: "a 3 MB body", body: rawJson(`${text.slice(0, -1)},"junk":"${"a".repeat(3 * MB)}"}`) },
    {
      name: "a 3 MB body without a length",
      body: { raw: chunked(`${text.slice(0, -1)},"junk":"`, 3 * MB), contentType: "application/json" },
    },
  ];
  for (const [field, value] of Object.entries(base)) {
    const without = Object.fromEntries(Object.entries(base).filter(([k]) => k !== field));
    cases.push({ name: `without ${field}`, body: json(without), mayAccept: spec.optional?.includes(field) });
    const wrong: [string, unknown][] = [
      ["a number", 12345],
      ["a boolean", true],
      ["an array", [value]],
      ["an object", { value }],
      ["a huge number", 1e308],
    ];
    for (const [label, replacement] of wrong) {
      if (typeof value === typeof replacement && !Array.isArray(replacement)) continue;
      if (label === "an object" && typeof value === "object" && value !== null && !Array.isArray(value)) continue;
      cases.push({
        name: `${field} as ${label}`,
        body: json({ ...base, [field]: replacement }),
        mayAccept: lenient(field),
      });
    }
    cases.push({
      name: `${field} of 1 MB`,
      body: json({ ...base, [field]: `/${"a".repeat(MB)}` }),
      mayAccept: lenient(field),
    });
    if (typeof value === "object" && value !== null) {
      // Deep nesting inside an object the action keeps (e.g. an error's context).
      // An object the action ignores deep down (metadata) may be accepted; it must not be a 5xx.
      cases.push({
        name: `${field} nested ${100_000} deep inside`,
        mayAccept: true,
        body: rawJson(JSON.stringify({ ...base, [field]: "@@" }).replace('"@@"', `{"deep":${nested(100_000)}}`)),
      });
    }
    if (typeof value === "string") {
      const marker = "@@HOSTILE@@";
      const withMarker = Buffer.from(JSON.stringify({ ...base, [field]: `${value.slice(0, 2)}${marker}` }));
      const at = withMarker.indexOf(marker);
      cases.push({
        name: `${field} not UTF-8`,
        body: rawJson(
          new Uint8Array(
            Buffer.concat([withMarker.subarray(0, at), NOT_UTF8, withMarker.subarray(at + marker.length)]),
          ),
        ),
      });
      cases.push({
        name: `${field} with control characters`,
        body: json({ ...base, [field]: `${value}${CONTROL}` }),
        mayAccept: lenient(field),
      });
    }
    // JSON keeps the last of repeated names (JSON.parse), so the repeat carries a wrong value.
    cases.push({
      name: `${field} repeated`,
      body: rawJson(`${text.slice(0, -1)},${JSON.stringify(field)}:12345}`),
      mayAccept: lenient(field),
    });
  }
  return cases;
}

/** Endpoints that read no body: whatever comes is ignored, but a body the CSRF check cannot read is refused. */
function bodylessCases(hidden: Record<string, string>): Case[] {
  const pairs = Object.entries(hidden);
  return [
    { name: "extra fields", body: { form: [...pairs, ["isAdmin", "true"], ["userId", "x"]] }, mayAccept: true },
    {
      name: "a JSON body",
      body: { json: { isAdmin: true } },
      headers: { "X-CSRF-Token": hidden.csrf ?? "" },
      mayAccept: true,
    },
    { name: "malformed multipart", body: { raw: "--nope\r\n\r\n", contentType: "multipart/form-data; boundary=x" } },
    {
      name: "a field not UTF-8",
      body: {
        raw: new Uint8Array(Buffer.concat([Buffer.from(`${urlencoded(pairs)}&x=`), NOT_UTF8])),
        contentType: "application/x-www-form-urlencoded",
      },
    },
    { name: "a field with control characters", body: { form: [...pairs, ["x", CONTROL]] } },
    {
      name: "a 3 MB body",
      body: {
        raw: `${urlencoded(pairs)}&junk=${"a".repeat(3 * MB)}`,
        contentType: "application/x-www-form-urlencoded",
      },
    },
  ];
}

test.describe("every action and /api endpoint has a row in the hostile-input table", () => {
  test("each route with an action has a row, and each row a route", () => {
    const gaps = endpointTableGaps(actionRoutes().map((r) => r.path));
    expect(gaps.missing, "actions without a row in tests/reliability/endpoints.ts").toEqual([]);
    expect(gaps.orphaned, "rows without an action").toEqual([]);
    expect(apiRoutes().length).toBeGreaterThan(0);
  });
});

for (const route of actionRoutes()) {
  test(`POST ${route.path}: hostile bodies get a 4xx with a message and write nothing`, async ({ site, as }) => {
    test.setTimeout(90_000);
    const endpoint = ENDPOINTS[route.path] as Endpoint;
    expect(endpoint, `a row for ${route.path} in tests/reliability/endpoints.ts`).toBeTruthy();
    const account: Account = newReader();
    await httpClient(site.url).register(account);

    /** A new sender (signed in as the row says), with the hidden fields and token its requests carry. */
    async function prepared() {
      const signedAs = await as(endpoint.as);
      const client = endpoint.consent ? await asConsentingBrowser(signedAs) : signedAs;
      const hidden = endpoint.formPage ? await hiddenFields(client, endpoint.formPage) : {};
      const token = hidden.csrf ?? (await client.csrfToken());
      const headers: Record<string, string> =
        endpoint.csrf === "origin"
          ? { "Sec-Fetch-Site": "same-origin" }
          : endpoint.reads === "form"
            ? {}
            : { "X-CSRF-Token": token };
      return { client, hidden, token, headers };
    }
    const send = (client: HttpClient, headers: Record<string, string>, testCase: Case) =>
      client.post(route.path, {
        body: testCase.body,
        // A client address per request: rate limits would otherwise answer 429 before the input is read.
        headers: { ...headers, ...testCase.headers, "X-Test-Client": randomUUID() },
      });
    const casesFor = (hidden: Record<string, string>, token: string) => {
      const [first] = Object.values(endpoint.valid);
      const base = first ? first(account) : {};
      if (endpoint.reads === "json") return jsonCases(endpoint, base, token);
      if (endpoint.reads === "form") return formCases(endpoint, base, hidden);
      return bodylessCases(endpoint.formPage ? hidden : { csrf: token });
    };

    type Sender = Awaited<ReturnType<typeof prepared>>;
    type Attempt = { testCase: Case; before: Record<string, number> } & ({ reply: Reply } | { error: Error });
    /** Case `i`, sent by `sender`, with the row counts just before it. */
    async function sendCase({ client, hidden, token, headers }: Sender, i: number): Promise<Attempt> {
      const testCase = casesFor(hidden, token)[i] as Case;
      const before = await site.counts();
      try {
        return { testCase, before, reply: await send(client, headers, testCase) };
      } catch (error) {
        return { testCase, before, error: error as Error };
      }
    }

    // The valid submissions are accepted: the refusals below are about the input, not a broken request.
    for (const [name, make] of Object.entries(endpoint.valid)) {
      const { client, hidden, headers } = await prepared();
      const fields = Object.entries(make(account)).map(([k, v]) => [k, asString(v)] as [string, string]);
      const body: Body | undefined =
        endpoint.reads === "json"
          ? { json: make(account) }
          : endpoint.reads === "form" || endpoint.formPage
            ? { form: [...Object.entries(hidden), ...fields] }
            : undefined;
      const reply = await send(client, headers, { name, body });
      expect(endpoint.accepted, `valid "${name}": ${reply.status} ${reply.text.slice(0, 300)}`).toContain(reply.status);
    }

    // A sender sends cases until one is accepted (an accepted case may sign the sender in, take an
    // address or use up a limit): a refused case leaves every row as it was (checked below), so the
    // next case meets the sender as a new one would. A sender answered 429 has met a limit of its
    // own account (community writing counts per account), so the case's input was not read: a new
    // sender sends it again. A new sender for every case was most of this file's time.
    const count = casesFor({ csrf: "x" }, "x").length;
    const failures: string[] = [];
    let sender: Sender | undefined;
    for (let i = 0; i < count; i++) {
      const kept = sender !== undefined;
      sender ??= await prepared();
      let attempt = await sendCase(sender, i);
      if (kept && "reply" in attempt && attempt.reply.status === 429) {
        sender = await prepared();
        attempt = await sendCase(sender, i);
      }
      const { testCase, before } = attempt;
      if (!("reply" in attempt)) {
        failures.push(`${testCase.name}: no answer (${attempt.error.message})`);
        sender = undefined;
        continue;
      }
      const { reply } = attempt;
      if (reply.status < 400 || reply.status === 429 || reply.status >= 500) sender = undefined;
      const after = await site.counts();
      const summary = `${testCase.name}: ${reply.status} ${reply.location ?? ""} ${reply.text.slice(0, 160).replaceAll("\n", " ")}`;
      if (reply.status >= 500) {
        failures.push(`${summary} (a 5xx)`);
        continue;
      }
      const admins = await site.query<{ n: number }>('SELECT COUNT(*) AS n FROM "User" WHERE "isAdmin" = true');
      if (Number(admins[0]?.n) !== 1) failures.push(`${summary} (made an administrator)`);
      if (reply.status < 400) {
        if (!testCase.mayAccept) failures.push(`${summary} (accepted)`);
        const location = reply.location;
        const onSite = location?.startsWith("/") && !location.startsWith("//");
        if (location && (location.length > 2048 || !(onSite || endpoint.offSite?.test(location)))) {
          failures.push(`${testCase.name}: redirected to ${location.slice(0, 80)}… (${location.length} characters)`);
        }
        continue;
      }
      if (!hasMessage(reply)) failures.push(`${summary} (no message)`);
      if (JSON.stringify(dataCounts(after)) !== JSON.stringify(dataCounts(before))) {
        failures.push(`${summary} (rows changed: ${JSON.stringify(changed(before, after))})`);
      }
      const counters = endpoint.counters ?? 1;
      if ((after.RateLimit ?? 0) - (before.RateLimit ?? 0) > counters) {
        failures.push(`${summary} (more than ${counters} counter${counters > 1 ? "s" : ""})`);
      }
    }
    expect(failures, `${count} cases`).toEqual([]);
  });
}

function changed(before: Record<string, number>, after: Record<string, number>) {
  return Object.fromEntries(
    Object.keys(after)
      .filter((t) => before[t] !== after[t])
      .map((t) => [t, `${before[t]} -> ${after[t]}`]),
  );
}

// --- GET: huge page numbers and path traversal ---------------------------

/** Numeric query parameters of the pages and endpoints that take them. */
const NUMERIC_PARAMS: Record<string, string[]> = {
  "/stories": ["page"],
  "/api/posts": ["page", "limit"],
  "/community": ["page"],
};

const BAD_NUMBERS = [
  "99999999999999999999",
  "1e308",
  "-1",
  "0",
  "1.5",
  "NaN",
  "Infinity",
  "0x10",
  "abc",
  "%00",
  "1%00",
  "%FF",
  "9".repeat(4000),
  "",
];

const TRAVERSALS = [
  "..%2F..%2F..%2Fetc%2Fpasswd",
  "%2e%2e%2f%2e%2e%2fetc%2fpasswd",
  "..%5C..%5Cwindows%5Cwin.ini",
  "%252e%252e%252f",
  "%C0%AE%C0%AE%C0%AF",
  "%00",
  "a%00b",
  "%FF%FE",
  "%0D%0ASet-Cookie:%20x=1",
  "%3Cscript%3Ealert(1)%3C%2Fscript%3E",
  "a".repeat(5000),
  "%E2%80%AE",
];

test("GET: huge and odd page numbers get a 4xx with a message", async ({ site }) => {
  const failures: string[] = [];
  for (const [path, params] of Object.entries(NUMERIC_PARAMS)) {
    expect(
      pageRoutes().some((r) => r.path === path),
      `${path} is in the route table`,
    ).toBe(true);
    for (const param of params) {
      for (const value of BAD_NUMBERS) {
        const url = `${path}?${param}=${value}`;
        const reply = await rawGet(site.url, url);
        const expectError = value !== "";
        if (reply.status >= 500 || (expectError && (reply.status < 400 || !hasMessage(reply)))) {
          failures.push(`${url.slice(0, 80)}: ${reply.status}`);
        }
      }
      const repeated = await rawGet(site.url, `${path}?${param}=1&${param}=99999999999999999999`);
      if (repeated.status >= 500) failures.push(`${path} repeated ${param}: ${repeated.status}`);
    }
  }
  expect(failures).toEqual([]);
});

test("GET: path traversal and junk in every route parameter gets a 4xx with a message", async ({ site }) => {
  const withParams = pageRoutes().filter((r) => /[:*]/.test(r.path));
  expect(withParams.map((r) => r.path)).toEqual(expect.arrayContaining(["/story/:slug", "/api/posts/:slug"]));
  const before = await site.counts();
  const failures: string[] = [];
  for (const route of withParams) {
    for (const junk of TRAVERSALS) {
      const path = route.path.replace(/:[A-Za-z0-9_]+\??|\*/g, junk);
      for (const variant of [path, path.replace(junk, `x/../../${junk}`)]) {
        const reply = await rawGet(site.url, variant);
        if (reply.status < 400 || reply.status >= 500 || !hasMessage(reply)) {
          failures.push(`${variant.slice(0, 80)}: ${reply.status}`);
        }
      }
    }
  }
  expect(failures).toEqual([]);
  expect(dataCounts(await site.counts())).toEqual(dataCounts(before));
});

test("every /api endpoint answers odd methods and queries without a 5xx", async ({ site }) => {
  const failures: string[] = [];
  const client = httpClient(site.url);
  for (const route of apiRoutes()) {
    const path = fillPath(route.path, { slug: "bread-and-salt", id: "no-such-id" });
    for (const query of ["", "?page=99999999999999999999", "?__proto__[x]=1", `?q=${"%FF".repeat(100)}`]) {
      const reply = await rawGet(site.url, `${path}${query}`);
      if (reply.status >= 500) failures.push(`GET ${path}${query}: ${reply.status}`);
    }
    for (const method of ["PUT", "PATCH", "DELETE", "OPTIONS"]) {
      const reply = await client.request(method, path);
      if (reply.status >= 500) failures.push(`${method} ${path}: ${reply.status}`);
      if (method !== "OPTIONS" && (reply.status < 400 || !hasMessage(reply))) {
        failures.push(`${method} ${path}: ${reply.status} ${reply.text.slice(0, 80)}`);
      }
    }
  }
  expect(failures).toEqual([]);
});

// --- The image endpoint: no SSRF (docs/decisions/027) ---------------------

test("GET /img: forged, re-signed and odd image tokens get a 404 and make the server fetch nothing", async ({
  site,
}) => {
  // A listener the forged tokens point at: the server must never contact it.
  let contacted = 0;
  const trap = createServer((_req, res) => {
    contacted++;
    res.writeHead(200, { "Content-Type": "image/png" }).end();
  });
  await new Promise<void>((resolve) => trap.listen(0, "127.0.0.1", resolve));
  const trapUrl = `http://127.0.0.1:${(trap.address() as AddressInfo).port}/x.png`;
  try {
    const b64 = (text: string) => Buffer.from(text).toString("base64url");
    /** An HMAC exactly as the site makes it, but with a secret that is not the site's. */
    const wrongSignature = (source: string) =>
      createHmac("sha256", "image-url:not-the-site-secret-but-just-as-long-0000")
        .update(source)
        .digest("base64url")
        .slice(0, 22);
    const sources = [trapUrl, "http://169.254.169.254/latest/meta-data/", "file:///etc/passwd", "/../../etc/passwd"];
    const paths = [
      ...sources.flatMap((source) => [
        `/img/${b64(source)}.${wrongSignature(source)}/320.avif`,
        `/img/${b64(source)}/320.avif`,
        `/img/${b64(source)}.${"A".repeat(22)}/320.webp`,
      ]),
      `/img/${b64(trapUrl)}.${wrongSignature(trapUrl)}/99999.avif`,
      `/img/${"A".repeat(5000)}.${"B".repeat(22)}/320.jpg`,
      "/img/%2e%2e/320.avif",
      "/img/a.b/320.avif%00.png",
    ];
    const failures: string[] = [];
    for (const path of paths) {
      const reply = await rawGet(site.url, path);
      if (reply.status !== 404 || !hasMessage(reply)) failures.push(`${path.slice(0, 80)}: ${reply.status}`);
    }
    expect(failures).toEqual([]);
    expect(contacted).toBe(0);
  } finally {
    trap.close();
  }
});
