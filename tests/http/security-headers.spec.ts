// Every response carries the security headers; every HTML document a
// Content-Security-Policy without 'unsafe-inline' or 'unsafe-eval' for scripts.
import { expect, test } from "@playwright/test";
import { OIDC_ISSUER } from "../../playwright.config.ts";
import { rawGet } from "../support/http-client.ts";

const directives = (policy: string | null) =>
  new Map(
    (policy ?? "").split(";").map((part) => {
      const [name = "", ...values] = part.trim().split(/\s+/);
      return [name, values] as const;
    }),
  );

function expectDocumentPolicy(policy: string | null) {
  expect(policy, "Content-Security-Policy").toBeTruthy();
  const csp = directives(policy);
  const scripts = csp.get("script-src") ?? [];
  expect(scripts).toContain("'self'");
  expect(scripts).not.toContain("'unsafe-inline'");
  expect(scripts).not.toContain("'unsafe-eval'");
  expect(csp.get("object-src")).toEqual(["'none'"]);
  expect(csp.get("base-uri")).toEqual(["'self'"]);
  // Forms post here, and Connect is redirected on to the configured OpenID Connect provider (decision 013).
  expect(csp.get("form-action")).toEqual(["'self'", new URL(OIDC_ISSUER).origin]);
  expect(csp.get("frame-ancestors")).toEqual(["'none'"]);
}

function expectBaseHeaders(headers: Headers, what: string) {
  expect(headers.get("x-content-type-options"), what).toBe("nosniff");
  expect(headers.get("referrer-policy"), what).toBe("strict-origin-when-cross-origin");
  expect(headers.get("permissions-policy"), what).toContain("camera=()");
  expect(headers.get("permissions-policy"), what).toContain("geolocation=()");
  // The suite's server runs in production mode.
  expect(headers.get("strict-transport-security"), what).toMatch(/max-age=\d{7,}/);
  expect(headers.get("content-security-policy"), what).toContain("object-src 'none'");
}

test("every kind of response carries the security headers", async ({ baseURL }) => {
  const home = await rawGet(baseURL as string, "/");
  const asset = home.text.match(/\/assets\/entry\.client-[^"]+\.js/)?.[0];
  expect(asset).toBeTruthy();
  for (const path of [
    "/",
    "/story/the-doll-hospital",
    "/api/health",
    "/api/posts",
    "/feed.xml",
    asset as string,
    "/favicon.svg",
    "/no-such-page",
    "/errors/500",
  ]) {
    const reply = await rawGet(baseURL as string, path);
    expectBaseHeaders(reply.headers, path);
  }
});

test("every HTML document has a CSP that allows only its own inline scripts, by hash", async ({ baseURL }) => {
  // Its own: those the app wrote, which carried the render's marker as their nonce (docs/decisions/031). The
  // marker is taken out, so no nonce reaches the reader, and a script from stored content is never
  // hashed (tests/reliability/stored-scripts.spec.ts).
  for (const path of ["/", "/stories", "/story/the-doll-hospital", "/auth", "/no-such-page", "/errors/503"]) {
    const reply = await rawGet(baseURL as string, path);
    expect(reply.headers.get("content-type")).toContain("text/html");
    const policy = reply.headers.get("content-security-policy");
    expectDocumentPolicy(policy);
    // Each inline script of the document is listed by its hash, and nothing else is.
    const inline = [...reply.text.matchAll(/<script(?![^>]*\bsrc=)[^>]*>([\s\S]*?)<\/script>/g)].map((m) => m[1] ?? "");
    expect(inline.length, path).toBeGreaterThan(0);
    const { createHash } = await import("node:crypto");
    const scripts = directives(policy).get("script-src") ?? [];
    for (const body of inline) {
      expect(scripts, path).toContain(`'sha256-${createHash("sha256").update(body).digest("base64")}'`);
    }
    expect(scripts.filter((source) => source.startsWith("'sha256-")).length, path).toBe(new Set(inline).size);
    expect(reply.text, path).not.toMatch(/\snonce=/);
  }
});

test("two renders of a page are the same bytes with the same policy and ETag (the marker is taken out)", async ({
  baseURL,
}) => {
  for (const path of ["/story/the-doll-hospital", "/stories", "/no-such-page"]) {
    // A cookie keeps each request past the page cache: two renders of their own.
    const [first, second] = [
      await rawGet(baseURL as string, path, { Cookie: "unrelated=1" }),
      await rawGet(baseURL as string, path, { Cookie: "unrelated=2" }),
    ];
    expect(second.text, path).toBe(first.text);
    expect(second.headers.get("content-security-policy"), path).toBe(first.headers.get("content-security-policy"));
    expect(second.headers.get("etag"), path).toBe(first.headers.get("etag"));
  }
});

test("a page from the page cache, and a 304, carry the same policy as the page", async ({ baseURL }) => {
  const path = `/stories?cache-check=${Date.now()}`;
  const first = await rawGet(baseURL as string, path);
  const second = await rawGet(baseURL as string, path);
  const third = await rawGet(baseURL as string, path);
  expect(third.headers.get("age")).not.toBeNull();
  for (const reply of [second, third]) {
    expect(reply.headers.get("content-security-policy")).toBe(first.headers.get("content-security-policy"));
  }
  const etag = first.headers.get("etag") as string;
  const notModified = await rawGet(baseURL as string, path, { "If-None-Match": etag });
  expect(notModified.status).toBe(304);
  expectBaseHeaders(notModified.headers, "304");
  expect(notModified.headers.get("content-security-policy")).toBe(first.headers.get("content-security-policy"));
  // A render of its own (with a cookie, past the page cache) answers 304 with the same policy too.
  const rendered = await rawGet(baseURL as string, path, { "If-None-Match": etag, Cookie: "unrelated=1" });
  expect([200, 304]).toContain(rendered.status);
});
