// A site whose database file has been overwritten with junk (a bad restore, a
// full disk, a stray `cp`). The health check must say so, since the Docker
// HEALTHCHECK restarts on it, and every JSON endpoint must still answer JSON
// with the spec's error code (§8), never the framework's text/plain 500.
import { writeFile } from "node:fs/promises";
import { test as base } from "@playwright/test";
import { httpClient } from "../support/http-client.ts";
import { type Site, startSite } from "../support/site-server.ts";
import { expect, newReader } from "./fixtures.ts";

// A site of its own per test: this one is broken on purpose.
const test = base.extend<{ site: Site }>({
  site: async ({}, use) => {
    const site = await startSite();
    await use(site);
    await site.dispose();
  },
});

async function breakDatabase(site: Site) {
  await writeFile(site.dbFile, Buffer.alloc(64 * 1024, "not a database, just junk. "));
}

test("GET /api/health answers 503 once the database file is junk", async ({ site }) => {
  const healthy = await fetch(`${site.url}/api/health`);
  expect(healthy.status).toBe(200);
  await breakDatabase(site);
  const response = await fetch(`${site.url}/api/health`);
  expect(response.status, await response.clone().text()).toBe(503);
  expect(response.headers.get("content-type")).toContain("application/json");
  expect(await response.json()).toMatchObject({ status: "unavailable", database: "unavailable" });
});

test("every JSON endpoint answers a JSON 5xx with code SERVER_ERROR when the database is junk", async ({ site }) => {
  const client = httpClient(site.url);
  const token = await client.csrfToken();
  // Signed in before the break, so the status call has a session to look up.
  const reader = httpClient(site.url);
  await reader.register(newReader());
  await breakDatabase(site);
  const headers = { "X-CSRF-Token": token };
  const calls: [string, () => ReturnType<typeof client.get>][] = [
    ["GET /api/posts", () => client.get("/api/posts")],
    ["GET /api/posts/:slug", () => client.get("/api/posts/the-whispering-walls")],
    ["GET /api/auth/status", () => reader.get("/api/auth/status")],
    [
      "POST /api/feedback",
      () =>
        client.post("/api/feedback", {
          body: { json: { type: "general", content: "Broken database feedback", category: "general" } },
          headers,
        }),
    ],
    [
      "POST /api/errors",
      () =>
        client.post("/api/errors", {
          body: { json: { id: `err_${Date.now()}_broken`, message: "x", timestamp: new Date().toISOString() } },
          headers,
        }),
    ],
    [
      "POST /api/auth/register",
      () =>
        client.post("/api/auth/register", {
          body: { json: { email: "broken@horror.test", username: "broken_db", password: "password-broken-1" } },
          headers,
        }),
    ],
    [
      "POST /api/auth/login",
      () =>
        client.post("/api/auth/login", {
          body: { json: { email: "broken@horror.test", password: "password-broken-1" } },
          headers,
        }),
    ],
  ];
  const wrong: string[] = [];
  for (const [name, call] of calls) {
    const reply = await call();
    const type = reply.headers.get("content-type") ?? "";
    const body = reply.json as { code?: unknown; message?: unknown } | undefined;
    const ok =
      reply.status >= 500 &&
      type.includes("application/json") &&
      body?.code === "SERVER_ERROR" &&
      typeof body.message === "string";
    if (!ok) wrong.push(`${name}: ${reply.status} ${type} ${reply.text.slice(0, 120)}`);
  }
  expect(wrong).toEqual([]);
});
