// docs/decisions/031: the CSP is the backstop against a script that reaches a page
// through stored content. The site here runs with a sanitiser bug
// (tests/support/sanitiser-bug.ts: the story allow-list lets everything through),
// and scripts are written straight into the database: into a story body (an own
// post) and a community story, where the bug lets them into the page, and into a
// discussion post and a display name, which React writes as text. In Chromium,
// with JavaScript: each stored script is refused (a securitypolicyviolation, its
// side effect absent), and the page still hydrates (the app's own scripts run).
import { randomUUID } from "node:crypto";
import path from "node:path";
import { test as base, expect, type Page } from "@playwright/test";
import { ADMIN_ENV, type Site, startSite } from "../support/site-server.ts";
import { newReader } from "./fixtures.ts";

const SANITISER_BUG = path.resolve(import.meta.dirname, "../support/sanitiser-bug.ts");

const test = base.extend<Record<never, never>, { site: Site }>({
  site: [
    // biome-ignore lint/correctness/noEmptyPattern: Playwright fixtures take an object pattern
    async ({}, use) => {
      const site = await startSite({ env: { ...ADMIN_ENV, NODE_OPTIONS: `--import=${SANITISER_BUG}` } });
      await use(site);
      await site.dispose();
    },
    { scope: "worker", timeout: 60_000 },
  ],
});

type Stored = { __stored?: string[] };

/** A script whose side effect names where it was stored. */
const storedScript = (where: string, type = "") =>
  `<script${type ? ` type="${type}"` : ""}>(window.__stored ??= []).push(${JSON.stringify(where)})</script>`;

/** Records every CSP violation the page reports, from before its first script. */
async function recordViolations(page: Page) {
  await page.addInitScript(() => {
    const seen: string[] = [];
    (window as unknown as { __violations: string[] }).__violations = seen;
    document.addEventListener("securitypolicyviolation", (event) => {
      seen.push(`${event.violatedDirective} ${event.blockedURI}`);
    });
  });
  return () => page.evaluate(() => (window as unknown as { __violations: string[] }).__violations);
}

/** Opens the page and waits until the app runs in it (app/root.tsx marks <html data-hydrated>). */
async function openHydrated(page: Page, url: string) {
  const violations = await recordViolations(page);
  await page.goto(url);
  await expect(page.locator("html")).toHaveAttribute("data-hydrated", "true");
  return violations;
}

async function readerId(site: Site, username: string) {
  const [row] = await site.query<{ id: string }>('SELECT id FROM "User" WHERE username = ?', [username]);
  return row?.id ?? "";
}

/** A reader registered through the JSON API in the page's context (which then holds the session). */
async function registerIn(page: Page, site: Site) {
  const reader = newReader();
  const token = await page.request.get(`${site.url}/api/csrf-token`);
  const { csrfToken } = (await token.json()) as { csrfToken: string };
  const reply = await page.request.post(`${site.url}/api/auth/register`, {
    data: reader,
    headers: { "X-CSRF-Token": csrfToken },
  });
  expect(reply.status(), await reply.text()).toBe(201);
  return { ...reader, id: await readerId(site, reader.username) };
}

async function insertStory(site: Site, content: string, authorId: string | null) {
  const slug = `stored-script-${randomUUID().slice(0, 8)}`;
  const now = new Date().toISOString();
  await site.query(
    `INSERT INTO "Post" (slug, title, content, status, "authorId", "authorName", "submittedAt", "publishedAt", "createdAt", "updatedAt", "announcedAt")
     VALUES (?, 'The Lantern Room', ?, 'published', ?, ?, ?, ?, ?, ?, ?)`,
    [slug, content, authorId ?? null, authorId ? null : "The Editors", now, now, now, now, now] as (string | number)[],
  );
  return slug;
}

/** The stored scripts reach the page: the bug is really there, so the CSP is what stops them. */
async function expectInPage(url: string, scripts: string[]) {
  const html = await (await fetch(url, { headers: { "X-Test-Client": randomUUID() } })).text();
  for (const script of scripts) expect(html).toContain(/^<script[^>]*>(.*)<\/script>$/.exec(script)?.[1]);
}

/** Each stored script refused by the CSP (an inline script-src violation), none ran, the app hydrated. */
async function expectRefused(page: Page, url: string, scripts: string[]) {
  const violations = await openHydrated(page, url);
  await expect
    .poll(async () => (await violations()).filter((v) => /^script-src(-elem)? inline$/.test(v)).length)
    .toBe(scripts.length);
  expect(await page.evaluate(() => (window as Stored).__stored)).toBeUndefined();
}

test("a <script> stored in an own post's body is refused, and the story page hydrates", async ({ page, site }) => {
  const scripts = [storedScript("story"), storedScript("story module", "module")];
  const slug = await insertStory(site, `<p>The lamp went out.</p>${scripts.join("")}<p>Then the knock.</p>`, null);
  const url = `${site.url}/story/${slug}`;
  await expectInPage(url, scripts);
  await expectRefused(page, url, scripts);
  await expect(page.getByText("Then the knock.")).toBeVisible();
  // The page cache's copy (anonymous, asked for again) is the same page with the same policy.
  const [first, second] = [await fetch(url), await fetch(url)];
  expect(second.headers.get("content-security-policy")).toBe(first.headers.get("content-security-policy"));
  expect(second.headers.get("etag")).toBe(first.headers.get("etag"));
});

test("a <script> stored in a community story is refused, and the page hydrates", async ({ page, site }) => {
  const writer = await registerIn(page, site);
  const scripts = [storedScript("community story")];
  const slug = await insertStory(site, `<p>We heard it in the well.</p>${scripts.join("")}`, writer.id);
  const url = `${site.url}/community-story/${slug}`;
  await expectInPage(url, scripts);
  await expectRefused(page, url, scripts);
  await expect(page.getByText("We heard it in the well.")).toBeVisible();
});

test("a <script> stored in a discussion post and in a display name stays text, runs nowhere, and the pages hydrate", async ({
  page,
  site,
}) => {
  const reader = await registerIn(page, site);
  const postScript = storedScript("discussion post");
  const nameScript = storedScript("display name");
  const now = new Date().toISOString();
  await site.query('UPDATE "User" SET "displayName" = ? WHERE id = ?', [nameScript, reader.id]);
  await site.query(
    `INSERT INTO "DiscussionThread" (title, "authorId", "createdAt", "lastPostAt") VALUES ('Bells at night', ?, ?, ?)`,
    [reader.id, now, now],
  );
  const [thread] = await site.query<{ id: number }>('SELECT MAX(id) AS id FROM "DiscussionThread"');
  await site.query(`INSERT INTO "DiscussionPost" ("threadId", "authorId", body, "createdAt") VALUES (?, ?, ?, ?)`, [
    Number(thread?.id),
    reader.id,
    postScript,
    now,
  ]);
  for (const [url, text] of [
    [`${site.url}/community/threads/${thread?.id}`, postScript],
    [`${site.url}/profile`, nameScript],
  ] as const) {
    const violations = await openHydrated(page, url);
    // Written as text (React escapes it), so there is no script to refuse, and the app's own scripts,
    // whose data carries the same text, run.
    await expect(page.getByText(text).first()).toBeVisible();
    expect(await page.evaluate(() => (window as Stored).__stored)).toBeUndefined();
    expect(await violations()).toEqual([]);
  }
});
