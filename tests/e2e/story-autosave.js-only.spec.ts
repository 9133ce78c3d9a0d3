// The story form's autosave (JavaScript only): a draft is saved a few seconds
// after the writer stops typing; when a save fails the writer is told, and the
// text stays in the page and in local storage, from where a later visit
// offers it back. The failure is real: the cookies are gone, so the server
// refuses the post. The page's clock is Playwright's: the test moves it past the
// 3 s wait instead of waiting for it.
import { signUp } from "../support/accounts";
import { expect, test } from "../support/test";

/** The editor's wait after the last keystroke (app/stories/story-editor.tsx). */
const AUTOSAVE_DELAY_MS = 3000;

test("a draft saves itself, and a failed save keeps the text", async ({ page, context }) => {
  await page.clock.install();
  await signUp(page);
  await page.goto("/submit-story");
  await page.getByLabel("Title").fill("Autosaved dread");
  await page.getByLabel("Story text").fill("The stairs went down further than the house was tall.");
  const status = page.getByRole("status").filter({ hasText: /Draft saved at|could not be saved/ });
  await page.clock.fastForward(AUTOSAVE_DELAY_MS);
  await expect(status).toContainText("Draft saved at");

  // It exists on the server: the writer's list has it as a draft.
  const list = await context.newPage();
  await list.goto("/edit-story");
  await expect(list.getByRole("listitem").filter({ hasText: "Autosaved dread" })).toContainText("Draft");
  await list.close();

  // The session ends; the next save fails, and says so.
  await context.clearCookies();
  const text = "The stairs went down further than the house was tall. Something climbed them.";
  await page.getByLabel("Story text").fill(text);
  await page.clock.fastForward(AUTOSAVE_DELAY_MS);
  await expect(status).toContainText("Your draft could not be saved");
  await expect(status).toContainText("Your text is still here and kept in this browser.");
  await expect(page.getByLabel("Story text")).toHaveValue(text);
  const kept = await page.evaluate(() => {
    const key = Object.keys(localStorage).find((k) => k.startsWith("hs_story_draft:"));
    return key ? JSON.parse(localStorage.getItem(key) ?? "{}").markdown : null;
  });
  expect(kept).toBe(text);
});

test("the first autosave gives a new story its own address: reload, Back and later saves reach that one draft", async ({
  page,
}) => {
  await page.clock.install();
  await signUp(page);
  await page.goto("/submit-story");
  await page.getByLabel("Title").fill("A draft with an address");
  const text = page.getByLabel("Story text");
  await text.fill("The door was painted shut from the inside.");
  const status = page.getByRole("status").filter({ hasText: /Draft saved at|could not be saved/ });
  await page.clock.fastForward(AUTOSAVE_DELAY_MS);
  await expect(status).toContainText("Draft saved at");
  // In place: the address is the draft's, the writer's text and place in it untouched.
  await expect(page).toHaveURL(/\/edit-story\/\d+$/);
  // Its title too, as the draft's page has it on a reload (it stayed "Submit a story").
  await expect(page).toHaveTitle("Edit: A draft with an address | Horror Stories");
  const draftUrl = page.url();
  await expect(text).toBeFocused();
  await page.keyboard.type(" Someone had lived there since.");
  const typed = "The door was painted shut from the inside. Someone had lived there since.";
  await expect(text).toHaveValue(typed);
  await page.clock.fastForward(AUTOSAVE_DELAY_MS);
  await expect(status).toContainText("Draft saved at");
  expect(page.url()).toBe(draftUrl);

  // A reload shows the draft, with everything saved.
  await page.reload();
  await expect(page.getByRole("heading", { level: 1, name: "Edit: A draft with an address" })).toBeVisible();
  await expect(page.getByLabel("Story text")).toHaveValue(typed);

  // Away and Back: the same draft again.
  await page.getByRole("link", { name: "all your stories" }).click();
  await expect(page).toHaveURL(/\/edit-story$/);
  await expect(page.getByRole("listitem").filter({ hasText: "A draft with an address" })).toHaveCount(1);
  await page.goBack();
  await expect(page).toHaveURL(draftUrl);
  await expect(page.getByLabel("Story text")).toHaveValue(typed);
});

test("text typed before the page's JavaScript ran is counted once it runs", async ({ page }) => {
  await signUp(page);
  // A slow link: the scripts arrive only after the writer has started typing.
  let release = () => {};
  const released = new Promise<void>((resolve) => {
    release = resolve;
  });
  await page.route(/\/assets\/.*\.js$/, async (route) => {
    await released;
    await route.continue();
  });
  await page.goto("/submit-story", { waitUntil: "domcontentloaded" });
  await page.getByLabel("Story text").fill("Six words typed before the scripts.");
  await expect(page.getByText("0 words", { exact: true })).toBeVisible();
  release();
  await expect(page.locator("html")).toHaveAttribute("data-hydrated", "true");
  await expect(page.getByText("6 words · about 1 min read")).toBeVisible();
});
