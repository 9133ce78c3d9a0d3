// The smoke subset of the browser suites (issue 42) on PostgreSQL, two processes and nginx
// (./topology.ts), JavaScript on and off: read, sign in, bookmark, submit, moderate. The full
// browser suites (tests/e2e) run on SQLite; this checks that the same journeys hold when each
// request may land on either process. Each test checks that both processes served it.
import { randomUUID } from "node:crypto";
import { newReader, signIn, signInAndOpen, signUp } from "../support/accounts";
import { readerAddress } from "../support/cluster";
import { anotherPersonPage } from "../support/test";
import { expect, SITE_ADMIN, test } from "./topology";

// One topology per worker, so the file's tests stay in one worker, one after another.
test.describe.configure({ mode: "default" });

/** A seeded story (prisma/demo-stories.json): the topology has no remote source. */
const STORY = { slug: "the-long-gallery", title: "The Long Gallery" };

for (const javaScriptEnabled of [true, false]) {
  test.describe(javaScriptEnabled ? "JavaScript on" : "JavaScript off", () => {
    test.use({ javaScriptEnabled });

    test("an anonymous reader opens a story from the index and reads it", async ({ page }) => {
      await page.goto("/stories");
      // The newest story, whichever it is (the moderation test publishes new ones).
      const link = page.getByRole("main").getByRole("article").first().getByRole("heading").getByRole("link");
      const title = (await link.textContent())?.trim() ?? "";
      expect(title).not.toBe("");
      await link.click();
      await expect(page).toHaveURL(/\/(story|community-story)\/[^/]+$/);
      await expect(page.getByRole("heading", { level: 1, name: title })).toBeVisible();
      // The story's first paragraph (app/library/story-text.tsx), with words in it.
      await expect(page.locator("#p-0")).toHaveText(/\p{L}{3}/u);
    });

    test("a reader signs in with the form, bookmarks a story and finds it in /bookmarks", async ({ page }) => {
      // The account is made through the API, then the session dropped: the sign-in is the form's.
      const reader = await signUp(page, newReader());
      await page.context().clearCookies({ name: "hs_session" });
      await signIn(page, reader.email, reader.password, `/story/${STORY.slug}`);
      await expect(page.getByRole("heading", { name: `Welcome, ${reader.username}` })).toBeVisible();
      await page.getByRole("link", { name: "Continue where you were" }).click();
      await expect(page).toHaveURL(`/story/${STORY.slug}`);

      const main = page.getByRole("main");
      await main.getByRole("button", { name: `Bookmark ${STORY.title}` }).click();
      await expect(main.getByText("On your shelf: Bookmarked")).toBeVisible();
      // As a reader goes there (a new page load could cancel the bookmark's request with JavaScript).
      await page.getByRole("link", { name: "Bookmarks", exact: true }).first().click();
      await expect(page).toHaveURL("/bookmarks");
      await expect(page.getByRole("heading", { level: 1, name: "Bookmarks" })).toBeVisible();
      await expect(
        main.getByRole("listitem").filter({ has: page.getByRole("heading", { name: STORY.title }) }),
      ).toBeVisible();
    });

    test("a writer submits a story, an admin approves it, and readers read it", async ({ page, browser, baseURL }) => {
      const id = randomUUID().slice(0, 6);
      const title = `The Cellar Stair ${id}`;
      const slug = `the-cellar-stair-${id}`;

      await signUp(page);
      await page.goto("/submit-story");
      await page.getByLabel("Title").fill(title);
      await page.getByLabel("Summary").fill("Thirteen steps down, and one more on the way back up.");
      const words = Array.from({ length: 30 }, (_, i) => `step${i}`).join(" ");
      await page.getByLabel("Story text").fill(`The cellar door was never locked.\n\n${words}`);
      await page.getByLabel("Category").selectOption({ label: "Gothic" });
      await page.getByLabel(/This story is my own original work/).check();
      await page.getByRole("button", { name: "Submit for review" }).click();
      await expect(page.getByRole("status").filter({ hasText: "Sent for review" })).toBeVisible();
      await expect(page.getByRole("listitem").filter({ hasText: title })).toContainText("In review");

      const admin = await anotherPersonPage(browser, {
        javaScriptEnabled,
        baseURL: baseURL as string,
        headers: { "X-Forwarded-For": readerAddress() },
      });
      await signInAndOpen(admin, SITE_ADMIN, "/admin/content-moderation");
      const item = admin.getByRole("listitem").filter({ has: admin.getByRole("heading", { level: 3, name: title }) });
      await item.getByRole("button", { name: "Approve and publish" }).click();
      await item.getByRole("button", { name: "Yes, publish" }).click();
      await expect(admin.getByRole("status").filter({ hasText: "Published" })).toBeVisible();
      await admin.context().close();

      // An anonymous reader: in the index (each process drops its cached index on the admin's
      // change mark within a second, docs/decisions/040) and on the story's own page.
      const reader = await anotherPersonPage(browser, {
        javaScriptEnabled,
        baseURL: baseURL as string,
        headers: { "X-Forwarded-For": readerAddress() },
      });
      const card = reader.getByRole("article").filter({ has: reader.getByRole("link", { name: title }) });
      await expect(async () => {
        await reader.goto("/stories");
        await expect(card).toContainText("Community story by", { timeout: 1_000 });
      }).toPass({ timeout: 10_000 });
      await card.getByRole("link", { name: title }).click();
      await expect(reader).toHaveURL(`/community-story/${slug}`);
      await expect(reader.getByRole("heading", { level: 1, name: title })).toBeVisible();
      await expect(reader.getByText("The cellar door was never locked.")).toBeVisible();
      await reader.context().close();
    });
  });
}
