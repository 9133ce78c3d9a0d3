// Hostile input in GET requests: huge and odd page numbers, path traversal in route
// parameters, odd methods on the API, and forged image tokens. A refused request gets a
// 4xx with a message, never a 5xx (hostile.spec.ts does the same for every action's body).
import { createHmac } from "node:crypto";
import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import { httpClient, rawGet } from "../support/http-client.ts";
import { apiRoutes, fillPath, pageRoutes } from "../support/route-table.ts";
import { dataCounts, expect, hasMessage, test } from "./fixtures.ts";

// --- GET: huge page numbers and path traversal ---------------------------

/**
 * Numeric query parameters of the pages and endpoints that take them. The JSON API refuses a bad
 * one with a 4xx and a message; a page's list reads it as page 1 (docs/decisions/061): a 200.
 */
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

test("GET: huge and odd page numbers get page 1 on a page, a 4xx with a message from the API", async ({ site }) => {
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
        const expectError = value !== "" && path.startsWith("/api/");
        if (reply.status >= 500 || (expectError && (reply.status < 400 || !hasMessage(reply)))) {
          failures.push(`${url.slice(0, 80)}: ${reply.status}`);
        }
        if (!path.startsWith("/api/") && reply.status !== 200) failures.push(`${url.slice(0, 80)}: ${reply.status}`);
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

test("GET: a path whose percent-encoding does not decode gets one plain 400, and nothing in the logs", async ({
  site,
}) => {
  const before = await site.counts();
  const stderrBefore = site.stderr().length;
  const stdoutBefore = site.stdout().length;
  const answers: string[] = [];
  for (const path of ["/%ZZ", "/%", "/story/%ZZ", "/api/posts/%ZZ", "/reader/%C0%AF", "/img/%E0%A4%A", "/%ZZ?page=2"]) {
    const reply = await rawGet(site.url, path);
    answers.push(`${path} ${reply.status} ${reply.headers.get("content-type")} ${reply.text.trim().slice(0, 80)}`);
  }
  expect(answers).toEqual(
    ["/%ZZ", "/%", "/story/%ZZ", "/api/posts/%ZZ", "/reader/%C0%AF", "/img/%E0%A4%A", "/%ZZ?page=2"].map(
      (path) => `${path} 400 text/plain; charset=utf-8 The request's path is not valid percent-encoding.`,
    ),
  );
  // A malformed request is the client's: no warning or stack trace on the server's output, no error-log row.
  expect(site.stderr().slice(stderrBefore)).toBe("");
  expect(site.stdout().slice(stdoutBefore)).toBe("");
  expect(dataCounts(await site.counts())).toEqual(dataCounts(before));
  // A well-formed escape still reaches the app: a story that does not exist, the 404 page.
  expect((await rawGet(site.url, "/story/no%20such%20story")).status).toBe(404);
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
