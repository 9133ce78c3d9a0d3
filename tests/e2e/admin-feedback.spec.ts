// The feedback review and bug reports (docs/decisions/020), JavaScript
// on and off: filter, change a status, add a note, change ticked items at once,
// export the filtered view as CSV, follow a report's error id to its log entry,
// and give an error group a status. Each test makes its own rows (a marker in
// their text, searched for), so the shared site's other data does not matter.
import { randomUUID } from "node:crypto";
import { readFile } from "node:fs/promises";
import type { Page } from "@playwright/test";
import { ADMIN } from "../../playwright.config";
import { signInAndOpen } from "../support/accounts";
import { queryE2eDb } from "../support/db";
import { expect, test } from "../support/test";

const now = () => new Date().toISOString();

async function addFeedback(marker: string, type: string, category: string, content: string) {
  const id = `fb_${randomUUID().slice(0, 12)}`;
  await queryE2eDb(
    `INSERT INTO "Feedback" ("id", "type", "content", "page", "category", "browser", "operatingSystem",
       "screenResolution", "userAgent", "status", "createdAt")
     VALUES (?, ?, ?, '/story/bread-and-salt', ?, 'Firefox 140', 'Linux', '1280 x 800', 'Mozilla/5.0 (test)', 'new', ?)`,
    [id, type, `${content} ${marker}`, category, now()],
  );
  return { id, text: `${content} ${marker}` };
}

const signInAsAdmin = (page: Page, to: string) => signInAndOpen(page, ADMIN, to);

/** The flash toast that says `text` (with JS, earlier toasts may still be showing). */
const toast = (page: Page, text: string) =>
  page.getByRole("region", { name: "Notifications" }).getByRole("status").filter({ hasText: text });

const auditOf = (ids: string[]) =>
  queryE2eDb<{ action: string; objectId: string; after: string }>(
    `SELECT action, "objectId", after FROM "AdminAudit" WHERE "objectId" IN (${ids.map(() => "?").join(",")})
     ORDER BY "createdAt", id`,
    ids,
  );

test("an admin filters feedback, changes a status, adds a note and changes ticked items at once", async ({
  page,
  checkA11y,
}) => {
  // A long walk through the page: a dozen form posts, each a page load without JavaScript.
  test.slow();
  const marker = `mk${randomUUID().slice(0, 8)}`;
  const a = await addFeedback(marker, "bug", "ui", "The lamp flickers on the story page.");
  const b = await addFeedback(marker, "feature", "performance", "Please add a night mode for candles.");
  const c = await addFeedback(marker, "bug", "ui", "The back button forgets my paragraph.");
  const item = (text: string) => page.getByRole("listitem").filter({ hasText: text });

  await signInAsAdmin(page, "/admin/feedback");
  await page.goto(`/admin/feedback?q=${marker}`);
  await expect(page.getByRole("heading", { level: 1, name: "Feedback" })).toBeVisible();
  await expect(item(b.text)).toBeVisible();

  // Filter by type (a link): only the bug reports stay; the automatic fields show.
  // The filters say what the form's choices say, not the stored words.
  await page.getByRole("navigation", { name: "Type" }).getByRole("link", { name: "Something is broken" }).click();
  await expect(page).toHaveURL(/type=bug/);
  await expect(item(a.text)).toBeVisible();
  await expect(item(c.text)).toBeVisible();
  await expect(item(b.text)).toHaveCount(0);
  await expect(item(a.text)).toContainText("Firefox 140");
  await expect(item(a.text)).toContainText("1280 x 800");
  await expect(item(a.text)).toContainText("/story/bread-and-salt");
  await checkA11y();

  // One item's status.
  await item(a.text).getByLabel("Status", { exact: true }).selectOption("in-review");
  await item(a.text).getByRole("button", { name: "Save status" }).click();
  await expect(toast(page, "1 item changed.")).toBeVisible();
  await expect(item(a.text).getByRole("heading")).toContainText("status In review");
  // What it is about, in the form's words (it said "feature · ui").
  await expect(item(a.text).getByRole("heading")).toHaveText(/^Something is broken · Look and layout · /);
  expect(await queryE2eDb('SELECT status FROM "Feedback" WHERE id = ?', [a.id])).toEqual([{ status: "in-review" }]);

  // An empty note is refused at the item; a note is kept with the admin's name.
  await item(a.text).getByRole("button", { name: "Add note" }).click();
  await expect(item(a.text).getByText("Write the note first.")).toBeVisible();
  await item(a.text).getByLabel("Internal note (only admins see it)").fill("Seen on Firefox only, candle theme.");
  await item(a.text).getByRole("button", { name: "Add note" }).click();
  await expect(toast(page, "Note added.")).toBeVisible();
  await expect(item(a.text)).toContainText("Seen on Firefox only, candle theme.");
  expect(await queryE2eDb('SELECT text, "adminName" FROM "AdminNote" WHERE "itemId" = ?', [a.id])).toEqual([
    { text: "Seen on Firefox only, candle theme.", adminName: expect.any(String) },
  ]);
  // A note written on the wrong item is taken back by its writer, after opening "Delete this note".
  await item(a.text).getByLabel("Internal note (only admins see it)").fill("Meant for another item.");
  await item(a.text).getByRole("button", { name: "Add note" }).click();
  await expect(toast(page, "Note added.")).toBeVisible();
  const wrong = item(a.text).getByRole("listitem").filter({ hasText: "Meant for another item." });
  await expect(wrong.getByRole("button", { name: "Delete it" })).toBeHidden();
  await wrong.getByText("Delete this note").click();
  await wrong.getByRole("button", { name: "Delete it" }).click();
  await expect(toast(page, "Note deleted.")).toBeVisible();
  await expect(item(a.text)).not.toContainText("Meant for another item.");
  await expect(item(a.text)).toContainText("Seen on Firefox only, candle theme.");

  // Tick two, one status for both (one form, a named submit button).
  await item(a.text).getByRole("checkbox").check();
  await item(c.text).getByRole("checkbox").check();
  await page.getByLabel("Status for the ticked items").selectOption("wont-do");
  await page.getByRole("button", { name: "Change ticked items" }).click();
  await expect(toast(page, "2 items changed.")).toBeVisible();
  await page.getByRole("navigation", { name: "Status" }).getByRole("link", { name: "Won't do" }).click();
  await expect(page).toHaveURL(/status=wont-do/);
  await expect(item(a.text)).toBeVisible();
  await expect(item(c.text)).toBeVisible();
  expect(await queryE2eDb('SELECT status FROM "Feedback" WHERE id IN (?, ?) ORDER BY status', [a.id, c.id])).toEqual([
    { status: "wont-do" },
    { status: "wont-do" },
  ]);

  // One audit row per change, written with it.
  const rows = (await auditOf([a.id, b.id, c.id])).map((r) => `${r.action} ${r.objectId}`);
  expect(rows.slice(0, 4)).toEqual([
    `feedback.status ${a.id}`,
    `feedback.note ${a.id}`,
    `feedback.note ${a.id}`,
    `feedback.note-delete ${a.id}`,
  ]);
  expect(rows.slice(4).sort()).toEqual([`feedback.status ${a.id}`, `feedback.status ${c.id}`].sort());
  await checkA11y();
});

test("the review queue opens on new items, and a copyright claim has its own statuses", async ({ page }) => {
  const marker = `mk${randomUUID().slice(0, 8)}`;
  const claimId = `cl_${randomUUID().slice(0, 12)}`;
  await queryE2eDb(
    `INSERT INTO "CopyrightClaim" ("id", "name", "email", "work", "location", "goodFaith", "accurate", "status", "createdAt")
     VALUES (?, 'Ines Hollow', 'ines@horror.test', ?, 'https://copycat.example/x', 1, 1, 'received', ?)`,
    [claimId, `"The Drowned Choir" ${marker}`, now()],
  );
  await signInAsAdmin(page, "/admin/feedback-review");
  await expect(page.getByRole("navigation", { name: "Status" }).getByRole("link", { name: "New" })).toHaveAttribute(
    "aria-current",
    "page",
  );
  await page.goto(`/admin/feedback-review?kind=claim&q=${marker}`);
  await expect(
    page.getByRole("navigation", { name: "Status" }).getByRole("link", { name: "Received" }),
  ).toHaveAttribute("aria-current", "page");
  const claim = page.getByRole("listitem").filter({ hasText: marker });
  await claim.getByLabel("Status", { exact: true }).selectOption("content-removed");
  await claim.getByRole("button", { name: "Save status" }).click();
  await expect(toast(page, "1 item changed.")).toBeVisible();
  expect(await queryE2eDb('SELECT status FROM "CopyrightClaim" WHERE id = ?', [claimId])).toEqual([
    { status: "content-removed" },
  ]);
  expect((await auditOf([claimId])).map((r) => r.action)).toEqual(["claim.status"]);
});

test("an admin exports the filtered feedback as CSV, quoted and safe for spreadsheets", async ({ page }) => {
  const marker = `mk${randomUUID().slice(0, 8)}`;
  await addFeedback(marker, "bug", "ui", '=HYPERLINK("http://evil.test","click"), then a "quote"\nand a line:');
  await addFeedback(marker, "feature", "ui", "Not in the bug export");
  await signInAsAdmin(page, "/admin/feedback");
  await page.goto(`/admin/feedback?type=bug&q=${marker}`);
  const [download] = await Promise.all([
    page.waitForEvent("download"),
    page.getByRole("link", { name: "Export as CSV" }).click(),
  ]);
  expect(download.suggestedFilename()).toMatch(/^feedback-\d{4}-\d{2}-\d{2}\.csv$/);
  const csv = await readFile((await download.path()) as string, "utf8");
  const lines = csv.split("\r\n");
  expect(lines[0]).toBe(
    '"id","created","type","category","status","content","page","browser","operating system","screen","user agent","notes"',
  );
  expect(lines).toHaveLength(3);
  expect(csv).toContain(
    `"'=HYPERLINK(""http://evil.test"",""click""), then a ""quote""\nand a line: ${marker}","/story/bread-and-salt","Firefox 140","Linux","1280 x 800","Mozilla/5.0 (test)",`,
  );
  expect(csv).not.toContain("Not in the bug export");
});

test("a bug report links to its error log entry, and an error group gets a status", async ({
  page,
  checkA11y,
  javaScriptEnabled,
}) => {
  const marker = `mk${randomUUID().slice(0, 8)}`;
  const errorId = `err_${Date.now()}_${marker}`;
  const message = `Cannot read properties of undefined (${marker})`;
  for (const [id, url] of [
    [errorId, "https://horror.test/story/bread-and-salt?p=3"],
    [`err_${Date.now()}_${marker}b`, "https://horror.test/story/bread-and-salt"],
  ]) {
    await queryE2eDb(
      `INSERT INTO "ErrorLog" ("id", "timestamp", "message", "stack", "url", "userAgent", "receivedAt")
       VALUES (?, ?, ?, 'TypeError: at Story (story.tsx:12)', ?, 'Mozilla/5.0 (test)', ?)`,
      [id as string, now(), message, url as string, now()],
    );
  }
  const reportId = `br_${randomUUID().slice(0, 12)}`;
  await queryE2eDb(
    `INSERT INTO "BugReport" ("id", "whatHappened", "page", "severity", "errorId", "userAgent", "status", "createdAt")
     VALUES (?, ?, '/story/bread-and-salt', 'high', ?, 'Mozilla/5.0 (test)', 'new', ?)`,
    [reportId, `The page went blank ${marker}`, errorId, now()],
  );

  await signInAsAdmin(page, "/admin/bug-reports");
  await page.goto(`/admin/feedback?kind=bug&q=${marker}`);
  await page.getByRole("link", { name: `${errorId} (its log entry)` }).click();
  await expect(page).toHaveURL(new RegExp(`/admin/bug-reports\\?error=${errorId}$`));
  const entry = page.getByRole("region", { name: `Error log entry ${errorId}` });
  await expect(entry).toContainText(message);
  await expect(entry).toContainText("/story/bread-and-salt");
  await expect(entry).toContainText(reportId);

  // The log, grouped by message and route: both records are one group.
  const group = page.getByRole("row").filter({ hasText: message });
  await expect(group).toHaveCount(1);
  await expect(group.getByRole("cell").nth(3)).toHaveText("2");
  await checkA11y();
  await group.getByRole("combobox").selectOption("investigating");
  await group.getByRole("button", { name: "Save status" }).click();
  await expect(toast(page, "Error group marked Investigating.")).toBeVisible();
  await expect(page.getByRole("row").filter({ hasText: message }).getByRole("combobox")).toHaveValue("investigating");
  const [stored] = await queryE2eDb<{ key: string; status: string }>(
    'SELECT key, status FROM "ErrorGroupStatus" WHERE message = ?',
    [message],
  );
  expect(stored?.status).toBe("investigating");
  // The page opens again at the group, not the top of the list.
  if (!javaScriptEnabled) expect(page.url()).toMatch(new RegExp(`#group-${stored?.key}$`));

  // The bug report's own status, from the same page.
  const report = page.getByRole("listitem").filter({ hasText: `The page went blank ${marker}` });
  await report.getByRole("combobox").selectOption("confirmed");
  await report.getByRole("button", { name: "Save status" }).click();
  await expect(toast(page, "Bug report marked Confirmed.")).toBeVisible();
  if (!javaScriptEnabled) expect(page.url()).toMatch(new RegExp(`#bug-${reportId}$`));
  await expect(report.getByRole("button", { name: "Save status" })).toBeInViewport();
  expect(await queryE2eDb('SELECT status FROM "BugReport" WHERE id = ?', [reportId])).toEqual([
    { status: "confirmed" },
  ]);
  expect((await auditOf([reportId, stored?.key ?? ""])).map((r) => r.action).sort()).toEqual([
    "bug.status",
    "error.status",
  ]);
  await checkA11y();
});

test("on a phone, Save status, Add note and the bulk form open the page again where they were used, not at the top of the list", async ({
  page,
  javaScriptEnabled,
}) => {
  await page.setViewportSize({ width: 390, height: 740 });
  const marker = `mk${randomUUID().slice(0, 8)}`;
  const items = [];
  for (let i = 0; i < 8; i++) items.push(await addFeedback(marker, "general", "ui", `Thought ${i} on the long list.`));
  const oldest = items[0];
  if (!oldest) throw new Error("no items");
  const item = page.getByRole("listitem").filter({ hasText: oldest.text });
  await signInAsAdmin(page, "/admin/feedback");
  await page.goto(`/admin/feedback?q=${marker}`);
  await item.getByRole("button", { name: "Save status" }).scrollIntoViewIfNeeded();
  await item.getByLabel("Status", { exact: true }).selectOption("in-review");
  const before = await page.evaluate(() => scrollY);
  expect(before).toBeGreaterThan(740);
  await item.getByRole("button", { name: "Save status" }).click();
  await expect(toast(page, "1 item changed.")).toBeVisible();
  await expect(item.getByRole("heading")).toContainText("status In review");
  if (!javaScriptEnabled) expect(page.url()).toMatch(new RegExp(`#feedback-${oldest.id}$`));
  await expect(item.getByRole("button", { name: "Save status" })).toBeInViewport();

  // Add note and the bulk form open again where they were used too.
  await item.getByLabel("Internal note (only admins see it)").fill("Read on a phone, far down the list.");
  await item.getByRole("button", { name: "Add note" }).click();
  await expect(toast(page, "Note added.")).toBeVisible();
  if (!javaScriptEnabled) expect(page.url()).toMatch(new RegExp(`#feedback-${oldest.id}$`));
  await expect(item.getByRole("button", { name: "Add note" })).toBeInViewport();
  await item.getByRole("checkbox").check();
  await page.getByLabel("Status for the ticked items").selectOption("done");
  await page.getByRole("button", { name: "Change ticked items" }).click();
  await expect(item.getByRole("heading")).toContainText("status Done");
  if (!javaScriptEnabled) expect(page.url()).toMatch(/#bulk$/);
  await expect(page.getByRole("button", { name: "Change ticked items" })).toBeInViewport();
});
