import { createServer, type IncomingMessage, request, type Server, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import { brotliDecompressSync } from "node:zlib";
import compression from "compression";
import express from "express";
import { afterEach, describe, expect, it } from "vitest";
import { createPageCache, isShareableRequest, type PageCacheOptions, sharedLifetimeMs } from "./http-cache";

const PUBLIC = "public, max-age=60, stale-while-revalidate=600";

type App = (req: IncomingMessage, res: ServerResponse) => void;

const servers: Server[] = [];
afterEach(async () => {
  await Promise.all(servers.splice(0).map((s) => new Promise((done) => s.close(done))));
});

/** A server whose app counts the requests that reach it. */
async function serve(app: App, options: PageCacheOptions = {}) {
  // Most cases are about what is kept, not when: keep a page from its first render.
  const cache = createPageCache({ admitAfter: 1, ...options });
  const state = { calls: 0 };
  const server = createServer((req, res) =>
    cache.handle(req, res, (r, s) => {
      state.calls++;
      app(r, s);
    }),
  );
  servers.push(server);
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return { origin, state, cache };
}

/** A GET with exactly these headers (fetch() adds no-cache to conditional requests) and the raw body. */
function get(url: string, headers: Record<string, string> = {}, method = "GET") {
  return new Promise<{ status: number; headers: IncomingMessage["headers"]; body: Buffer }>((resolve, reject) => {
    request(url, { headers, method }, (res) => {
      const chunks: Buffer[] = [];
      res.on("data", (c: Buffer) => chunks.push(c));
      res.on("end", () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks) }));
    })
      .on("error", reject)
      .end();
  });
}

function page(headers: Record<string, string> = {}, status = 200, body = "<p>a story</p>"): App {
  return (req, res) => {
    res.writeHead(status, {
      "Content-Type": "text/html; charset=utf-8",
      "Cache-Control": PUBLIC,
      ETag: 'W/"v1"',
      Vary: "Cookie",
      ...headers,
    });
    res.end(req.method === "HEAD" ? undefined : body);
  };
}

describe("the page cache", () => {
  it("keeps the variants of a page apart (the site.css cookie the HTTP layer took out, server/site-css-cookie.ts)", async () => {
    const { origin, state } = await serve(
      (req, res) => page({}, 200, `<p>${req.headers["x-variant"] ?? "none"}</p>`)(req, res),
      { variant: (req) => String(req.headers["x-variant"] ?? "") },
    );
    for (let i = 0; i < 2; i++) {
      expect((await get(`${origin}/stories`)).body.toString()).toBe("<p>none</p>");
      expect((await get(`${origin}/stories`, { "x-variant": "linked" })).body.toString()).toBe("<p>linked</p>");
    }
    expect(state.calls).toBe(2);
  });

  it("answers an anonymous public page from memory after the first render, with its Age", async () => {
    const { origin, state } = await serve(page());
    const first = await fetch(`${origin}/stories`);
    expect(await first.text()).toBe("<p>a story</p>");
    const second = await fetch(`${origin}/stories`);
    expect(await second.text()).toBe("<p>a story</p>");
    expect(second.headers.get("age")).toBe("0");
    expect(second.headers.get("cache-control")).toBe(PUBLIC);
    expect(second.headers.get("etag")).toBe('W/"v1"');
    expect(state.calls).toBe(1);
  });

  it("answers If-None-Match with 304 and HEAD without a body", async () => {
    const { origin, state } = await serve(page());
    await get(`${origin}/stories`);
    const again = await get(`${origin}/stories`, { "If-None-Match": 'W/"v1"' });
    expect(again.status).toBe(304);
    expect(again.body).toHaveLength(0);
    expect(again.headers.etag).toBe('W/"v1"');
    expect((await get(`${origin}/stories`, { "If-None-Match": 'W/"v0"' })).status).toBe(200);
    const head = await get(`${origin}/stories`, {}, "HEAD");
    expect(head.status).toBe(200);
    expect(head.headers["content-length"]).toBe("14");
    expect(state.calls).toBe(1);
  });

  it("keeps each variant the page varies on apart", async () => {
    const { origin, state } = await serve((req, res) =>
      page({ Vary: "Cookie, Save-Data, ECT" }, 200, `<p>${req.headers.ect ?? "normal"}</p>`)(req, res),
    );
    const get = async (headers: Record<string, string>) => (await fetch(`${origin}/story/a`, { headers })).text();
    expect(await get({})).toBe("<p>normal</p>");
    expect(await get({ ECT: "2g" })).toBe("<p>2g</p>");
    expect(await get({ ECT: "4g" })).toBe("<p>4g</p>");
    expect(await get({ ECT: "2g" })).toBe("<p>2g</p>");
    expect(await get({})).toBe("<p>normal</p>");
    expect(state.calls).toBe(3);
  });

  it("stores the bytes compression() sent, once per Accept-Encoding", async () => {
    const body = `<p>${"It rang at 3:12 on the night of the funeral. ".repeat(100)}</p>`;
    const app = express();
    app.use(compression());
    app.get("/story/a", (_req, res) => {
      res.set({ "Content-Type": "text/html; charset=utf-8", "Cache-Control": PUBLIC, Vary: "Cookie" }).send(body);
    });
    const { origin, state } = await serve(app);
    const raw = async (encoding: string) => {
      const response = await fetch(`${origin}/story/a`, { headers: { "Accept-Encoding": encoding } });
      return { encoding: response.headers.get("content-encoding"), vary: response.headers.get("vary") };
    };
    for (let i = 0; i < 3; i++) {
      expect(await raw("br")).toEqual({ encoding: "br", vary: "Cookie, Accept-Encoding" });
      expect(await raw("gzip")).toEqual({ encoding: "gzip", vary: "Cookie, Accept-Encoding" });
    }
    expect(state.calls).toBe(2);
    const cached = await get(`${origin}/story/a`, { "Accept-Encoding": "br" });
    expect(brotliDecompressSync(cached.body).toString()).toBe(body);
    expect(state.calls).toBe(2);
  });

  it.each([
    ["a reader with a cookie", { Cookie: "hs_theme=dark" }, {}, 200],
    ["an authorised request", { Authorization: "Bearer x" }, {}, 200],
    ["a reload that bypasses caches", { "Cache-Control": "no-cache" }, {}, 200],
    ["a private page", {}, { "Cache-Control": "private, no-cache" }, 200],
    ["a page without max-age", {}, { "Cache-Control": "public" }, 200],
    ["a page that sets a cookie", {}, { "Set-Cookie": "a=b" }, 200],
    ["JSON", {}, { "Content-Type": "application/json" }, 200],
    ["a 404", {}, {}, 404],
    ["Vary: *", {}, { Vary: "*" }, 200],
  ])("never keeps %s", async (_name, requestHeaders, responseHeaders, status) => {
    const { origin, state } = await serve(page(responseHeaders, status));
    for (let i = 0; i < 3; i++) await (await fetch(`${origin}/stories`, { headers: requestHeaders })).text();
    expect(state.calls).toBe(3);
  });

  it("keeps a page no longer than maxTtlMs, nor than its own max-age", async () => {
    let clock = 1_000_000;
    const now = () => clock;
    const { origin, state } = await serve(page(), { maxTtlMs: 1_000, now });
    await (await fetch(`${origin}/stories`)).text();
    clock += 999;
    await (await fetch(`${origin}/stories`)).text();
    expect(state.calls).toBe(1);
    clock += 1;
    await (await fetch(`${origin}/stories`)).text();
    expect(state.calls).toBe(2);

    const short = await serve(page({ "Cache-Control": "public, max-age=1" }), { maxTtlMs: 60_000, now });
    await (await fetch(`${short.origin}/stories`)).text();
    clock += 1_000;
    await (await fetch(`${short.origin}/stories`)).text();
    expect(short.state.calls).toBe(2);
  });

  /**
   * Renders of `/stories` for `warm` requests, then for a burst of 8 readers once the copy has
   * expired, with the burst's render held until the first of them reaches the app.
   */
  async function burstAfterExpiry(options: PageCacheOptions, warm: number) {
    let clock = 0;
    let release = () => {};
    const gate = new Promise<void>((resolve) => {
      release = resolve;
    });
    let slow = false;
    const { origin, state } = await serve(
      (req, res) => {
        if (slow) gate.then(() => page()(req, res));
        else page()(req, res);
      },
      { now: () => clock, ...options },
    );
    for (let i = 0; i < warm; i++) await (await fetch(`${origin}/stories`)).text();
    const warmCalls = state.calls;
    clock += 5_000;
    slow = true;
    const burst = Array.from({ length: 8 }, () => fetch(`${origin}/stories`).then((r) => r.text()));
    // The burst's first request renders; the others wait for it (the cache's filling promise).
    while (state.calls === warmCalls) await new Promise((resolve) => setImmediate(resolve));
    release();
    expect(await Promise.all(burst)).toEqual(Array(8).fill("<p>a story</p>"));
    return { warmCalls, calls: state.calls };
  }

  it("renders a page once for a burst of readers when its copy has expired", async () => {
    expect(await burstAfterExpiry({}, 1)).toEqual({ warmCalls: 1, calls: 2 });
  });

  it("keeps a page again when its copy expires: the burst after it is not rendered once per reader", async () => {
    // With the production admission (a second render admits a page), an expired page counted as
    // never seen: its next render was not kept, and every reader waiting on it rendered the page
    // for itself, each with its own brotli encoder of about 3.5 MB (docs/decisions/030, 2026-11-29).
    expect(await burstAfterExpiry({ admitAfter: 2 }, 3)).toEqual({ warmCalls: 2, calls: 3 });
  });

  it("does not keep a page bigger than maxEntryBytes", async () => {
    const { origin, state } = await serve(page({}, 200, "x".repeat(2_000)), { maxEntryBytes: 1_000 });
    for (let i = 0; i < 2; i++) await (await fetch(`${origin}/stories`)).text();
    expect(state.calls).toBe(2);
  });
});

describe("the page cache's memory", () => {
  it("keeps a page asked for once out, and admits it on its second render", async () => {
    const { origin, state, cache } = await serve(page(), { admitAfter: 2 });
    await (await fetch(`${origin}/story/one-off`)).text();
    expect(cache.size()).toBe(0);
    await (await fetch(`${origin}/story/one-off`)).text();
    expect(cache.size()).toBe(1);
    await (await fetch(`${origin}/story/one-off`)).text();
    expect(state.calls).toBe(2);
  });

  it("keeps a hot page while a flood of one-off URLs passes, within its byte cap", async () => {
    const body = "x".repeat(4_000);
    // A still clock: the test is about memory, not about the 1-second lifetime.
    const { origin, state, cache } = await serve(page({}, 200, body), {
      admitAfter: 2,
      maxBytes: 64 * 1024,
      now: () => 0,
    });
    for (let i = 0; i < 2; i++) await (await fetch(`${origin}/story/hot`)).text();
    const before = state.calls;
    for (let i = 0; i < 300; i++) {
      await (await fetch(`${origin}/story/random-${i}`)).text();
      if (i % 50 === 0) await (await fetch(`${origin}/story/hot`)).text();
    }
    // Every request for the hot page after it was admitted came from memory.
    expect(state.calls - before).toBe(300);
    expect(cache.size()).toBe(1);
    expect(cache.bytes()).toBeLessThanOrEqual(64 * 1024);
  });

  it("stays within its byte cap when many pages are admitted", async () => {
    const { origin, cache } = await serve(page({}, 200, "y".repeat(10_000)), { admitAfter: 1, maxBytes: 50_000 });
    for (let i = 0; i < 40; i++) await (await fetch(`${origin}/story/p-${i}`)).text();
    expect(cache.bytes()).toBeLessThanOrEqual(50_000);
    expect(cache.size()).toBeLessThan(40);
  });
});

describe("sharedLifetimeMs", () => {
  it("reads s-maxage before max-age, and only for public answers", () => {
    expect(sharedLifetimeMs(PUBLIC)).toBe(60_000);
    expect(sharedLifetimeMs("public, max-age=60, s-maxage=5")).toBe(5_000);
    expect(sharedLifetimeMs("max-age=60")).toBe(0);
    expect(sharedLifetimeMs("public, no-store, max-age=60")).toBe(0);
    expect(sharedLifetimeMs(undefined)).toBe(0);
  });
});

describe("isShareableRequest", () => {
  const req = (method: string, headers: Record<string, string> = {}) => ({ method, headers }) as IncomingMessage;
  it("is a GET or HEAD without cookies, credentials or a bypass", () => {
    expect(isShareableRequest(req("GET"))).toBe(true);
    expect(isShareableRequest(req("HEAD"))).toBe(true);
    expect(isShareableRequest(req("POST"))).toBe(false);
    expect(isShareableRequest(req("GET", { cookie: "a=b" }))).toBe(false);
    expect(isShareableRequest(req("GET", { range: "bytes=0-1" }))).toBe(false);
    expect(isShareableRequest(req("GET", { pragma: "no-cache" }))).toBe(false);
  });
});
