// docs/decisions/031: a response built for a request that carries a session is
// private, on every route, HTML and `.data`: a CDN or proxy in front that keeps
// what carries no Cache-Control would otherwise hand one reader's page (their
// name, their email, their CSRF token) to the next. Every signed-in page holds
// the sign-out form's CSRF token (app/root.tsx), so it is `no-store` too (OWASP
// ASVS 5.0 V14.3.2: sensitive data is not kept by the browser either).
// Built from the route table, so a new route is checked the day it appears.
import { fillPath, pageRoutes, type RouteEntry } from "../support/route-table.ts";
import { expect, type Role, test } from "./fixtures.ts";

/** The server-sent events stream: read for its headers only (it does not end). */
const STREAMS = new Set(["/admin/wordpress-sync/progress"]);
/** Would sign out a request that showed it came from this site: asked for last. */
const SIGN_OUT = "/api/auth/logout";

/** A value for each path parameter: a real story, the rest names nothing (a 404 is built for the reader too). */
const PARAMS = {
  slug: "the-widows-clock",
  id: "1",
  userId: "no-such-user",
  postId: "999999999",
  username: "no-such-writer",
  provider: "lantern",
  token: "no-such-token",
  file: "x.webp",
  code: "404",
  // Downloads (docs/decisions/042): a story's single HTML file, a shelf's EPUB.
  format: "html",
  shelf: "bookmarked",
};

const pathOf = (route: RouteEntry) =>
  fillPath(route.path.replace(/\/\*$/, "/no-such-page"), PARAMS).replace(/\/$/, "") || "/";

/**
 * What a session's response may say: `private` and `no-store`, and nothing that lets a shared
 * cache keep it. A resource route that says `public` (an image, the feed, the public post API)
 * declares an answer that is the same for everyone; a page or its data never is (the root
 * loader puts the reader's name and CSRF token in both).
 */
function problem(what: string, reply: { headers: Headers }): string | null {
  const type = reply.headers.get("content-type") ?? "";
  const cacheControl = reply.headers.get("cache-control") ?? "";
  const directives = cacheControl.split(",").map((d) => d.trim().toLowerCase().split("=")[0]);
  const pageOrData = /^text\/html\b/.test(type) || /^text\/x-script\b/.test(type) || what.includes(".data");
  if (!pageOrData && directives.includes("public")) return null;
  if (directives.includes("private") && directives.includes("no-store") && !directives.includes("public")) return null;
  return `${what}: ${type || "(no type)"}, Cache-Control: ${cacheControl || "(none)"}`;
}

for (const role of ["reader", "admin"] as const satisfies Role[]) {
  test(`${role}: every route's answer to a signed-in request is private and no-store, HTML and .data`, async ({
    as,
    site,
  }) => {
    const client = await as(role);
    const routes = pageRoutes()
      .filter((r) => !STREAMS.has(r.path))
      .sort((a, b) => Number(a.path === SIGN_OUT) - Number(b.path === SIGN_OUT));
    expect(routes.length).toBeGreaterThan(100);
    expect(routes.at(-1)?.path).toBe(SIGN_OUT);
    const failures: string[] = [];
    for (const path of STREAMS) {
      const response = await fetch(new URL(path, site.url), {
        headers: { Cookie: [...client.cookies].map(([name, value]) => `${name}=${value}`).join("; ") },
        signal: AbortSignal.timeout(10_000),
      });
      failures.push(problem(`GET ${path} (${response.status})`, response) ?? "");
      await response.body?.cancel();
    }
    for (const route of routes) {
      const path = pathOf(route);
      expect(client.cookies.has("hs_session"), `still signed in before ${path}`).toBe(true);
      const page = await client.get(path);
      failures.push(problem(`GET ${path} (${page.status})`, page) ?? "");
      if (route.file.endsWith(".tsx")) {
        const data = await client.get(`${path === "/" ? "/_" : path}.data`);
        failures.push(problem(`GET ${path}.data (${data.status})`, data) ?? "");
      }
      if (route.hasAction && path !== SIGN_OUT) {
        // Refused for want of its CSRF token: still an answer built for this reader.
        const post = await client.post(path, { body: { form: [["intent", "x"]] } });
        failures.push(problem(`POST ${path} (${post.status})`, post) ?? "");
      }
    }
    expect(failures.filter(Boolean)).toEqual([]);
  });
}

test("the pages the issue names, signed in: private, no-store, and their .data too", async ({ as }) => {
  const admin = await as("admin");
  const failures: string[] = [];
  for (const path of [
    "/notifications",
    "/contact",
    "/legal/copyright",
    "/about",
    "/auth-success",
    "/feedback",
    "/search",
    "/admin/themes",
    "/admin/posts",
    "/admin/analytics",
    "/admin/site-statistics",
    "/profile",
    "/admin/users",
    "/story/the-widows-clock",
  ]) {
    const page = await admin.get(path);
    expect(page.status, path).toBe(200);
    failures.push(problem(`GET ${path}`, page) ?? "");
    const data = await admin.get(`${path}.data`);
    expect(data.status, `${path}.data`).toBe(200);
    failures.push(problem(`GET ${path}.data`, data) ?? "");
  }
  expect(failures.filter(Boolean)).toEqual([]);
});

test("anonymous: every page that holds a CSRF token is private and no-store, and a public one holds none", async ({
  as,
}) => {
  const failures: string[] = [];
  let withToken = 0;
  for (const route of pageRoutes().filter((r) => r.file.endsWith(".tsx"))) {
    // A fresh browser each time: one that already has the CSRF cookie gets a token without a Set-Cookie.
    const anonymous = await as("anonymous");
    const path = pathOf(route);
    const page = await anonymous.get(path);
    if (!/name="csrf"/.test(page.text)) continue;
    withToken++;
    failures.push(problem(`GET ${path} (${page.status}, a CSRF token)`, page) ?? "");
    const again = await anonymous.get(path);
    failures.push(problem(`GET ${path} again (${again.status}, a CSRF token, the cookie sent)`, again) ?? "");
  }
  // The sign-in and registration forms, contact, feedback, the bug report...
  expect(withToken).toBeGreaterThan(4);
  expect(failures.filter(Boolean)).toEqual([]);
});

test("anonymous pages keep their public Cache-Control (the page cache and shared caches)", async ({ as }) => {
  const anonymous = await as("anonymous");
  for (const path of ["/", "/stories", "/story/the-widows-clock"]) {
    const page = await anonymous.get(path);
    expect(page.status, path).toBe(200);
    expect(page.headers.get("cache-control"), path).toBe("public, max-age=60, stale-while-revalidate=600");
  }
});
