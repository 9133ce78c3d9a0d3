// What a server process maps into memory for good: a reader's pages, anonymous and signed in,
// never start ICU's formatters (docs/decisions/030, 2026-11-29 evening). The site writes its dates
// and counts from tables (app/utils/dates.ts, app/utils/text.ts); one `toLocaleString` at a
// module's top level cost every process about 6 MB, 5 of the 200 MB the bench allows it.
import { randomUUID } from "node:crypto";
import { readFile, rm } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { expect, test } from "@playwright/test";
import { httpClient } from "../support/http-client";
import { ADMIN_ENV, SITE_ADMIN, startSite } from "../support/site-server";

const SPY = path.resolve(import.meta.dirname, "../support/intl-spy.ts");

test("a reader's pages, anonymous and signed in, and an admin's look at a reader, start no Intl formatter in the server", async () => {
  const file = path.join(os.tmpdir(), `hs-intl-spy-${randomUUID()}.log`);
  const site = await startSite({ env: { ...ADMIN_ENV, NODE_OPTIONS: `--import=${SPY}`, HS_INTL_SPY_FILE: file } });
  try {
    const [story] = await site.query<{ slug: string }>(
      `SELECT slug FROM "Post" WHERE status = 'published' ORDER BY id LIMIT 1`,
    );
    expect(story, "a published story in the seeded database").toBeTruthy();
    const pages = ["/", "/stories", `/story/${story?.slug}`, "/about"];
    const anonymous = httpClient(site.url);
    for (const page of pages) expect((await anonymous.get(page)).status, page).toBe(200);
    const reader = httpClient(site.url);
    const id = randomUUID().slice(0, 8);
    await reader.register({ email: `intl-${id}@horror.test`, username: `intl_${id}`, password: `intl-${id}-password` });
    for (const page of [...pages, "/bookmarks", "/settings/profile", "/settings/privacy", "/submit-story"])
      expect((await reader.get(page)).status, `${page}, signed in`).toBe(200);
    // And an administrator's look at that reader (sessions, suspensions: dates with times).
    const admin = httpClient(site.url);
    await admin.signIn(SITE_ADMIN.email, SITE_ADMIN.password);
    const [user] = await site.query<{ id: string }>(`SELECT id FROM "User" WHERE username = ?`, [`intl_${id}`]);
    expect((await admin.get(`/admin/users/${user?.id}`)).status, "the reader's page in the admin").toBe(200);
    const calls = await readFile(file, "utf8").catch(() => "");
    expect(calls.split("\n").filter(Boolean), "Intl calls in the server, with where they came from").toEqual([]);
  } finally {
    await site.dispose();
    await rm(file, { force: true });
  }
});
