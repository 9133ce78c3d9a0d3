// The methods of the JSON API (docs/decisions/007, 2026-12-01): every /api/ route answers a method
// it does not take the same way, 405 in the spec's JSON shape (§8) with a message that names the
// methods to use and an `Allow` header, and an /api/ path no route has answers 404 whatever the
// method. Built from the route table, so a new API route is in it the day it appears. Every request
// carries its proof of origin (the CSRF token; the analytics reports' same-origin header), without
// which the CSRF check refuses first (csrf.spec.ts), and the endpoint's valid body
// (tests/reliability/endpoints.ts), so a refusal is about the method alone; none changes a row,
// signs the sender out or signs anyone in.
import { httpClient, type Reply } from "../support/http-client.ts";
import { apiRoutes, fillPath } from "../support/route-table.ts";
import { ENDPOINTS } from "./endpoints.ts";
import { expect, newReader, requestCounts, test } from "./fixtures.ts";

const METHODS = ["GET", "HEAD", "POST", "PUT", "PATCH", "DELETE", "OPTIONS"];
const WITHOUT_BODY = new Set(["GET", "HEAD", "OPTIONS"]);

/** What some routes take, said outright; every other route's Allow is checked against its module's exports. */
const KNOWN: Record<string, string> = {
  "/api/posts": "GET, HEAD",
  "/api/auth/status": "GET, HEAD",
  "/api/csrf-token": "GET, HEAD",
  "/api/auth/login": "POST",
  "/api/auth/register": "POST",
  "/api/auth/logout": "GET, HEAD, POST",
  "/api/feedback": "POST",
  "/api/bookmarks": "GET, HEAD, POST, PUT, DELETE",
  "/api/reading-position": "POST, PUT",
  "/api/notifications": "GET, HEAD, POST, DELETE",
};

const PARAMS = { slug: "the-widows-clock", id: "no-such-id" };

test("every route of the API is in this matrix, and the ones named here exist", () => {
  const paths = apiRoutes().map((r) => r.path);
  expect(paths).toContain("/api/*");
  for (const path of Object.keys(KNOWN)) expect(paths, path).toContain(path);
});

for (const route of apiRoutes().filter((r) => !r.path.includes("*"))) {
  test(`${route.path}: a method it does not take gets 405 with Allow, and acts on nothing`, async ({ as, site }) => {
    const sender = await as("reader");
    const name = await username(sender);
    const proof = { "X-CSRF-Token": await sender.csrfToken(), "Sec-Fetch-Site": "same-origin" };
    const path = fillPath(route.path, PARAMS);
    // Another reader's credentials ride in the body of a wrong method on the sign-in route.
    const other = newReader();
    await httpClient(site.url).register(other);
    const [make] = Object.values(ENDPOINTS[route.path]?.valid ?? {});
    const json = make ? make(other) : {};

    const options = await sender.request("OPTIONS", path, { headers: proof });
    const allow = options.headers.get("allow") ?? "";
    expect(options.status, `OPTIONS ${path}: ${options.text.slice(0, 200)}`).toBe(405);
    if (KNOWN[route.path]) expect(allow).toBe(KNOWN[route.path]);
    const allowed = allow.split(", ");
    // A loader takes GET and HEAD, an action takes POST: what the route module says is what it takes.
    expect(allowed.includes("GET") && allowed.includes("HEAD"), `${allow} for a loader`).toBe(route.hasLoader);
    expect(allowed.includes("POST"), `${allow} for an action`).toBe(route.hasAction);

    const before = requestCounts(await site.counts());
    const failures: string[] = [];
    for (const method of METHODS.filter((m) => !allowed.includes(m))) {
      const reply = await sender.request(method, path, {
        headers: proof,
        body: WITHOUT_BODY.has(method) ? undefined : { json },
      });
      const problem = wrongMethodProblem(reply, method, allowed);
      if (problem) failures.push(`${method} ${path}: ${problem}`);
    }
    expect(failures).toEqual([]);
    expect(requestCounts(await site.counts()), "nothing changed").toEqual(before);
    expect(await username(sender), "the sender is still signed in as themselves").toBe(name);
  });
}

/** What is wrong with a reply to a method the route does not take, or null. */
function wrongMethodProblem(reply: Reply, method: string, allowed: string[]): string | null {
  const said = `${reply.status} ${reply.headers.get("allow")} ${reply.text.slice(0, 160)}`;
  if (reply.status !== 405) return `not 405: ${said}`;
  if (reply.headers.get("allow") !== allowed.join(", ")) return `another Allow: ${said}`;
  if (reply.headers.has("set-cookie")) return `set a cookie: ${reply.headers.get("set-cookie")}`;
  if (method === "HEAD") return null;
  const body = reply.json as { message?: string; code?: string } | undefined;
  if (body?.code !== "CLIENT_ERROR") return `not the API's shape: ${said}`;
  const named = allowed.filter((m) => m !== "HEAD");
  if (!body.message?.startsWith("Use ") || !named.every((m) => body.message?.includes(m)))
    return `a message that does not name ${named.join(", ")}: ${said}`;
  return null;
}

async function username(client: ReturnType<typeof httpClient>): Promise<string | null> {
  const status = (await client.get("/api/auth/status")).json as { user?: { username?: string } | null } | undefined;
  return status?.user?.username ?? null;
}

test("an /api/ path no route has answers 404 JSON whatever the method, from another site too", async ({ as, site }) => {
  const sender = await as("reader");
  const token = await sender.csrfToken();
  const before = requestCounts(await site.counts());
  const failures: string[] = [];
  for (const path of ["/api/no-such-route", "/api/posts/the-widows-clock/comments", "/api/auth/status/x"]) {
    for (const origin of [{}, { Origin: "https://evil.example" }] as Record<string, string>[]) {
      for (const method of METHODS) {
        const reply = await sender.request(method, path, {
          headers: { "X-CSRF-Token": token, ...origin },
          body: WITHOUT_BODY.has(method) ? undefined : { json: {} },
        });
        const body = reply.json as { code?: string; message?: string } | undefined;
        const ok = reply.status === 404 && (method === "HEAD" || (body?.code === "NOT_FOUND" && body.message));
        if (!ok)
          failures.push(`${method} ${path} ${JSON.stringify(origin)}: ${reply.status} ${reply.text.slice(0, 120)}`);
      }
    }
  }
  expect(failures).toEqual([]);
  expect(requestCounts(await site.counts())).toEqual(before);
});
