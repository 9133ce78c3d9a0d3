// The community with the flag on (the shared suite server's default), JavaScript
// on and off: threads started and answered with a quote, a report hidden by the
// admin and shown as removed to everyone, story comments, and forms that keep
// what was typed when they are refused. The flag off has its own site
// (community-closed.spec.ts), so nothing here races a closed community.
import { randomUUID } from "node:crypto";
import type { Browser, Page } from "@playwright/test";
import { ADMIN } from "../../playwright.config";
import { expectAccessible } from "../support/a11y";
import { newReader, signInAndOpen, signInByApi, signUp } from "../support/accounts";
import { queryE2eDb } from "../support/db";
import { anotherPersonPage, expect, giveConsent, test } from "../support/test";
import { readerPage, toast } from "./community-helpers";

async function startThread(page: Page, title: string, body: string) {
  await page.goto("/community");
  const form = page.getByRole("region", { name: "Start a thread" });
  await form.getByLabel("Title").fill(title);
  await form.getByLabel("Your first post").fill(body);
  await form.getByRole("button", { name: "Start thread" }).click();
  await expect(page.getByRole("heading", { level: 1, name: title })).toBeVisible();
  await expect(toast(page, "Thread started")).toBeVisible();
  return page.url().replace(/[?#].*$/, "");
}

async function reply(page: Page, body: string) {
  await page.getByLabel("Your reply").fill(body);
  await page.getByRole("button", { name: "Post reply" }).click();
  await expect(toast(page, "Reply posted")).toBeVisible();
  // What was posted is not left in the form to be sent again (with JavaScript the page stays).
  await expect(page.getByLabel("Your reply")).toHaveValue("");
}

const post = (page: Page, text: string) =>
  page.getByRole("list", { name: "Posts" }).getByRole("article").filter({ hasText: text });

test("a reader starts a thread and another replies quoting it; the starter is told", async ({
  page,
  browser,
  baseURL,
  clientId,
  javaScriptEnabled,
  checkA11y,
}) => {
  const starter = newReader();
  await signUp(page, starter);
  const title = `Who else hears the bells? ${randomUUID().slice(0, 6)}`;
  const threadUrl = await startThread(
    page,
    title,
    "Every night at three, from the drowned church.\n\nhttps://example.com/bells",
  );
  const opening = post(page, "Every night at three");
  await expect(opening.getByRole("link", { name: "https://example.com/bells" })).toHaveAttribute(
    "rel",
    "ugc nofollow noopener",
  );
  // Their own post offers Quote, not Report (the server would refuse a report of it).
  await expect(opening.getByRole("link", { name: `Quote ${starter.username}` })).toBeVisible();
  await expect(opening.getByRole("link", { name: /^Report/ })).toHaveCount(0);
  await checkA11y();

  // The thread is listed on /community.
  await page.goto("/community");
  await expect(page.getByRole("region", { name: "Discussion" }).getByRole("link", { name: title })).toBeVisible();

  const other = await readerPage(browser, {
    javaScriptEnabled: javaScriptEnabled ?? true,
    baseURL: baseURL as string,
    clientId,
  });
  await other.page.goto(threadUrl);
  await expect(
    post(other.page, "Every night at three").getByRole("link", { name: `Report the post by ${starter.username}` }),
  ).toBeVisible();
  await post(other.page, "Every night at three")
    .getByRole("link", { name: `Quote ${starter.username}` })
    .click();
  await expect(other.page).toHaveURL(/\?quote=\d+#reply-form$/);
  const replyForm = other.page.getByRole("region", { name: "Reply" });
  await expect(replyForm.getByText("Quoting")).toBeVisible();
  await expect(replyForm.getByRole("link", { name: `${starter.username} wrote` })).toBeVisible();
  await reply(other.page, "I hear them too. They ring louder in winter.");
  const answer = post(other.page, "They ring louder in winter");
  await expect(answer.getByRole("link", { name: `${starter.username} wrote` })).toHaveAttribute(
    "href",
    /\/community\/threads\/\d+#post-\d+$/,
  );
  await expect(answer).toContainText("Every night at three, from the drowned church.");
  // The quote keeps the post's paragraphs and its link: it was one run of plain text.
  const quoted = answer.getByRole("blockquote");
  await expect(quoted.getByRole("link", { name: "https://example.com/bells" })).toHaveAttribute(
    "rel",
    "ugc nofollow noopener",
  );
  await expect(quoted.getByRole("paragraph")).toHaveText([
    `${starter.username} wrote:`,
    "Every night at three, from the drowned church.",
    "https://example.com/bells",
  ]);
  await expect(other.page).toHaveURL(/#post-\d+$/);
  await audit(other.page, javaScriptEnabled ?? true);

  // The starter got one notification (a reply that quotes them in their own thread is one event).
  await page.goto("/notifications");
  await expect(page.getByText("New reply in your thread")).toHaveCount(1);
  await expect(page.getByText(`${other.reader.username} replied in "${title}".`)).toBeVisible();

  // Anonymous readers read the thread, without Quote or Report, and are offered to sign in.
  const anonymous = await browser.newContext({ javaScriptEnabled: javaScriptEnabled ?? true });
  const anonPage = await anonymous.newPage();
  const response = await anonPage.goto(`${threadUrl}`);
  expect(response?.headers()["cache-control"]).toContain("public");
  await expect(post(anonPage, "They ring louder in winter")).toBeVisible();
  await expect(anonPage.getByRole("main").getByRole("link", { name: /^Quote |^Report the post/ })).toHaveCount(0);
  await expect(anonPage.getByRole("region", { name: "Reply" }).getByRole("link", { name: "Sign in" })).toBeVisible();
  await anonymous.close();
  await other.context.close();
});

/** axe on a page of another browser context of the test (the checkA11y fixture audits `page`). */
function audit(target: Page, jsEnabled: boolean) {
  return expectAccessible(target, { jsEnabled, browser: target.context().browser() as Browser });
}

test("nothing typed is lost when a thread or a reply is refused", async ({ page, checkA11y }) => {
  await signUp(page);
  await page.goto("/community");
  const form = page.getByRole("region", { name: "Start a thread" });
  const body = "A long first post that must survive a refused title.\nSecond line.";
  await form.getByLabel("Title").fill("ab");
  await form.getByLabel("Your first post").fill(body);
  await form.getByRole("button", { name: "Start thread" }).click();
  await expect(form.getByText("A title needs at least 3 characters.")).toBeVisible();
  await expect(form.getByLabel("Title")).toHaveValue("ab");
  await expect(form.getByLabel("Your first post")).toHaveValue(body);
  await checkA11y();

  // The title carries its limit as the story form's does: typing stops at 120 characters.
  await form.getByLabel("Title").fill("t".repeat(400));
  await expect(form.getByLabel("Title")).toHaveValue("t".repeat(120));
  await form.getByLabel("Title").fill("A title that is fine");
  await form.getByRole("button", { name: "Start thread" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "A title that is fine" })).toBeVisible();

  // A reply over the size limit comes back with its text and its quote.
  await post(page, "A long first post")
    .getByRole("link", { name: /^Quote/ })
    .click();
  // The reader types once the quote is in the form (with JavaScript the link is a client navigation).
  await expect(page.getByRole("region", { name: "Reply" }).getByText("Quoting")).toBeVisible();
  // The field stops at the limit as the reader types; the server's check stays for a form that
  // comes without it (an old browser, a tampered page): that one is refused with the text kept.
  await expect(page.getByLabel("Your reply")).toHaveAttribute("maxlength", "5000");
  await page.getByLabel("Your reply").evaluate((field) => field.removeAttribute("maxlength"));
  const long = "x ".repeat(2600);
  await page.getByLabel("Your reply").fill(long);
  await page.getByRole("button", { name: "Post reply" }).click();
  await expect(page.getByText("Please keep it under 5000 characters.")).toBeVisible();
  await expect(page.getByLabel("Your reply")).toHaveValue(long);
  await expect(page.getByRole("region", { name: "Reply" }).getByText("Quoting")).toBeVisible();
});

test("a reply sent after the session ended comes back in the form after signing in, to send again", async ({
  page,
  browser,
  baseURL,
  javaScriptEnabled,
  checkA11y,
}) => {
  const reader = await signUp(page);
  const threadUrl = await startThread(page, `Lost sessions ${randomUUID().slice(0, 8)}`, "Who else was signed out?");
  // An admin ends the reader's sessions (or they expire) while the reply is being written.
  await queryE2eDb(`DELETE FROM "Session" WHERE "userId" = (SELECT "id" FROM "User" WHERE "email" = ?)`, [
    reader.email,
  ]);
  const typed = "A reply written over an hour.\n\nIt must not vanish because the session did.";
  await page.getByLabel("Your reply").fill(typed);
  await page.getByRole("button", { name: "Post reply" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Sign in" })).toBeVisible();
  await expect(page.getByRole("status").filter({ hasText: "You were signed out" })).toHaveText(
    "You were signed out, so what you sent has not been sent yet. Sign in, and what you wrote will be back in the form, ready to send again.",
  );
  await checkA11y();

  // The same reader signed in in another browser sees an empty form: the text is bound to the first browser.
  const other = await anotherPersonPage(browser, { javaScriptEnabled, baseURL: baseURL as string });
  await signInByApi(other, reader);
  await other.goto(threadUrl);
  await expect(other.getByLabel("Your reply")).toHaveValue("");
  await expect(other.getByText("This was not sent")).toHaveCount(0);
  await other.context().close();

  await page.getByLabel("Email").fill(reader.email);
  await page.getByLabel("Password", { exact: true }).fill(reader.password);
  await page.getByRole("button", { name: "Sign in" }).click();
  await page.getByRole("link", { name: "Continue where you were" }).click();
  await expect(page).toHaveURL(threadUrl);
  const form = page.getByRole("region", { name: "Reply" });
  await expect(form.getByRole("alert")).toHaveText(
    "This was not sent: you were signed out before it went. What you wrote is back in the form; send it again when you are ready.",
  );
  await expect(page.getByLabel("Your reply")).toHaveValue(typed);
  await expect(post(page, "A reply written over an hour.")).toHaveCount(0);
  await checkA11y();
  await page.getByRole("button", { name: "Post reply" }).click();
  await expect(toast(page, "Reply posted")).toBeVisible();
  await expect(post(page, "A reply written over an hour.")).toBeVisible();
  // Given back once: the page again has an empty form.
  await page.goto(threadUrl);
  await expect(page.getByLabel("Your reply")).toHaveValue("");
  await expect(page.getByText("This was not sent")).toHaveCount(0);
});

test("past the reply limit the form says the wait and keeps the reply and its quote, as a 429", async ({
  page,
  checkA11y,
}) => {
  const reader = await signUp(page);
  await startThread(page, `Limits ${randomUUID().slice(0, 8)}`, "The first post of a thread about limits.");
  await reply(page, "One reply that counts.");
  // The reader's account has used its 20 replies of the last 10 minutes (COMMUNITY_RATE_LIMITS.post).
  await queryE2eDb(
    `UPDATE "RateLimit" SET "count" = 20 WHERE "key" = 'community-post-account:' || (SELECT "id" FROM "User" WHERE "email" = ?)`,
    [reader.email],
  );
  await post(page, "One reply that counts.")
    .getByRole("link", { name: /^Quote/ })
    .click();
  await expect(page.getByRole("region", { name: "Reply" }).getByText("Quoting")).toBeVisible();
  const typed = "A reply written with care.\nIt must not be lost to a limit.";
  await page.getByLabel("Your reply").fill(typed);
  const [answer] = await Promise.all([
    page.waitForResponse(
      (response) => response.request().method() === "POST" && response.url().includes("/community/threads/"),
    ),
    page.getByRole("button", { name: "Post reply" }).click(),
  ]);
  expect(answer.status()).toBe(429);
  expect(Number(answer.headers()["retry-after"])).toBeGreaterThan(0);
  await expect(page.getByRole("region", { name: "Reply" }).getByRole("alert")).toHaveText(
    /^Too many attempts\. Try again in (\d+ minutes?|a moment)\.$/,
  );
  await expect(page.getByLabel("Your reply")).toHaveValue(typed);
  await expect(page.getByRole("region", { name: "Reply" }).getByText("Quoting")).toBeVisible();
  await expect(post(page, "A reply written with care.")).toHaveCount(0);
  await checkA11y();
});

test("a reader reports a reply, the admin hides it, and everyone sees it removed by a moderator", async ({
  page,
  browser,
  baseURL,
  clientId,
  javaScriptEnabled,
  checkA11y,
}) => {
  test.slow();
  const js = javaScriptEnabled ?? true;
  await signUp(page);
  const title = `Lights in the marsh ${randomUUID().slice(0, 6)}`;
  const threadUrl = await startThread(page, title, "Seen them?");
  const writer = await readerPage(browser, { javaScriptEnabled: js, baseURL: baseURL as string, clientId });
  const secret = `Buy cheap lanterns ${randomUUID().slice(0, 6)}`;
  await writer.page.goto(threadUrl);
  await reply(writer.page, secret);

  // The starter reports the reply.
  await page.goto(threadUrl);
  await post(page, secret)
    .getByRole("link", { name: `Report the post by ${writer.reader.username}` })
    .click();
  await expect(page.getByRole("heading", { level: 1, name: "Report a post" })).toBeVisible();
  await page.getByRole("button", { name: "Send report" }).click();
  await expect(page.getByText("Choose a reason.")).toBeVisible();
  await page.getByLabel("Details (optional)").fill("Advertising lanterns");
  await page.getByRole("button", { name: "Send report" }).click();
  await expect(page.getByText("Choose a reason.")).toBeVisible();
  await expect(page.getByLabel("Details (optional)")).toHaveValue("Advertising lanterns");
  await checkA11y();
  await page.getByLabel("Spam or advertising").check();
  await page.getByRole("button", { name: "Send report" }).click();
  await expect(toast(page, "Report sent")).toBeVisible();
  await expect(post(page, secret)).toBeVisible();
  // The post it brings them back to says so too: on a phone the toast is at the page's top, out of sight.
  await expect(post(page, secret).getByText("You reported this post. A moderator will look at it.")).toBeInViewport();
  await expect(post(page, secret).getByRole("link", { name: /^Report the post/ })).toHaveCount(0);

  // The admin hides it from the reports page.
  const admin = await browser.newContext({
    baseURL,
    javaScriptEnabled: js,
    extraHTTPHeaders: { "X-Test-Client": clientId },
  });
  await giveConsent(admin, baseURL as string);
  const adminPage = await admin.newPage();
  await signInAndOpen(adminPage, ADMIN, "/admin/content-moderation/reports");
  await expect(adminPage.getByRole("heading", { level: 1, name: "Reported posts" })).toBeVisible();
  const item = adminPage.getByRole("article").filter({ hasText: secret });
  await expect(item).toContainText("Spam or advertising");
  await expect(item).toContainText("Advertising lanterns");
  await audit(adminPage, js);
  const postId = /Post #(\d+)/.exec((await item.getByRole("heading").textContent()) ?? "")?.[1];
  await item.getByRole("button", { name: `Hide post #${postId}` }).click();
  await expect(toast(adminPage, "it shows as removed by a moderator")).toBeVisible();
  await expect(adminPage.getByRole("article").filter({ hasText: secret })).toHaveCount(0);
  await expect(adminPage.getByText(`Hid post #${postId}`)).toBeVisible();
  const decisions = await queryE2eDb<{ action: string; adminName: string }>(
    'SELECT action, "adminName" FROM "DiscussionModeration" WHERE "postId" = ?',
    [Number(postId)],
  );
  expect(decisions).toEqual([{ action: "hide", adminName: expect.any(String) }]);

  // Everyone, the writer too, sees the removal instead of the text.
  const anonymous = await browser.newContext({ javaScriptEnabled: js });
  for (const viewer of [page, writer.page, await anonymous.newPage()]) {
    await viewer.goto(`${threadUrl}?v=${randomUUID().slice(0, 4)}`);
    await expect(viewer.getByText("This post was removed by a moderator.")).toBeVisible();
    await expect(viewer.getByText(secret)).toHaveCount(0);
  }
  // The writer was told which post: the thread's title, and the notice opens the post's place.
  await writer.page.goto("/notifications");
  const notice = writer.page.getByRole("button", { name: /Your post was hidden/ });
  await expect(notice).toContainText(`your post in the thread "${title}"`);
  await notice.click();
  await expect(writer.page).toHaveURL(new RegExp(`${threadUrl}#post-${postId}$`));
  await expect(writer.page.getByRole("heading", { level: 1, name: title })).toBeVisible();
  await Promise.all([anonymous.close(), admin.close(), writer.context.close()]);
});

test("unknown threads, posts and stories are 404 pages", async ({ page }) => {
  for (const path of [
    "/community/threads/999999999",
    "/community/threads/abc",
    "/community-story/no-such-story/comments",
    "/community/posts/999999999",
  ]) {
    const response = await page.goto(path);
    expect(response?.status(), path).toBe(404);
  }
});

test("a reader edits and deletes their own posts; nobody else may, and quotes follow", async ({
  page,
  browser,
  baseURL,
  clientId,
  javaScriptEnabled,
  checkA11y,
}) => {
  test.slow();
  const js = javaScriptEnabled ?? true;
  const author = newReader();
  await signUp(page, author);
  const title = `The well counts back ${randomUUID().slice(0, 6)}`;
  const threadUrl = await startThread(page, title, "Drop a stone and it answers.");
  const other = await readerPage(browser, { javaScriptEnabled: js, baseURL: baseURL as string, clientId });
  await other.page.goto(threadUrl);
  // Another reader's post offers no Edit or Delete, and its pages are not theirs.
  const opening = post(other.page, "Drop a stone");
  await expect(opening.getByRole("link", { name: /^(Edit|Delete) your post/ })).toHaveCount(0);
  const postId = (await opening.getAttribute("id"))?.replace("post-", "");
  for (const path of [`/community/posts/${postId}/edit`, `/community/posts/${postId}/delete`]) {
    expect((await other.page.goto(path))?.status(), path).toBe(404);
  }
  await other.page.goto(`${threadUrl}?quote=${postId}#reply-form`);
  await reply(other.page, "Mine answered with my own name.");

  // Saved as it was, it is not marked edited.
  await page.goto(threadUrl);
  const opened = page.locator(`#post-${postId}`);
  await opened.getByRole("link", { name: "Edit your post" }).click();
  await page.getByRole("button", { name: "Save changes" }).click();
  await expect(toast(page, "Nothing changed")).toBeVisible();
  await expect(opened).toContainText("Drop a stone and it answers.");
  await expect(opened).not.toContainText("Edited");

  // The author edits: the form is filled, refuses what posting refuses, and the post says it was edited.
  await opened.getByRole("link", { name: "Edit your post" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Edit your post" })).toBeVisible();
  await expect(page.getByText("The thread's title stays as it is")).toBeVisible();
  const field = page.getByLabel("Your post");
  await expect(field).toHaveValue("Drop a stone and it answers.");
  await field.fill("x");
  await page.getByRole("button", { name: "Save changes" }).click();
  await expect(page.getByText("Write something first.")).toBeVisible();
  await expect(field).toHaveValue("x");
  await checkA11y();
  await field.fill("Drop a stone and it answers <b>twice</b>. https://example.com/well");
  await page.getByRole("button", { name: "Save changes" }).click();
  await expect(toast(page, "Post updated")).toBeVisible();
  const edited = page.locator(`#post-${postId}`);
  await expect(edited).toContainText("it answers <b>twice</b>.");
  await expect(edited).toContainText("Edited");
  await expect(edited.getByRole("link", { name: "https://example.com/well" })).toHaveAttribute(
    "rel",
    "ugc nofollow noopener",
  );
  await expect(page.getByRole("heading", { level: 1, name: title })).toBeVisible();
  // The reply that quotes it shows its current text.
  await expect(post(page, "my own name")).toContainText("it answers <b>twice</b>.");

  // The author deletes it after a confirmation: a tombstone in its place, and in the quote.
  await edited.getByRole("link", { name: "Delete your post" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Delete your post?" })).toBeVisible();
  await checkA11y();
  await page.getByRole("button", { name: "Delete post" }).click();
  await expect(toast(page, "Post deleted")).toBeVisible();
  const tombstone = page.locator(`#post-${postId}`);
  await expect(tombstone).toContainText("This post was deleted by its author.");
  await expect(tombstone.getByRole("link", { name: /your post/ })).toHaveCount(0);
  await expect(post(page, "my own name")).toContainText("This post was deleted by its author.");
  await expect(page.getByText("twice")).toHaveCount(0);
  // Deleted, it can be neither edited nor deleted again.
  expect((await page.goto(`/community/posts/${postId}/edit`))?.status()).toBe(404);
  await other.context.close();
});
