// What the library does only with JavaScript: the position saved while the
// reader scrolls (no button pressed), and the "user" local storage key (§3).
import { newReader, register, signOut, signUp } from "../support/accounts";
import { expect, test } from "../support/test";

const FERRY = "last-ferry-to-hollin-isle";

test("the position is saved as the reader scrolls, and the end of the story finishes it", async ({ page }) => {
  await signUp(page);
  await page.setViewportSize({ width: 360, height: 400 });
  await page.goto(`/story/${FERRY}`);
  await page.locator("#p-3").scrollIntoViewIfNeeded();
  await page.mouse.wheel(0, 10_000);
  // Sent with keepalive after the scrolling stops; the server has it.
  await expect
    .poll(async () => (await page.request.get(`/api/reading-position/${FERRY}`)).json())
    .toMatchObject({ position: { paragraph: 3, percent: 100, finished: true } });
  await page.goto("/bookmarks?shelf=finished");
  await expect(page.getByRole("main").getByRole("heading", { name: "Last Ferry to Hollin Isle" })).toBeVisible();
});

test('the "user" key holds the signed-in user and is cleared on logout', async ({ page }) => {
  const reader = newReader();
  await register(page, reader);
  await expect
    .poll(() => page.evaluate(() => JSON.parse(localStorage.getItem("user") ?? "null")))
    .toMatchObject({ username: reader.username, isAdmin: false, id: expect.any(String) });
  await page.getByRole("banner").getByLabel(`Account menu for ${reader.username}`).click();
  await signOut(page);
  await expect.poll(() => page.evaluate(() => localStorage.getItem("user"))).toBeNull();
});

test("removing from the library updates in place and offers Undo in a toast", async ({ page }) => {
  await signUp(page);
  await page.goto(`/story/${FERRY}`);
  const main = page.getByRole("main");
  await main.getByRole("button", { name: "Bookmark Last Ferry to Hollin Isle" }).click();
  await expect(main.getByText("On your shelf: Bookmarked")).toBeVisible();
  // In place: the fetcher posted without leaving the page.
  await expect(page).toHaveURL(`/story/${FERRY}`);
  await main.getByRole("button", { name: "Remove Last Ferry to Hollin Isle from library" }).click();
  await expect(main.getByRole("button", { name: "Bookmark Last Ferry to Hollin Isle" })).toBeVisible();
  const toast = page.getByRole("status").filter({ hasText: "Removed from your library" });
  await toast.getByRole("button", { name: "Undo" }).click();
  await expect(main.getByText("On your shelf: Bookmarked")).toBeVisible();
});

test("the Undo toast's time stands still while the pointer is on it or focus is in it (WCAG 2.2.1)", async ({
  page,
}) => {
  // Playwright's clock: the toast's time passes when the test says, not in real time.
  await page.clock.install();
  await signUp(page);
  await page.goto(`/story/${FERRY}`);
  const main = page.getByRole("main");
  await main.getByRole("button", { name: "Bookmark Last Ferry to Hollin Isle" }).click();
  await expect(main.getByText("On your shelf: Bookmarked")).toBeVisible();
  await main.getByRole("button", { name: "Remove Last Ferry to Hollin Isle from library" }).click();
  const toast = page.getByRole("status").filter({ hasText: "Removed from your library" });
  const undo = toast.getByRole("button", { name: "Undo" });
  await expect(undo).toBeVisible();

  // A keyboard user on its way to Undo: the clock stops while focus is on it...
  await undo.focus();
  await page.clock.fastForward(8000);
  await expect(undo).toBeVisible();
  // ...and a pointer resting on the toast holds it too, after focus has left.
  await toast.hover();
  await undo.blur();
  await page.clock.fastForward(8000);
  await expect(undo).toBeVisible();
  // Let go, and what was left of its time (a toast with an action stays 10 s) runs out.
  await page.mouse.move(1, 1);
  await page.clock.fastForward(9000);
  await expect(undo).toBeVisible();
  await page.clock.fastForward(1000);
  await expect(toast).toHaveCount(0);
});

test("while a bookmark is being saved, the control takes no second change", async ({ page }) => {
  await signUp(page);
  await page.goto(`/story/${FERRY}`);
  const main = page.getByRole("main");
  // The Bookmark's request is held until the test lets it go, as on a slow link.
  let release = () => {};
  const held = new Promise<void>((resolve) => {
    release = resolve;
  });
  await page.route("**/bookmarks*", async (route) => {
    if (route.request().method() === "POST") await held;
    await route.continue();
  });
  await main.getByRole("button", { name: "Bookmark Last Ferry to Hollin Isle" }).click();
  // Shown at once, but a Remove now would race the Bookmark on the server (it found nothing to
  // remove, then the Bookmark was saved): it waits until the server has answered.
  await expect(main.getByText("On your shelf: Bookmarked")).toBeVisible();
  const remove = main.getByRole("button", { name: "Remove Last Ferry to Hollin Isle from library" });
  await expect(remove).toBeDisabled();
  release();
  await expect(remove).toBeEnabled();
  await remove.click();
  await expect(page.getByRole("status").filter({ hasText: "Removed from your library" })).toBeVisible();
  await expect(main.getByRole("button", { name: "Bookmark Last Ferry to Hollin Isle" })).toBeVisible();
});

test("the place saved is the paragraph at the top of the screen, where Continue reading opens it; above the story's first line nothing is saved", async ({
  page,
}) => {
  await signUp(page);
  await page.setViewportSize({ width: 390, height: 844 });
  // The save waits for a pause in scrolling: the page's clock is the test's, so the pause is exact.
  await page.clock.install();
  const sent: number[] = [];
  page.on("request", (request) => {
    if (new URL(request.url()).pathname === "/api/reading-position" && request.method() === "POST")
      sent.push((request.postDataJSON() as { paragraph: number }).paragraph);
  });
  const watching = page.waitForResponse((r) => /position-while-reading/.test(new URL(r.url()).pathname));
  // Short paragraphs: the 9th and 10th of Room Tone are a line or two each.
  await page.goto("/story/room-tone#p-8");
  await watching;
  // A pause in scrolling: the place is sent, and stored before the test goes on.
  const pause = async (paragraph: number) => {
    const answer = page.waitForResponse(
      (r) => new URL(r.url()).pathname === "/api/reading-position" && r.request().method() === "POST",
    );
    await page.clock.runFor(3000);
    expect((await answer).request().postDataJSON()).toMatchObject({ paragraph });
    expect((await answer).ok()).toBe(true);
  };
  // Opened at a paragraph: that paragraph is the place (it was one or two further on, and moved
  // on again at each return).
  await pause(8);
  await page.locator("#p-5").evaluate((element) => element.scrollIntoView());
  await pause(5);
  expect(sent).toEqual([8, 5]);

  // Back up to the title (a phone's menu is there): the place stays; then further on, saved again.
  await page.evaluate(() => window.scrollTo(0, 0));
  await page.clock.runFor(3000);
  await page.locator("#p-3").evaluate((element) => element.scrollIntoView());
  await pause(3);
  expect(sent).toEqual([8, 5, 3]);
  await page.goto("/reader");
  await page.getByRole("region", { name: "Continue reading" }).getByRole("link", { name: "Room Tone" }).click();
  await expect(page).toHaveURL("/story/room-tone#p-3");
});
