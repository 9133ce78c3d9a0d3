// The signed-in reader's account settings, with JavaScript on and off:
// /settings/profile (name, bio, email change through the mailed link, password
// change), /settings/notifications, /settings/privacy (sessions, download my
// data, delete my account).
import { randomBytes } from "node:crypto";
import { readFile } from "node:fs/promises";
import type { Browser, Page } from "@playwright/test";
import { latestMailTo, newReader, signIn, signInByApi, signOut, signUp } from "../support/accounts";
import { queryE2eDb } from "../support/db";
import { bookmarkThisStory } from "../support/library";
import { chooseDisplayMode, DISPLAY_MODES, expect, giveConsent, test } from "../support/test";

const FERRY = { slug: "last-ferry-to-hollin-isle", title: "Last Ferry to Hollin Isle" };

function toast(page: Page, title: string) {
  return page.getByRole("region", { name: "Notifications" }).getByRole("status").filter({ hasText: title });
}

/** Another browser signed in to the same account. */
async function otherBrowser(browser: Browser, baseURL: string, reader: { email: string; password: string }) {
  const context = await browser.newContext({ baseURL });
  await giveConsent(context, baseURL);
  const page = await context.newPage();
  await signInByApi(page, reader);
  return { context, page };
}

test("the account pages send anonymous readers to sign in", async ({ page }) => {
  for (const path of ["/settings/profile", "/settings/notifications", "/settings/privacy"]) {
    await page.goto(path);
    await expect(page).toHaveURL(`/auth?${new URLSearchParams({ redirectTo: path })}`);
  }
});

test("every settings page's first heading is its own h1: the settings menu before it names its groups without headings", async ({
  page,
}) => {
  await signUp(page);
  for (const path of ["/settings/profile", "/settings/notifications", "/settings/fonts", "/settings/accessibility"]) {
    await page.goto(path);
    const first = page.getByRole("main").getByRole("heading").first();
    await expect(first, path).toHaveJSProperty("tagName", "H1");
    // The menu's groups keep their names, as the lists' labels.
    await expect(
      page.getByRole("navigation", { name: "Settings" }).getByRole("list", { name: "Account Settings" }),
    ).toBeAttached();
  }
});

/** Signs out in a second tab of the page's browser, as a reader with the site open twice does. */
async function signOutInAnotherTab(page: Page, username: string) {
  const second = await page.context().newPage();
  await second.goto("/settings/profile");
  await second.getByRole("banner").getByLabel(`Account menu for ${username}`).click();
  await signOut(second);
  await second.close();
}

test("a form sent after signing out in another tab comes back after signing in; a password is never kept", async ({
  page,
  checkA11y,
}) => {
  const reader = await signUp(page);
  await page.goto("/settings/profile");
  // The password form: nothing of it is kept, and the sign-in page says it was not saved.
  const passwordForm = page.getByRole("region", { name: "Change password" });
  await passwordForm.getByLabel("Current password").fill(reader.password);
  await passwordForm.getByLabel("New password", { exact: true }).fill("a-new-password-123");
  await passwordForm.getByLabel("New password again").fill("a-new-password-123");
  await signOutInAnotherTab(page, reader.username);
  await passwordForm.getByRole("button", { name: "Change password" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Sign in" })).toBeVisible();
  await expect(page.getByRole("status")).toHaveText(
    "You were signed out, so what you sent was not saved. Sign in, then send it again.",
  );
  expect((await page.context().cookies()).map((cookie) => cookie.name)).not.toContain("hs_kept");
  await checkA11y();
  // A plain visit to a page that needs a session is not told anything.
  await page.goto("/settings/profile");
  await expect(page.getByRole("heading", { level: 1, name: "Sign in" })).toBeVisible();
  await expect(page.getByText("You were signed out")).toHaveCount(0);

  // The bio is kept, and comes back to its form after signing in.
  await signInByApi(page, reader);
  await page.goto("/settings/profile");
  await page.getByLabel("Bio").fill("Typed before the session ended.");
  await signOutInAnotherTab(page, reader.username);
  await page.getByRole("button", { name: "Save profile" }).click();
  await expect(page.getByRole("status")).toHaveText(
    "You were signed out, so what you sent has not been sent yet. Sign in, and what you wrote will be back in the form, ready to send again.",
  );
  await page.getByLabel("Email").fill(reader.email);
  await page.getByLabel("Password", { exact: true }).fill(reader.password);
  await page.getByRole("button", { name: "Sign in" }).click();
  await page.getByRole("link", { name: "Continue where you were" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Profile" })).toBeVisible();
  await expect(page.getByRole("alert")).toHaveText(
    "This was not sent: you were signed out before it went. What you wrote is back in the form; send it again when you are ready.",
  );
  await expect(page.getByLabel("Bio")).toHaveValue("Typed before the session ended.");
  await page.getByRole("button", { name: "Save profile" }).click();
  await expect(toast(page, "Profile saved")).toBeVisible();
  await expect(page.getByLabel("Bio")).toHaveValue("Typed before the session ended.");
});

test("a reader changes username, display name and bio, and /profile shows them", async ({ page, checkA11y }) => {
  const reader = newReader();
  await signUp(page, reader);
  await page.goto("/settings/profile");
  await expect(page.getByRole("heading", { level: 1, name: "Profile" })).toBeVisible();
  await checkA11y();

  // A bad username comes back with its message, and what was typed stays.
  await page.getByLabel("Username").fill("no spaces!");
  await page.getByLabel("Bio").fill("Keeps a lamp lit.");
  await page.getByRole("button", { name: "Save profile" }).click();
  await expect(page.getByText("Use only letters, digits, - and _.")).toBeVisible();
  await expect(page.getByLabel("Bio")).toHaveValue("Keeps a lamp lit.");

  const renamed = `${reader.username}_x`;
  await page.getByLabel("Username").fill(renamed);
  await page.getByLabel("Display name").fill("Mara of the Marsh");
  await page.getByLabel("Bio").fill("Keeps a lamp lit.\n<b>Never</b> sleeps.");
  await page.getByRole("button", { name: "Save profile" }).click();
  await expect(toast(page, "Profile saved")).toBeVisible();
  await expect(page.getByLabel("Username")).toHaveValue(renamed);

  await page.goto("/profile");
  await expect(page.getByRole("heading", { level: 1, name: "Mara of the Marsh" })).toBeVisible();
  await expect(page.getByText(`@${renamed}`)).toBeVisible();
  // Plain text: the tags show as typed, nothing is rendered as HTML.
  await expect(page.getByText("<b>Never</b> sleeps.")).toBeVisible();
  await checkA11y();
});

// Decision 057: a phone's photo is taken as it comes and made small; past the form's limit, the form
// comes back with its message (never an error page), on both pages that have it.
test("a phone's photo becomes the avatar; a bigger file or an SVG comes back to the form with its message", async ({
  page,
  checkA11y,
}) => {
  test.slow();
  const reader = newReader();
  await signUp(page, reader);
  // A 5.9 MB PNG, a phone photo's size (noise does not compress).
  const noise = randomBytes(1400 * 1400 * 3);
  const sharp = (await import("sharp")).default;
  const photo = await sharp(noise, { raw: { width: 1400, height: 1400, channels: 3 } })
    .png({ compressionLevel: 1 })
    .toBuffer();
  expect(photo.length).toBeGreaterThan(5_500_000);
  await page.goto("/settings/profile");
  const avatar = page.getByRole("region", { name: "Avatar" });
  await avatar.getByLabel(/^Image/).setInputFiles({ name: "IMG_0412.png", mimeType: "image/png", buffer: photo });
  await avatar.getByRole("button", { name: "Upload avatar" }).click();
  await expect(toast(page, "Avatar updated")).toBeVisible();
  await expect(avatar.getByRole("button", { name: "Remove avatar" })).toBeVisible();

  // Past the form's 12 MB body limit, on either page: the page, the form and the message, status 413.
  const huge = Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0]), randomBytes(13 * 1024 * 1024)]);
  for (const path of ["/settings/profile", "/profile"]) {
    await page.goto(path);
    const form = page.getByRole("region", { name: "Avatar" });
    await form.getByLabel(/^Image/).setInputFiles({ name: "IMG_0413.jpg", mimeType: "image/jpeg", buffer: huge });
    await form.getByRole("button", { name: "Upload avatar" }).click();
    await expect(form.getByRole("alert")).toHaveText("The image is larger than 10 MB. Choose a smaller one.");
    await expect(page).toHaveURL(path);
    await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
  }
  await checkA11y();

  // An SVG, whatever it is called, is refused by its content.
  await page.goto("/settings/profile");
  const svg = Buffer.from(
    '<svg xmlns="http://www.w3.org/2000/svg" width="9" height="9"><script>alert(1)</script></svg>',
  );
  await avatar.getByLabel(/^Image/).setInputFiles({ name: "me.png", mimeType: "image/png", buffer: svg });
  await avatar.getByRole("button", { name: "Upload avatar" }).click();
  await expect(avatar.getByRole("alert")).toHaveText(
    "SVG drawings are not taken as avatars. Upload a JPEG, PNG, WebP or GIF.",
  );
});

test("a reader changes the email address through the link mailed to the new one", async ({ page, checkA11y }) => {
  const reader = newReader();
  await signUp(page, reader);
  const next = `moved-${reader.email}`;
  await page.goto("/settings/profile");
  await page.getByLabel("New email address").fill(next);
  await page.getByRole("button", { name: "Send confirmation link" }).click();
  await expect(toast(page, "Check your new address")).toBeVisible();
  await expect(page.getByText(`Your address is ${reader.email}.`)).toBeVisible();

  const mail = await latestMailTo(next);
  expect(mail.subject).toBe("Confirm your new Horror Stories email address");
  const link = mail.text.match(/https?:\/\/\S+\/confirm-email\?token=[a-f0-9]{64}/)?.[0];
  expect(link).toBeTruthy();
  const url = new URL(link as string);
  await page.goto(url.pathname + url.search);
  await expect(page.getByRole("heading", { level: 1, name: "Confirm your new email address" })).toBeVisible();
  await checkA11y();
  await page.getByRole("button", { name: "Use this address" }).click();
  await expect(toast(page, "Email address changed")).toBeVisible();
  await expect(page.getByRole("heading", { level: 1, name: "Your email address was changed" })).toBeVisible();

  await page.goto("/settings/profile");
  await expect(page.getByText(`Your address is ${next}.`)).toBeVisible();
  // The link works once.
  await page.goto(url.pathname + url.search);
  await expect(page.getByText(/This confirmation link has expired or was already used/)).toBeVisible();
});

test("a password change signs out the other browser and keeps this one", async ({ page, browser, baseURL }) => {
  const reader = newReader();
  await signUp(page, reader);
  const other = await otherBrowser(browser, baseURL as string, reader);

  await page.goto("/settings/profile");
  // The email form has a "Current password" of its own.
  const passwordForm = page.getByRole("region", { name: "Change password" });
  await passwordForm.getByLabel("Current password").fill("not-my-password");
  await page.getByLabel("New password", { exact: true }).fill("a-brand-new-password");
  await page.getByLabel("New password again").fill("a-brand-new-password");
  await page.getByRole("button", { name: "Change password" }).click();
  await expect(page.getByText("Your current password is not right.")).toBeVisible();
  await expect(passwordForm.getByLabel("Current password")).toBeFocused();

  await passwordForm.getByLabel("Current password").fill(reader.password);
  await page.getByLabel("New password", { exact: true }).fill("a-brand-new-password");
  await page.getByLabel("New password again").fill("a-brand-new-password");
  await page.getByRole("button", { name: "Change password" }).click();
  await expect(toast(page, "Password changed")).toBeVisible();

  await page.goto("/settings/privacy");
  await expect(page.getByRole("heading", { level: 1, name: "Privacy" })).toBeVisible();
  await other.page.goto("/settings/privacy");
  await expect(other.page).toHaveURL(/\/auth\?redirectTo=/);
  await other.context.close();
});

test("notification preferences persist", async ({ page, checkA11y }) => {
  await signUp(page);
  await page.goto("/settings/notifications");
  await expect(page.getByRole("heading", { level: 1, name: "Notifications" })).toBeVisible();
  await checkA11y();
  const newStories = page.getByRole("checkbox", { name: "New stories on the site" });
  await expect(newStories).toBeChecked();
  await expect(page.getByRole("checkbox", { name: "Send me the cursed notification" })).toBeChecked();
  await newStories.uncheck();
  await page.getByRole("checkbox", { name: "Replies, quotes and comments by email" }).check();
  await page.getByRole("radio", { name: "Daily" }).check();
  await page.getByRole("checkbox", { name: "Send me the cursed notification" }).uncheck();
  await page.getByRole("button", { name: "Save notification settings" }).click();
  await expect(toast(page, "Notification settings saved")).toBeVisible();

  await page.reload();
  await expect(page.getByRole("checkbox", { name: "New stories on the site" })).not.toBeChecked();
  await expect(page.getByRole("checkbox", { name: "Replies, quotes and comments by email" })).toBeChecked();
  await expect(page.getByRole("radio", { name: "Daily" })).toBeChecked();
  await expect(page.getByRole("checkbox", { name: "Send me the cursed notification" })).not.toBeChecked();

  // The table is whole at every width. At 768 px the sidebar's column and the settings groups
  // beside the page once left it 256 px of its 275, and "By email" was cut to "By ema".
  const region = page.getByRole("main").getByRole("table").locator("..");
  for (const width of [320, 768, 1024, 1280]) {
    await page.setViewportSize({ width, height: 900 });
    const [needs, has] = await region.evaluate((r) => [r.scrollWidth, r.clientWidth]);
    expect(needs, `the notification table's width at ${width} px, in a region of ${has} px`).toBeLessThanOrEqual(has);
  }
});

test("download my data holds the reader's bookmark and feedback", async ({ page, checkA11y }) => {
  await signUp(page);
  await page.goto(`/story/${FERRY.slug}`);
  // Stored before the page is left: the reading position saved on leaving would otherwise shelve
  // the story as Reading instead (CI met this once).
  await bookmarkThisStory(page, `Bookmark ${FERRY.title}`);
  const feedback = `The ferry story kept me up all night ${Date.now()}`;
  await page.goto("/feedback");
  await page.getByLabel("Your feedback").fill(feedback);
  await page.getByRole("button", { name: "Send feedback" }).click();
  await expect(page.getByRole("heading", { name: "Thank You for Your Feedback!" })).toBeVisible();

  await page.goto("/settings/privacy");
  await checkA11y();
  const [download] = await Promise.all([
    page.waitForEvent("download"),
    page.getByRole("button", { name: "Download my data" }).click(),
  ]);
  expect(download.suggestedFilename()).toMatch(/^horror-stories-data-\d{4}-\d{2}-\d{2}\.json$/);
  const data = JSON.parse(await readFile((await download.path()) as string, "utf8"));
  expect(data.library.bookmarks).toEqual([expect.objectContaining({ storySlug: FERRY.slug, shelf: "bookmarked" })]);
  expect(data.feedback).toEqual([expect.objectContaining({ content: feedback })]);
  expect(JSON.stringify(data)).not.toMatch(/"hash"|tokenHash|\$2[aby]\$/);
});

test("a reader ends another session from the list", async ({ page, browser, baseURL }) => {
  const reader = newReader();
  await signUp(page, reader);
  const other = await otherBrowser(browser, baseURL as string, reader);
  await page.goto("/settings/privacy");
  const sessions = page.getByRole("region", { name: "Where you are signed in" });
  await expect(sessions.getByRole("listitem")).toHaveCount(2);
  await expect(sessions.getByRole("listitem").first()).toContainText("(this browser)");
  await expect(sessions.getByRole("listitem").first()).toContainText("Chrome on Linux");
  await sessions.getByRole("button", { name: /^End the session on / }).click();
  await expect(toast(page, "Session ended")).toBeVisible();
  await expect(sessions.getByRole("listitem")).toHaveCount(1);

  await other.page.goto("/settings/privacy");
  await expect(other.page).toHaveURL(/\/auth\?redirectTo=/);
  await other.context.close();
});

// Decision 057: a reader signed in in many places sees this browser and the most recent few, the rest
// counted, "End all other sessions" before the list, and all of them a link away.
test("a long list of sessions shows the most recent five, counts the rest and links to them all", async ({ page }) => {
  const reader = newReader();
  await signUp(page, reader);
  const [user] = await queryE2eDb<{ id: string }>('SELECT id FROM "User" WHERE email = ?', [reader.email]);
  // As the site's Prisma writes a DateTime in SQLite.
  const at = (ms: number) => new Date(ms).toISOString().replace("Z", "+00:00");
  const now = Date.now();
  for (let i = 1; i <= 11; i++) {
    const expired = i === 11;
    await queryE2eDb(
      `INSERT INTO "Session" ("id", "expiresAt", "remember", "createdAt", "updatedAt", "userId", "userAgent", "lastUsedAt")
       VALUES (?, ?, 1, ?, ?, ?, ?, ?)`,
      [
        `e2e${reader.username.replaceAll("_", "").toLowerCase()}${i}`.slice(0, 40),
        at(expired ? now - 60_000 : now + 86_400_000),
        at(now - 86_400_000),
        at(now),
        user?.id as string,
        `Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.0 Mobile/15E148 Safari/604.1 n${i}`,
        at(now - i * 3_600_000),
      ],
    );
  }
  await page.goto("/settings/privacy");
  const sessions = page.getByRole("region", { name: "Where you are signed in" });
  await expect(sessions.getByRole("listitem")).toHaveCount(5);
  await expect(sessions.getByRole("listitem").first()).toContainText("(this browser)");
  // The one expired session is neither listed nor counted.
  await expect(sessions.getByText("And 6 more, used less recently.")).toBeVisible();
  await expect(sessions.getByText("You are signed in on 10 other devices.")).toBeVisible();
  // The action for all of them comes before the list.
  const endOthers = sessions.getByRole("button", { name: "End all other sessions" });
  const endOthersBox = await endOthers.boundingBox();
  const listBox = await sessions.getByRole("list").boundingBox();
  expect(endOthersBox?.y ?? Number.POSITIVE_INFINITY).toBeLessThan(listBox?.y ?? 0);

  await sessions.getByRole("link", { name: "Show all 11 sessions" }).click();
  await expect(page).toHaveURL("/settings/privacy?sessions=all#sessions");
  await expect(sessions.getByRole("listitem")).toHaveCount(11);
  await sessions
    .getByRole("button", { name: /^End the session on / })
    .last()
    .click();
  await expect(toast(page, "Session ended")).toBeVisible();
  // Back to the whole list it was ended from.
  await expect(page).toHaveURL("/settings/privacy?sessions=all#sessions");
  await expect(sessions.getByRole("listitem")).toHaveCount(10);
  await sessions.getByRole("link", { name: "Show only the 5 most recent" }).click();
  await expect(sessions.getByRole("listitem")).toHaveCount(5);
  await endOthers.click();
  await expect(toast(page, "Signed out on 9 other devices")).toBeVisible();
  await expect(sessions.getByRole("listitem")).toHaveCount(1);
  await expect(sessions.getByRole("button", { name: "End all other sessions" })).toHaveCount(0);
});

for (const choice of ["anonymise", "remove"] as const) {
  test(`deleting the account removes the personal data and ${choice}s the submissions`, async ({ page, checkA11y }) => {
    const reader = newReader();
    await signUp(page, reader);
    const [user] = await queryE2eDb<{ id: string }>('SELECT id FROM "User" WHERE email = ?', [reader.email]);
    const slug = `kept-${reader.username.replaceAll("_", "-").toLowerCase()}`;
    const now = new Date().toISOString();
    await queryE2eDb(
      // Published, but never sent through review: an own post, which the shared server's
      // Story Index (WordPress first) does not list, so other specs' counts hold.
      // Announced already, so the new-story job tells no reader of the shared server about it.
      `INSERT INTO "Post" ("slug", "title", "content", "status", "authorId", "authorName", "createdAt", "updatedAt", "announcedAt")
       VALUES (?, 'My Submission', 'Text', 'published', ?, ?, ?, ?, ?)`,
      [slug, user?.id as string, reader.username, now, now, now],
    );
    // And a draft: it goes either way, and the page says so apart from the story that stays.
    await queryE2eDb(
      `INSERT INTO "Post" ("slug", "title", "content", "status", "authorId", "authorName", "createdAt", "updatedAt")
       VALUES (?, 'My Draft', 'Text', 'draft', ?, ?, ?, ?)`,
      [`${slug}-draft`, user?.id as string, reader.username, now, now],
    );
    // A thread of the reader's own, with its opening post: the same choice covers it (decision 057).
    const title = `Lamps of ${reader.username}`;
    const [thread] = await queryE2eDb<{ id: number }>(
      `INSERT INTO "DiscussionThread" ("title", "authorId", "createdAt", "lastPostAt") VALUES (?, ?, ?, ?) RETURNING id`,
      [title, user?.id as string, now, now],
    );
    await queryE2eDb(
      `INSERT INTO "DiscussionPost" ("threadId", "authorId", "body", "status", "createdAt") VALUES (?, ?, 'My own lamp post', 'visible', ?)`,
      [thread?.id as number, user?.id as string, now],
    );

    await page.goto("/settings/privacy");
    const form = page.getByRole("region", { name: "Delete your account" });
    await expect(form.getByRole("group", { name: "Your stories and community posts" })).toContainText(
      "You have 1 published story and 1 community post or comment.",
    );
    await expect(
      form.getByRole("radio", {
        name: "Keep them: stories credited to “Anonymous”, posts and comments to “A former reader”",
      }),
    ).toBeChecked();
    if (choice === "remove") await page.getByRole("radio", { name: /^Remove them/ }).check();
    await page.getByLabel("Your password").fill("not-my-password");
    await page.getByRole("button", { name: "Delete my account" }).click();
    await expect(page.getByText("That is not your password. Nothing was deleted.")).toBeVisible();
    // The form is at the page's foot: focus, not the page's top, is where the reader fixes it.
    await expect(page.getByLabel("Your password")).toBeFocused();
    await expect(page.getByLabel("Your password")).toHaveValue("");

    if (choice === "remove") await page.getByRole("radio", { name: /^Remove them/ }).check();
    await page.getByLabel("Your password").fill(reader.password);
    await page.getByRole("button", { name: "Delete my account" }).click();
    await expect(page.getByRole("heading", { level: 1, name: "Your account was deleted" })).toBeVisible();
    await expect(
      page.getByText(
        choice === "anonymise"
          ? 'Your story stays on the site, credited to "Anonymous".'
          : "Your 2 stories were removed.",
      ),
    ).toBeVisible();
    await expect(page.getByText("Your story that was not yet published was deleted.")).toHaveCount(
      choice === "anonymise" ? 1 : 0,
    );
    await expect(
      page.getByText(
        choice === "anonymise"
          ? 'Your community post or comment stays, credited to "A former reader".'
          : 'Your community post or comment was removed: each place says "deleted by its author", and the titles of threads you started went with them.',
      ),
    ).toBeVisible();
    await page.goto(`/community/threads/${thread?.id}`);
    // The title is the reader's text too: "Remove them" takes it with the opening post.
    await expect(
      page.getByRole("heading", { level: 1, name: choice === "anonymise" ? title : "Title deleted by its author" }),
    ).toBeVisible();
    if (choice === "anonymise") {
      await expect(page.getByRole("article").filter({ hasText: "My own lamp post" })).toContainText("A former reader");
    } else {
      await expect(page.getByText("My own lamp post")).toHaveCount(0);
      await expect(page.getByText("This post was deleted by its author.")).toBeVisible();
    }
    await expect(page.getByRole("banner").getByRole("link", { name: "Sign In" })).toBeVisible();
    await checkA11y();

    await page.goto("/profile");
    await expect(page).toHaveURL(/\/auth\?redirectTo=%2Fprofile/);
    await signIn(page, reader.email, reader.password);
    await expect(page.getByRole("alert")).toHaveText("The email or password is not right.");
    expect(await queryE2eDb('SELECT id FROM "User" WHERE email = ?', [reader.email])).toEqual([]);
    const posts = await queryE2eDb<{ authorId: string | null; authorName: string }>(
      'SELECT "authorId", "authorName" FROM "Post" WHERE slug = ?',
      [slug],
    );
    if (choice === "anonymise") expect(posts).toEqual([{ authorId: null, authorName: "Anonymous" }]);
    else expect(posts).toEqual([]);
  });
}

test("the analytics choice follows the reader to another browser", async ({ page, browser, baseURL }) => {
  const reader = newReader();
  await signUp(page, reader);
  await page.goto("/settings/privacy");
  await page.getByRole("checkbox", { name: "Analytics", exact: true }).uncheck();
  await page.getByRole("checkbox", { name: "Marketing", exact: true }).uncheck();
  await page.getByRole("button", { name: "Save privacy choices" }).click();
  await expect(toast(page, "Privacy choices saved")).toBeVisible();
  await expect(page.getByRole("checkbox", { name: "Analytics", exact: true })).not.toBeChecked();
  await expect(page.getByRole("checkbox", { name: "Functionality", exact: true })).toBeChecked();

  // A browser that never made a cookie choice: once signed in, the account's choice applies.
  const context = await browser.newContext({ baseURL });
  const other = await context.newPage();
  const { csrfToken } = (await (await other.request.get("/api/csrf-token")).json()) as { csrfToken: string };
  const login = await other.request.post("/api/auth/login", {
    data: { email: reader.email, password: reader.password },
    headers: { "X-CSRF-Token": csrfToken },
  });
  expect(login.ok()).toBe(true);
  await other.goto("/settings/cookie-management");
  await expect(other.getByRole("switch", { name: "Analytics" })).not.toBeChecked();
  await expect(other.getByRole("switch", { name: "Functionality" })).toBeChecked();
  await context.close();
});

// Axe on every settings page in light, dark and high contrast. The
// reading pages have theirs in reading-preferences.spec.ts; these are the
// account pages, as a signed-in reader sees them.
/** Pages the tests above already audit in light, as a new reader first sees them. */
const AUDITED_IN_LIGHT = new Set(["/settings/profile", "/settings/notifications", "/settings/privacy"]);
for (const mode of DISPLAY_MODES) {
  test(`every account settings page passes axe in ${mode}`, async ({ page, checkA11y }) => {
    test.setTimeout(90_000);
    await page.emulateMedia({ colorScheme: "light" });
    await signUp(page);
    await chooseDisplayMode(page, mode);
    for (const path of [
      "/settings/profile",
      "/settings/connected-accounts",
      "/settings/notifications",
      "/settings/privacy",
      "/settings/cookie-management",
    ]) {
      if (mode === "light" && AUDITED_IN_LIGHT.has(path)) continue;
      await page.goto(path);
      await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
      await checkA11y();
    }
  });
}

test("the privacy policy says what an account holds, how long analytics stay, and what survives a deletion", async ({
  page,
  checkA11y,
}) => {
  await page.goto("/privacy");
  // The same list as the account's privacy settings, which send readers here "for the details".
  for (const kept of ["Your library:", "Sessions:", "What you write in the community:", "Notifications"])
    await expect(page.getByRole("listitem").filter({ hasText: kept })).toHaveCount(1);
  // The test servers keep raw analytics events for the default 30 days.
  await expect(page.getByText("The single events are deleted after 30 days")).toBeVisible();
  await expect(page.getByRole("listitem").filter({ hasText: "Remove them:" })).toContainText(
    "the titles of threads you started go with them",
  );
  await expect(page.getByRole("main").getByRole("link", { name: "cookie policy" })).toHaveAttribute(
    "href",
    "/cookie-policy",
  );
  await expect(page.getByRole("link", { name: "your privacy settings" })).toHaveAttribute("href", "/settings/privacy");
  await checkA11y();
});
