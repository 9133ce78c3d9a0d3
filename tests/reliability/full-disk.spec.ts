// The disk under the SQLite file fills up (docs/decisions/046). What the site has, it still
// serves: stories, lists and a signed-in reader's library read as before. What it would store
// waits: the 503 page with Retry-After, where the 500 page ("Something stirred in the machinery
// below") was; with JavaScript the form stays, with what was typed, and says why. The health check
// says so (it writes a row), operators get one line, and once there is room again the site stores
// again, on the same process.
//
// The database lives on a small file system of its own (tmpfs), which the test fills: the real
// ENOSPC, as SQLite meets it. Mounting one needs root, which CI has.
import { execFile } from "node:child_process";
import { mkdtemp, open, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { promisify } from "node:util";
import { test as base } from "@playwright/test";
import { hiddenFields, httpClient } from "../support/http-client.ts";
import { type Site, startSite } from "../support/site-server.ts";
import { giveConsent } from "../support/test.ts";
import { emptyWriteAheadLog, expect, newReader, publishedStoryPath } from "./fixtures.ts";

const run = promisify(execFile);

type Disk = { site: Site; fill(): Promise<void>; free(): Promise<void> };

const test = base.extend<{ disk: Disk }>({
  // biome-ignore lint/correctness/noEmptyPattern: Playwright fixtures take an object pattern
  disk: async ({}, use) => {
    const dir = await mkdtemp(path.join(tmpdir(), "hs-full-disk-"));
    await run("mount", ["-t", "tmpfs", "-o", "size=48m,mode=0700", "tmpfs", dir]);
    let site: Site | undefined;
    try {
      site = await startSite({ databaseDir: dir });
      const filler = path.join(dir, "filler");
      const disk: Disk = {
        site,
        async fill() {
          await emptyWriteAheadLog(site as Site);
          // Writes until the file system says ENOSPC: every byte left goes.
          const file = await open(filler, "w");
          const block = Buffer.alloc(1024 * 1024);
          try {
            for (;;) {
              const { bytesWritten } = await file.write(block);
              if (bytesWritten < block.length) break;
            }
          } catch (error) {
            if ((error as NodeJS.ErrnoException).code !== "ENOSPC") throw error;
          } finally {
            await file.close();
          }
        },
        free: () => rm(filler, { force: true }),
      };
      await use(disk);
    } finally {
      await site?.dispose();
      await run("umount", ["--lazy", dir]);
      await rm(dir, { recursive: true, force: true });
    }
  },
});

test.skip(process.getuid?.() !== 0, "mounting a small file system for the database needs root (CI runs as root)");

test("a full disk: the site reads on, a form's write answers 503 with Retry-After, and once there is room it stores again", async ({
  disk: { site, fill, free },
}) => {
  const story = await publishedStoryPath(site);
  const account = newReader();
  const reader = httpClient(site.url);
  await reader.register(account);

  await fill();

  // Reading goes on: the anonymous reader's pages and the signed-in reader's library.
  const anonymous = httpClient(site.url);
  for (const [client, path] of [
    [anonymous, story],
    [anonymous, "/stories"],
    [reader, "/bookmarks"],
  ] as const) {
    const page = await client.get(path);
    expect(page.status, `${path}: ${page.text.slice(0, 300)}`).toBe(200);
  }

  // The health check writes a row, so it says the database is unavailable (Docker's HEALTHCHECK).
  const health = await anonymous.get("/api/health");
  expect(health.status).toBe(503);
  expect(health.json).toMatchObject({ status: "unavailable", database: "unavailable" });

  // A sign-in without JavaScript: a session is a row. The 503 page, never the 500 page.
  const visitor = httpClient(site.url);
  const fields = await hiddenFields(visitor, "/auth");
  const signIn = await visitor.post("/auth", {
    // As a browser sends a form: its 503 page carries the form to send again (docs/decisions/048).
    headers: { "Sec-Fetch-Dest": "document" },
    body: { form: { ...fields, intent: "login", email: account.email, password: account.password } },
  });
  expect(signIn.status, signIn.text.slice(0, 300)).toBe(503);
  expect(signIn.text).toContain("<title>503 - Service Unavailable | Horror Stories</title>");
  expect(signIn.text).toContain("Our service is temporarily unavailable.");
  expect(signIn.text).not.toContain("Internal Server Error");
  expect(signIn.headers.get("retry-after")).toBe("30");
  expect(signIn.headers.get("cache-control")).toContain("no-store");
  // "Try again" sends the form again, every field but the password, which is never in a page.
  expect(signIn.text).toContain("Passwords are not kept, so type yours again.");
  expect(signIn.text).toContain('<form action="/auth" method="post">');
  expect(signIn.text).toMatch(new RegExp(`<input type="hidden" name="email" value="${account.email}"/>`));
  expect(signIn.text).not.toContain(account.password);
  expect(site.stderr()).toContain("[database] cannot store, ");
  expect(site.stderr()).toContain("SQLITE_FULL");

  // Room again: the same process stores again.
  await free();
  await expect.poll(async () => (await httpClient(site.url).get("/api/health")).status).toBe(200);
  const again = await visitor.post("/auth", {
    body: {
      form: {
        ...(await hiddenFields(visitor, "/auth")),
        intent: "login",
        email: account.email,
        password: account.password,
      },
    },
  });
  expect(again.status, again.text.slice(0, 300)).toBe(302);
});

test("with JavaScript, a sign-in on a full disk keeps the page and what was typed, and says why", async ({
  disk: { site, fill },
  context,
  page,
}) => {
  const account = newReader();
  await httpClient(site.url).register(account);
  await giveConsent(context, site.url);
  await page.goto(`${site.url}/auth`);
  await page.locator("html[data-hydrated]").waitFor();
  await fill();

  await page.getByLabel("Email").fill(account.email);
  await page.getByLabel("Password", { exact: true }).fill(account.password);
  await page.getByRole("button", { name: "Sign in" }).click();
  const toast = page.getByRole("region", { name: "Notifications" });
  await expect(toast).toContainText("API Error");
  await expect(toast).toContainText("Our service is temporarily unavailable.");
  await expect(toast).toContainText("What you typed is still here, so send it again");
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Sign in");
  await expect(page.getByLabel("Email")).toHaveValue(account.email);
  await expect(page).toHaveURL(`${site.url}/auth`);
});
