// A community story's comment thread, JavaScript on and off, on a site of its
// own (story-site.ts): a published community story joins the Story Index and
// the feed, whose counts other specs check on the shared server.
import { randomUUID } from "node:crypto";
import { newReader, signUp } from "../support/accounts";
import { readerPage, toast } from "./community-helpers";
import { expect, test } from "./story-site";

test("a community story's comments: readers comment and quote, anonymous readers are asked to sign in", async ({
  page,
  site,
  browser,
  baseURL,
  clientId,
  javaScriptEnabled,
  checkA11y,
}) => {
  // Two readers, a writer and an anonymous visitor in one story: 16 s on an idle machine, and past
  // 30 s beside the unit tests on CI's two cores (stop 68's run timed out at its last form).
  test.slow();
  const writer = newReader();
  await signUp(page, writer);
  const id = randomUUID().slice(0, 8);
  const slug = `the-lantern-keeper-${id}`;
  const [user] = await site.query<{ id: string }>('SELECT id FROM "User" WHERE username = ?', [writer.username]);
  await site.query(
    `INSERT INTO "Post" (slug, title, content, excerpt, status, "authorId", "submittedAt", "createdAt", "updatedAt", "announcedAt")
     VALUES (?, ?, '<p>The lamp went out.</p><p>Then the stairs began to count.</p>', 'The lamp went out.', 'published', ?, ?, ?, ?, ?)`,
    [slug, `The Lantern Keeper ${id}`, user?.id ?? "", ...Array(4).fill(new Date().toISOString())],
  );

  // Listed on /community with its writer, linking to its page.
  await page.goto("/community");
  const stories = page.getByRole("region", { name: "Latest community stories" });
  await expect(stories.getByRole("link", { name: `The Lantern Keeper ${id}` })).toHaveAttribute(
    "href",
    `/community-story/${slug}`,
  );
  await expect(stories).toContainText(`by ${writer.username}`);
  await expect(page.getByRole("link", { name: "Write a story" })).toHaveAttribute("href", "/submit-story");
  await checkA11y();

  const reader = await readerPage(browser, {
    javaScriptEnabled: javaScriptEnabled ?? true,
    baseURL: baseURL as string,
    clientId,
  });
  await reader.page.goto(`/community-story/${slug}/comments`);
  await reader.page.getByRole("button", { name: "Post comment" }).click();
  await expect(reader.page.getByText("Write something first.")).toBeVisible();
  await reader.page.getByLabel("Your comment").fill("The last line <script>alert(1)</script> got me.");
  await reader.page.getByRole("button", { name: "Post comment" }).click();
  await expect(toast(reader.page, "Comment posted")).toBeVisible();
  const comments = reader.page.getByRole("list", { name: "Comments" });
  await expect(comments.getByRole("article")).toContainText("The last line <script>alert(1)</script> got me.");
  // The posted comment is not left in the form to be sent again.
  await expect(reader.page.getByLabel("Your comment")).toHaveValue("");
  // Their own comment offers no Report; the writer's page offers it on the reader's comment.
  await expect(comments.getByRole("article").getByRole("link", { name: /^Report/ })).toHaveCount(0);

  // The reader edits their comment, then deletes it; its place stays.
  const own = comments.getByRole("article").filter({ hasText: "got me." });
  await own.getByRole("link", { name: "Edit your post" }).click();
  await expect(reader.page.getByText(`A comment on The Lantern Keeper ${id}.`)).toBeVisible();
  await reader.page.getByLabel("Your post").fill("The last line still got me.");
  await reader.page.getByRole("button", { name: "Save changes" }).click();
  await expect(toast(reader.page, "Post updated")).toBeVisible();
  await expect(reader.page).toHaveURL(new RegExp(`/community-story/${slug}#post-\\d+$`));
  await expect(own).toContainText("still got me.");
  await expect(own).toContainText("Edited");

  // "I stopped here" keeps the reader on the community story's page, at that paragraph, with its comments.
  await reader.page.goto(`/community-story/${slug}`);
  await reader.page.getByRole("button", { name: "I stopped here (paragraph 1 of 2)" }).click();
  await expect(toast(reader.page, "Place saved")).toBeVisible();
  await expect(reader.page).toHaveURL(
    new RegExp(`/community-story/${slug}${javaScriptEnabled === false ? "#p-0" : "(#p-0)?"}$`),
  );
  await expect(reader.page.getByRole("list", { name: "Comments" }).getByRole("article")).toHaveCount(1);

  // The library links the story to its page, where its warnings and comments are; its plain story
  // address leads there too (old links, typed addresses).
  const title = `The Lantern Keeper ${id}`;
  await reader.page.goto("/reader");
  await expect(
    reader.page.getByRole("region", { name: "Continue reading" }).getByRole("link", { name: title }),
  ).toHaveAttribute("href", `/community-story/${slug}#p-0`);
  await reader.page.goto("/bookmarks");
  await expect(reader.page.getByRole("link", { name: title, exact: true })).toHaveAttribute(
    "href",
    `/community-story/${slug}`,
  );
  await expect(reader.page.getByRole("link", { name: `Continue where you stopped in ${title}` })).toHaveAttribute(
    "href",
    `/community-story/${slug}#p-0`,
  );
  await reader.page.goto(`/story/${slug}`);
  await expect(reader.page).toHaveURL(new RegExp(`/community-story/${slug}$`));
  await expect(reader.page.getByRole("list", { name: "Comments" }).getByRole("article")).toHaveCount(1);

  // The writer is told, and quotes the comment in an answer.
  await page.goto("/notifications");
  await expect(page.getByText("New comment on your story")).toBeVisible();
  await page.goto(`/community-story/${slug}/comments`);
  await expect(page.getByRole("link", { name: `Report the post by ${reader.reader.username}` })).toBeVisible();
  await page.getByRole("link", { name: `Quote ${reader.reader.username}` }).click();
  // The writer types once the quote is in the form (with JavaScript the link is a client navigation).
  await expect(page.getByText("Quoting", { exact: true })).toBeVisible();
  await page.getByLabel("Your comment").fill("Thank you for reading it.");
  await page.getByRole("button", { name: "Post comment" }).click();
  await expect(toast(page, "Comment posted")).toBeVisible();
  const answer = page.getByRole("list", { name: "Comments" }).getByRole("article").filter({ hasText: "Thank you" });
  await expect(answer.getByRole("link", { name: `${reader.reader.username} wrote` })).toBeVisible();
  await checkA11y();
  await reader.context.close();

  const anonymous = await browser.newContext({ javaScriptEnabled: javaScriptEnabled ?? true });
  const anonPage = await anonymous.newPage();
  await anonPage.goto(`${baseURL}/community-story/${slug}/comments`);
  await expect(anonPage.getByRole("list", { name: "Comments" }).getByRole("article")).toHaveCount(2);
  await expect(anonPage.getByRole("main").getByRole("link", { name: "Sign in" })).toHaveAttribute(
    "href",
    `/auth?${new URLSearchParams({ redirectTo: `/community-story/${slug}/comments#comment-form` })}`,
  );
  await anonymous.close();
});
