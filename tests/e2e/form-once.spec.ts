// A form sent again after its answer was lost (docs/decisions/051): the site acted on it, the
// reader's signal went before the answer came back, and the reader sends the same form again:
// with JavaScript the page kept the form (decision 046) and they press its button again; without
// it the browser showed its own offline page, whose Reload sends the form again. Either way the
// site acts once and answers as it did the first time.
import { randomUUID } from "node:crypto";
import type { Page } from "@playwright/test";
import { signUp } from "../support/accounts";
import { queryE2eDb } from "../support/db";
import { expect, test } from "../support/test";
import { toast } from "./community-helpers";

/**
 * The page's next POST to `path` reaches the site, which acts on it and answers; that answer never
 * reaches the page, as when the signal goes at that moment. Resolves once the site has answered.
 */
async function loseNextAnswer(page: Page, path: string) {
  const posts = (url: URL) => url.pathname === path || url.pathname === `${path}.data`;
  let answered = () => {};
  const done = new Promise<void>((resolve) => {
    answered = resolve;
  });
  await page.route(posts, async (route) => {
    if (route.request().method() !== "POST") return route.fallback();
    // The site's own answer, a redirect included, is read here and thrown away.
    await route.fetch({ maxRedirects: 0 });
    await route.abort("internetdisconnected");
    await page.unroute(posts);
    answered();
  });
  return { answered: done };
}

/** Sends the page's form again as its reader would: its button again with JavaScript, Reload without. */
async function sendAgain(page: Page, javaScriptEnabled: boolean, button: string) {
  if (javaScriptEnabled) {
    await expect(page.getByRole("region", { name: "Notifications" })).toContainText("What you typed is still here");
    await page.getByRole("button", { name: button }).click();
  } else {
    await expect(page).toHaveURL(/^chrome-error:/);
    await page.reload();
  }
}

test("a contact message sent again after its answer was lost is stored and mailed once", async ({
  page,
  javaScriptEnabled,
}) => {
  const marker = randomUUID().slice(0, 8);
  const message = `The keeper's letters, sent as the ferry left the signal behind ${marker}`;
  await page.goto("/contact");
  await page.getByLabel("Your name").fill("Mara Quill");
  await page.getByLabel("Your email").fill(`mara-${marker}@horror.test`);
  await page.getByLabel("Message", { exact: true }).fill(message);
  const lost = await loseNextAnswer(page, "/contact");
  await page.getByRole("button", { name: "Send message" }).click();
  await lost.answered;
  const stored = () => queryE2eDb('SELECT id FROM "ContactMessage" WHERE message = ?', [message]);
  expect(await stored()).toHaveLength(1);

  await sendAgain(page, javaScriptEnabled !== false, "Send message");
  await expect(page.getByRole("heading", { name: "Thank you for writing" })).toBeVisible();
  const toasts = page.getByRole("region", { name: "Notifications" });
  await expect(toasts.getByText("Message sent")).toBeVisible();
  // The toast that asked for the form again went when the answer came: it is no longer true. (Read
  // once: it would go by itself after its 5 s, within a retried assertion's time.)
  expect(await toasts.innerText()).not.toContain("What you typed is still here");
  expect(await stored()).toHaveLength(1);

  // Another message from a new form is another message, the same words included.
  await page.getByRole("link", { name: "Write another message" }).click();
  await page.getByLabel("Your name").fill("Mara Quill");
  await page.getByLabel("Your email").fill(`mara-${marker}@horror.test`);
  await page.getByLabel("Message", { exact: true }).fill(message);
  await page.getByRole("button", { name: "Send message" }).click();
  await expect(page.getByRole("heading", { name: "Thank you for writing" })).toBeVisible();
  expect(await stored()).toHaveLength(2);
});

test("a reply sent again after its answer was lost is posted once; the same words sent afresh are a new reply", async ({
  page,
  javaScriptEnabled,
}) => {
  await signUp(page);
  const marker = randomUUID().slice(0, 8);
  await page.goto("/community");
  const form = page.getByRole("region", { name: "Start a thread" });
  await form.getByLabel("Title").fill(`The bells under the water ${marker}`);
  await form.getByLabel("Your first post").fill("Every night at three, from the drowned church.");
  await form.getByRole("button", { name: "Start thread" }).click();
  await expect(toast(page, "Thread started")).toBeVisible();
  const thread = new URL(page.url()).pathname;

  const words = `I heard them too, from the ferry ${marker}`;
  const replies = page.getByRole("list", { name: "Posts" }).getByRole("article").filter({ hasText: words });
  await page.getByLabel("Your reply").fill(words);
  const lost = await loseNextAnswer(page, thread);
  await page.getByRole("button", { name: "Post reply" }).click();
  await lost.answered;
  await sendAgain(page, javaScriptEnabled !== false, "Post reply");
  // The first answer, toast and all, and the toast that asked for the form again is gone (read once).
  await expect(toast(page, "Reply posted")).toBeVisible();
  expect(await page.getByRole("region", { name: "Notifications" }).innerText()).not.toContain(
    "What you typed is still here",
  );
  await expect(replies).toHaveCount(1);
  const stored = () => queryE2eDb('SELECT id FROM "DiscussionPost" WHERE body = ?', [words]);
  expect(await stored()).toHaveLength(1);

  // The reader means it: the same words again, from the page the answer brought.
  await page.getByLabel("Your reply").fill(words);
  await page.getByRole("button", { name: "Post reply" }).click();
  await expect(replies).toHaveCount(2);
  expect(await stored()).toHaveLength(2);
});
