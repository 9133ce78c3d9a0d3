import { ADMIN } from "../../playwright.config";
import { newReader, register, signInAndOpen, signUp } from "../support/accounts";
import { queryE2eDb } from "../support/db";
import { anotherPersonPage, expect, test } from "../support/test";

test("a signed-in reader sees their own feedback with its status", async ({ page, checkA11y }) => {
  const anonymous = await page.goto("/user/feedback-dashboard");
  expect(anonymous?.url()).toContain("/auth?redirectTo=%2Fuser%2Ffeedback-dashboard");

  await signUp(page);
  await page.goto("/feedback");
  const text = `Please add more winter stories ${Date.now()}`;
  await page.getByLabel("Your feedback").fill(text);
  await page.getByRole("button", { name: "Send feedback" }).click();
  await expect(page.getByRole("heading", { name: "Thank You for Your Feedback!" })).toBeVisible();

  await page.goto("/user/feedback-dashboard");
  const item = page.getByRole("listitem").filter({ hasText: text });
  await expect(item).toContainText("Received");
  await checkA11y();
});

test("the account menu and the feedback page link to the reader's feedback dashboard", async ({ page, checkA11y }) => {
  const reader = newReader();
  await register(page, reader);

  await page.getByRole("banner").getByLabel(`Account menu for ${reader.username}`).click();
  await page.getByRole("banner").getByRole("link", { name: "Your feedback" }).click();
  await expect(page).toHaveURL(/\/user\/feedback-dashboard$/);
  await expect(page.getByRole("heading", { level: 1, name: "Your feedback" })).toBeVisible();
  await checkA11y();

  await page.goto("/feedback");
  await page.getByRole("link", { name: "See the feedback you have sent and its status" }).click();
  await expect(page).toHaveURL(/\/user\/feedback-dashboard$/);
  await expect(page.getByRole("heading", { level: 1, name: "Your feedback" })).toBeVisible();
});

// The audit's defects 5, 6 and 12: a reader's bug report was on none of their pages and they were
// never told what became of it; the admin could not see who sent it; the list said "feature · ui".
test("a reader's feedback and bug reports are listed in the form's words; the admin sees who sent them, and fixing one tells its sender", async ({
  page,
  browser,
  baseURL,
  javaScriptEnabled,
  checkA11y,
}) => {
  const reader = await signUp(page);
  const marker = `m${Date.now()}`;
  await page.goto("/feedback");
  await page.getByLabel("Type").selectOption("feature");
  await page.getByLabel("Category").selectOption("ui");
  await page.getByLabel("Your feedback").fill(`A darker dark theme ${marker}`);
  await page.getByRole("button", { name: "Send feedback" }).click();
  await expect(page.getByRole("heading", { name: "Thank You for Your Feedback!" })).toBeVisible();
  await page.goto("/report-bug");
  await page.getByLabel("What happened?").fill(`The page went blank ${marker}`);
  await page.getByLabel("How bad is it?").selectOption("high");
  await page.getByRole("button", { name: "Send the report" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Thank you" })).toBeVisible();

  await page.goto("/user/feedback-dashboard");
  const idea = page.getByRole("region", { name: "Feedback (1)" }).getByRole("listitem");
  await expect(idea).toContainText("An idea · Look and layout · Received");
  const bug = page.getByRole("region", { name: "Bug reports (1)" }).getByRole("listitem");
  await expect(bug).toContainText("Bug report · High · Received");
  await expect(bug).toContainText(`The page went blank ${marker}`);
  await checkA11y();

  // The admin sees who sent each, with a link to their page, and marks the report fixed.
  const admin = await anotherPersonPage(browser, { javaScriptEnabled, baseURL: baseURL as string });
  await signInAndOpen(admin, ADMIN, `/admin/feedback?q=${marker}`);
  const sent = admin.getByRole("listitem").filter({ hasText: `A darker dark theme ${marker}` });
  await expect(sent.getByText(`from ${reader.username}`)).toBeVisible();
  await admin.goto(`/admin/bug-reports?q=${marker}`);
  const report = admin.getByRole("listitem").filter({ hasText: `The page went blank ${marker}` });
  await expect(report.getByRole("link", { name: reader.username })).toHaveAttribute(
    "href",
    /^\/admin\/users\/[A-Za-z0-9_-]+$/,
  );
  await report.getByRole("combobox").selectOption("fixed");
  await report.getByRole("button", { name: "Save status" }).click();
  await expect(admin.getByRole("status").filter({ hasText: "Bug report marked Fixed." })).toBeVisible();
  await report.getByRole("link", { name: reader.username }).click();
  await expect(admin.getByRole("heading", { level: 1, name: reader.username })).toBeVisible();
  await admin.context().close();

  await page.goto("/user/feedback-dashboard");
  await expect(bug).toContainText("Bug report · High · Fixed");
  await page.goto("/notifications");
  await expect(page.getByText("Your bug report is fixed")).toBeVisible();
  await expect(page.getByText(`(“The page went blank ${marker}”) is fixed.`, { exact: false })).toBeVisible();
  // Opening the notice leads to the report on the reader's list (its page, then the item).
  await page
    .getByRole("button", { name: /Your bug report is fixed/ })
    .first()
    .click();
  await expect(page).toHaveURL(/\/user\/feedback-dashboard\?sent=bug-[^#]+#bug-/);
  await expect(bug).toContainText("Bug report · High · Fixed");
  await expect(bug).toBeInViewport();
});

// The dashboard showed the newest 100 of each list and said "Feedback (100)" whatever the number.
// Each list is paged by itself (20 a page, ?fpage= and ?bpage=), its heading counts all of it, and a
// notification's link to an item opens its list at the item's page.
test("each list is paged by itself and counts all of it; a notification's link opens the item's page", async ({
  page,
  checkA11y,
}) => {
  const reader = await signUp(page);
  const [user] = await queryE2eDb<{ id: string }>('SELECT id FROM "User" WHERE email = ?', [reader.email]);
  // As the site's Prisma writes a DateTime in SQLite; a minute apart, "Old note 1" the oldest.
  const at = (minutes: number) => new Date(Date.now() - (60 - minutes) * 60_000).toISOString().replace("Z", "+00:00");
  const id = (n: number) => `e2efb${reader.username.replaceAll("_", "").toLowerCase()}${n}`.slice(0, 40);
  for (let n = 1; n <= 23; n++) {
    await queryE2eDb(
      `INSERT INTO "Feedback" ("id", "type", "content", "category", "browser", "operatingSystem", "userAgent", "status", "userId", "createdAt")
       VALUES (?, 'general', ?, 'general', 'Chromium', 'Linux', 'Mozilla/5.0', 'new', ?, ?)`,
      [id(n), `Old note ${n}`, user?.id as string, at(n)],
    );
  }
  await queryE2eDb(
    `INSERT INTO "BugReport" ("id", "whatHappened", "severity", "userAgent", "status", "userId", "createdAt")
     VALUES (?, 'The lamp went out.', 'low', 'Mozilla/5.0', 'new', ?, ?)`,
    [id(99), user?.id as string, at(30)],
  );

  await page.goto("/user/feedback-dashboard");
  const feedback = page.getByRole("region", { name: "Feedback (23)" });
  // The notes, not the page links' items beside them.
  const notes = feedback.getByRole("listitem").filter({ hasText: "Old note" });
  await expect(notes).toHaveCount(20);
  await expect(notes.first()).toContainText("Old note 23");
  const bugs = page.getByRole("region", { name: "Bug reports (1)" });
  await expect(bugs.getByRole("listitem")).toHaveCount(1);
  // One page of bug reports: no page links there.
  await expect(bugs.getByRole("navigation")).toHaveCount(0);
  await checkA11y();

  await feedback
    .getByRole("navigation", { name: "Pages of feedback" })
    .getByRole("link", { name: "Next page" })
    .click();
  await expect(page).toHaveURL(/\/user\/feedback-dashboard\?fpage=2$/);
  await expect(notes).toHaveCount(3);
  await expect(notes).toContainText(["Old note 3", "Old note 2", "Old note 1"]);
  await expect(bugs.getByRole("listitem")).toContainText("The lamp went out.");
  await checkA11y();

  // A link as a notification makes it (the oldest note is on page 2), and one past the last page.
  await page.goto(`/user/feedback-dashboard?sent=feedback-${id(1)}#feedback-${id(1)}`);
  await expect(notes).toHaveCount(3);
  await expect(page.locator(`[id="feedback-${id(1)}"]`)).toBeInViewport();
  // Its page links lead on from there: Previous is page 1, not the item's page again.
  await feedback.getByRole("link", { name: "Previous page" }).click();
  await expect(page).toHaveURL(/\/user\/feedback-dashboard$/);
  await expect(notes.first()).toContainText("Old note 23");
  await page.goto("/user/feedback-dashboard?fpage=7");
  await expect(page).toHaveURL(/\/user\/feedback-dashboard\?fpage=2$/);
  await expect(notes).toHaveCount(3);
});
