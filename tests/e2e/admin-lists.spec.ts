// docs/decisions/029: "Lists are paginated on the server, searchable and sortable by
// links", and /admin/bug-reports groups the server's own error log. On a site
// of its own (rows are added straight into its database, and one test makes
// its database refuse a write), JavaScript on and off: every control is a link
// or a GET form.
import { randomUUID } from "node:crypto";
import type { Page } from "@playwright/test";
import { signInAndOpen } from "../support/accounts";
import type { Site } from "../support/site-server";
import { expect, SITE_ADMIN, test } from "./story-site";

test.describe.configure({ mode: "serial" });

const signInAsAdmin = (page: Page, to: string) => signInAndOpen(page, SITE_ADMIN, to);

async function adminId(site: Site): Promise<string> {
  const [row] = await site.query<{ id: string }>('SELECT id FROM "User" WHERE email = ?', [SITE_ADMIN.email]);
  if (!row) throw new Error("the site has no administrator");
  return row.id;
}

const iso = (minutesAgo: number) => new Date(Date.now() - minutesAgo * 60_000).toISOString();
const pad = (n: number) => String(n).padStart(2, "0");

test("the moderation queue and the reports beside it are searched, sorted and paged by links", async ({
  page,
  site,
  checkA11y,
}) => {
  const marker = `mq${randomUUID().slice(0, 6)}`;
  const writer = await adminId(site);
  // 12 stories in review, story 01 the oldest; 12 reported posts, post 01 reported first.
  for (let n = 1; n <= 12; n++) {
    await site.query(
      `INSERT INTO "Post" ("slug", "title", "content", "status", "authorId", "summary", "markdown", "submittedAt",
         "createdAt", "updatedAt")
       VALUES (?, ?, '<p>Text.</p>', 'review', ?, 'A summary.', 'Text.', ?, ?, ?)`,
      [`${marker}-${n}`, `Queue ${marker} ${pad(n)}`, writer, iso(100 - n), iso(100 - n), iso(100 - n)],
    );
    const [post] = await site.query<{ id: number }>(
      `INSERT INTO "DiscussionPost" ("authorId", "body", "createdAt") VALUES (?, ?, ?) RETURNING id`,
      [writer, `Reported ${marker} ${pad(n)}`, iso(100 - n)],
    );
    await site.query(
      `INSERT INTO "DiscussionReport" ("id", "postId", "reporterId", "reason", "status", "openKey", "createdAt")
       VALUES (?, ?, ?, 'spam', 'open', ?, ?)`,
      [`rp-${marker}-${n}`, post?.id ?? 0, writer, `${post?.id}:${writer}`, iso(100 - n)],
    );
  }

  try {
    await moderationListsWork(page, marker, checkA11y);
  } finally {
    // The site is shared with the other specs of story-site.ts (story-submission's queue among them).
    await site.query(`DELETE FROM "DiscussionReport" WHERE id LIKE ?`, [`rp-${marker}-%`]);
    await site.query(`DELETE FROM "DiscussionPost" WHERE body LIKE ?`, [`Reported ${marker} %`]);
    await site.query(`DELETE FROM "Post" WHERE slug LIKE ?`, [`${marker}-%`]);
  }
});

async function moderationListsWork(page: Page, marker: string, checkA11y: () => Promise<void>) {
  await signInAsAdmin(page, "/admin/content-moderation");
  const queue = page.getByRole("region", { name: /^Stories waiting in review/ });
  await queue.getByRole("searchbox", { name: "Search stories in review" }).fill(marker);
  await queue.getByRole("button", { name: "Find stories" }).click();
  await expect(queue.getByRole("heading", { level: 2 })).toHaveText("Stories waiting in review (12)");
  const titles = queue.getByRole("heading", { level: 3 });
  // Oldest first, ten a page.
  await expect(titles).toHaveCount(10);
  await expect(titles.first()).toHaveText(`Queue ${marker} 01`);
  await checkA11y();

  await queue
    .getByRole("navigation", { name: "Sort stories in review" })
    .getByRole("link", { name: "Newest first" })
    .click();
  await expect(page).toHaveURL(/[?&]sort=newest/);
  await expect(titles.first()).toHaveText(`Queue ${marker} 12`);
  await queue
    .getByRole("navigation", { name: "Pages of stories in review" })
    .getByRole("link", { name: "Next page" })
    .click();
  await expect(page).toHaveURL(/[?&]page=2/);
  await expect(titles).toHaveText([`Queue ${marker} 02`, `Queue ${marker} 01`]);

  // The reports beside it keep the queue's parameters and have their own.
  const reports = page.getByRole("region", { name: /^Reported posts and comments/ });
  await reports.getByRole("searchbox", { name: "Search reported posts" }).fill(marker);
  await reports.getByRole("button", { name: "Find reports" }).click();
  await expect(page).toHaveURL(/[?&]rq=/);
  await expect(page).toHaveURL(/[?&]sort=newest/);
  await expect(reports.getByRole("heading", { level: 2 })).toHaveText("Reported posts and comments (12)");
  const excerpts = reports.locator("blockquote");
  await expect(excerpts).toHaveCount(10);
  await expect(excerpts.first()).toHaveText(`Reported ${marker} 01`);
  await reports
    .getByRole("navigation", { name: "Sort reported posts" })
    .getByRole("link", { name: "Newest first" })
    .click();
  await expect(excerpts.first()).toHaveText(`Reported ${marker} 12`);
  await reports
    .getByRole("navigation", { name: "Pages of reported posts" })
    .getByRole("link", { name: "Next page" })
    .click();
  await expect(excerpts).toHaveText([`Reported ${marker} 02`, `Reported ${marker} 01`]);
  // The queue is still on its own page 2.
  await expect(titles).toHaveText([`Queue ${marker} 02`, `Queue ${marker} 01`]);
  await checkA11y();
}

test("categories and tags are searched, sorted and paged by links", async ({ page, site, checkA11y }) => {
  const marker = `tx${randomUUID().slice(0, 6)}`;
  for (let n = 1; n <= 27; n++) {
    await site.query(`INSERT INTO "Category" ("slug", "name") VALUES (?, ?)`, [
      `${marker}-${n}`,
      `Cat ${marker} ${pad(n)}`,
    ]);
  }
  try {
    await categoryListWorks(page, marker, checkA11y);
  } finally {
    await site.query(`DELETE FROM "Category" WHERE slug LIKE ?`, [`${marker}-%`]);
  }
});

async function categoryListWorks(page: Page, marker: string, checkA11y: () => Promise<void>) {
  await signInAsAdmin(page, "/admin/themes");
  const section = page.getByRole("region", { name: "Categories" });
  await section.getByRole("searchbox", { name: "Search categories" }).fill(marker);
  await section.getByRole("button", { name: "Find categories" }).click();
  await expect(section.getByText(`27 categories matching "${marker}"`)).toBeVisible();
  const names = section.getByRole("table", { name: /^Categories/ }).locator("tbody tr td:first-child");
  await expect(names).toHaveCount(25);
  await expect(names.first()).toHaveText(`Cat ${marker} 01`);
  await section.getByRole("navigation", { name: "Sort categories" }).getByRole("link", { name: "Name Z to A" }).click();
  await expect(names.first()).toHaveText(`Cat ${marker} 27`);
  await section
    .getByRole("navigation", { name: "Pages of categories" })
    .getByRole("link", { name: "Next page" })
    .click();
  await expect(names).toHaveText([`Cat ${marker} 02`, `Cat ${marker} 01`]);
  await checkA11y();
}

test("every story from every source sorts by links, WordPress's too", async ({ page }) => {
  await signInAsAdmin(page, "/admin/content?source=wordpress");
  const titles = () =>
    page
      .getByRole("table")
      .first()
      .getByRole("rowheader")
      .evaluateAll((cells) => cells.map((c) => (c.querySelector("a")?.textContent ?? c.textContent ?? "").trim()));
  await expect(page.getByRole("table").first().getByRole("rowheader").first()).toBeVisible();
  const newest = await titles();
  expect(newest.length).toBeGreaterThan(3);
  const sortNav = page.getByRole("navigation", { name: "Sort stories" });
  await sortNav.getByRole("link", { name: "Title A to Z" }).click();
  await expect(page).toHaveURL(/[?&]sort=title/);
  await expect(page).toHaveURL(/[?&]source=wordpress/);
  await expect(sortNav.getByRole("link", { name: "Title A to Z" })).toHaveAttribute("aria-current", "page");
  // WordPress's own title order (asked with orderby=title), not the newest-first page sorted here.
  const byTitle = await titles();
  expect(byTitle).not.toEqual(newest);
  expect(byTitle).toEqual([...byTitle].sort((a, b) => a.localeCompare(b)));
  await sortNav.getByRole("link", { name: "Oldest first" }).click();
  await expect(page).toHaveURL(/[?&]sort=oldest/);
  const oldest = await titles();
  expect(oldest).not.toEqual(newest);
});

test("the server's own errors are grouped in the error log by message and route", async ({
  page,
  site,
  checkA11y,
  javaScriptEnabled,
}) => {
  const marker = `se${randomUUID().slice(0, 6)}`;
  const reason = `the disk is on fire ${marker}`;
  // The database refuses to store a contact message: a real failure inside the action, which
  // Prisma reports as an invalid prisma.contactMessage.create() invocation.
  const message = "prisma.contactMessage.create()";
  await site.query(
    `CREATE TRIGGER "fail_${marker}" BEFORE INSERT ON "ContactMessage" BEGIN SELECT RAISE(ABORT, '${reason}'); END`,
  );
  let shownId: string | null = null;
  try {
    for (const attempt of [1, 2]) {
      await page.goto("/contact");
      await page.getByLabel("Your name").fill("Mara Quill");
      await page.getByLabel("Your email").fill(`mara-${marker}@horror.test`);
      await page.getByLabel("Message", { exact: true }).fill(`Attempt ${attempt} to say something long enough.`);
      await page.getByRole("button", { name: "Send message" }).click();
      await expect(page.getByRole("heading", { level: 1 })).toHaveText(/went wrong|Server error|500/i);
    }
    if (!javaScriptEnabled) {
      // The server's 500 page names the error it stored, and Report Bug carries that id to the form.
      shownId = (await page.getByText(/^Error ID: err_/).textContent())?.replace("Error ID: ", "").trim() ?? null;
      expect(shownId).toMatch(/^err_\d+_s[0-9a-f]+$/);
      await page.getByRole("link", { name: "Report Bug" }).click();
      await expect(page).toHaveURL(/\/report-bug\?/);
      await expect(page.getByText(`Error id: ${shownId}`)).toBeVisible();
    }
  } finally {
    await site.query(`DROP TRIGGER "fail_${marker}"`);
  }
  if (shownId) {
    const [row] = await site.query<{ url: string }>('SELECT url FROM "ErrorLog" WHERE id = ?', [shownId]);
    expect(row?.url).toBe("/contact");
  }

  await signInAsAdmin(page, "/admin/bug-reports");
  const log = page.getByRole("region", { name: /^Error log, grouped/ });
  const server = log.getByRole("navigation", { name: "Error source" }).getByRole("link", { name: "Server" });
  await server.click();
  // The search form carries the chosen source once the page shows it (with JavaScript the link is a
  // client navigation, and the address changes before the new page is on screen).
  await expect(server).toHaveAttribute("aria-current", "page");
  await log.getByRole("searchbox", { name: "Search the error log" }).fill(message);
  await log.getByRole("button", { name: "Find errors" }).click();
  await expect(page).toHaveURL(/esource=server/);
  const group = log.getByRole("row").filter({ hasText: message });
  await expect(group).toHaveCount(1);
  const cells = group.getByRole("cell");
  await expect(cells.nth(1)).toHaveText("/contact");
  await expect(cells.nth(2)).toHaveText("Server");
  await expect(cells.nth(3)).toHaveText("2");
  await checkA11y();

  // Its newest entry opens with the details; the query string never reaches the log.
  await group.getByRole("link").click();
  const entry = page.getByRole("region", { name: /^Error log entry err_/ });
  await expect(entry).toContainText(message);
  await expect(entry).toContainText("Server");
  await expect(entry).toContainText("/contact");
  const [stored] = await site.query<{ source: string; url: string }>(
    'SELECT source, url FROM "ErrorLog" WHERE message LIKE ? LIMIT 1',
    [`%${message}%`],
  );
  expect(stored).toEqual({ source: "server", url: "/contact" });
});

test("an admin list's search longer than its box is cut to it and said, % is a character, and a page past the end is the last page", async ({
  page,
  checkA11y,
}) => {
  await signInAsAdmin(page, "/admin/users");
  const users = page.getByRole("search", { name: "Users" });
  const box = users.getByRole("searchbox", { name: "Search by name or email" });
  await expect(box).toHaveAttribute("maxlength", "100");
  const total = page.getByText(/^\d+ users?$/);
  await expect(total).toBeVisible();
  const everyone = await total.innerText();

  // Cut, not dropped: what is left is searched for (the address and a word of x's: nobody).
  await page.goto(`/admin/users?q=${encodeURIComponent(`${SITE_ADMIN.email} ${"x".repeat(120)}`)}`);
  await expect(page.getByText("Your search was shortened to its first 100 characters")).toBeVisible();
  await expect(page.getByText(/^0 users matching/)).toBeVisible();
  await checkA11y();
  await page.goto(`/admin/users?q=${encodeURIComponent(SITE_ADMIN.email)}`);
  await expect(page.getByText(/^1 user matching/)).toBeVisible();
  await expect(page.getByText(/Your search was shortened/)).toHaveCount(0);
  // The header's search of the stories is not this list's: its box stays empty.
  await expect(page.locator("#site-search")).toHaveValue("");

  await page.goto("/admin/users?q=%25");
  await expect(page.getByText('0 users matching "%"')).toBeVisible();

  await page.goto("/admin/users?page=99");
  await expect(page.getByText(everyone, { exact: true })).toBeVisible();
  await expect(page.getByText("No user matches.")).toHaveCount(0);
  await expect(page.getByRole("checkbox", { name: /^Select / }).first()).toBeVisible();
  // The story lists too: their last page, not "No stories here." under a count.
  await page.goto("/admin/content?page=99");
  await expect(page.getByText("No stories here.")).toHaveCount(0);
  await page.goto("/admin/posts?page=99");
  await expect(page.getByText("No posts here.")).toHaveCount(0);
});
