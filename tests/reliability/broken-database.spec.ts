// A site whose database file has been overwritten with junk (a bad restore, a
// full disk, a stray `cp`). The health check must say so, since the Docker
// HEALTHCHECK restarts on it, and every JSON endpoint must still answer JSON
// with the spec's error code (§8), never the framework's text/plain 500.
import { writeFile } from "node:fs/promises";
import { test as base } from "@playwright/test";
import { httpClient } from "../support/http-client.ts";
import { type Site, startSite } from "../support/site-server.ts";
import { emptyWriteAheadLog, expect } from "./fixtures.ts";

// A site of its own per test: this one is broken on purpose.
const test = base.extend<{ site: Site }>({
  // biome-ignore lint/correctness/noEmptyPattern: Playwright fixtures take an object pattern
  site: async ({}, use) => {
    const site = await startSite();
    await use(site);
    await site.dispose();
  },
});

/**
 * Overwrites the database file with junk. First the write-ahead log is written back into the file
 * and emptied (a checkpoint, as SQLite makes on its own): a site whose pages still sit in its log
 * never reads the file, whatever is in it. The site's database is a copy of the run's template
 * with its log (tests/support/site-server.ts), and a full run once met a site that read everything
 * from the log (2026-11-29): the junk went unseen, by the health check as by any request.
 */
async function breakDatabase(site: Site) {
  await emptyWriteAheadLog(site);
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
  await breakDatabase(site);
  const headers = { "X-CSRF-Token": token };
  // (GET /api/auth/status is left out: SQLite may still serve a fresh session's
  // pages from the write-ahead log beside the junk file, and answer 200.)
  const calls: [string, () => ReturnType<typeof client.get>][] = [
    ["GET /api/posts", () => client.get("/api/posts")],
    ["GET /api/posts/:slug", () => client.get("/api/posts/the-whispering-walls")],
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
