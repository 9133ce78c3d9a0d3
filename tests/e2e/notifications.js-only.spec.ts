// The notification centre with JavaScript: the bell's panel (a modal dialog,
// keyboard and focus), the new-story poll and its toast (spec §7, §8), the
// ignored-notification rule in the browser with a controllable clock (spec §4),
// and the merge of the browser's notifications into the account on sign-in.
import { signUp } from "../support/accounts";
import { addNotification, bell, expect, test, userId } from "./notification-site";

test("the bell opens the panel: tabs with counts, Escape, open an item, mark all read, clear", async ({
  page,
  site,
  checkA11y,
}) => {
  test.slow();
  const reader = await signUp(page);
  const id = await userId(site, reader.username);
  await addNotification(site, id, {
    title: "New Story Published",
    message: '"The Well" is now available to read!',
    link: "/stories",
  });
  await addNotification(site, id, { title: "Welcome", message: "Your account is ready.", link: "/about" });
  await page.goto("/community");
  // The panel is the app's: wait until it runs in the page.
  await expect(page.locator("html[data-hydrated]")).toBeAttached();

  const button = bell(page, 2);
  await button.click();
  const panel = page.getByRole("dialog", { name: "Notifications" });
  await expect(panel).toBeVisible();
  await expect(button).toHaveAttribute("aria-expanded", "true");
  await expect(panel.getByRole("button", { name: "All (2)", exact: true })).toHaveAttribute("aria-pressed", "true");
  await expect(panel.getByRole("button", { name: "Unread (2)", exact: true })).toBeVisible();
  await panel.getByRole("button", { name: "Read (0)", exact: true }).click();
  await expect(panel.getByText("No read notifications.")).toBeVisible();
  await panel.getByRole("button", { name: "All (2)", exact: true }).click();
  const list = panel.getByRole("region", { name: "All notifications" });
  await expect(list.getByRole("listitem")).toHaveCount(2);
  // The list is a 300 px scroll area (spec §9).
  expect(await list.evaluate((el) => getComputedStyle(el).maxHeight)).toBe("300px");
  await checkA11y();

  // Escape closes it and gives focus back to the bell.
  await page.keyboard.press("Escape");
  await expect(panel).toBeHidden();
  await expect(bell(page, 2)).toBeFocused();

  // An item opens its link and becomes read.
  await bell(page, 2).click();
  await panel.getByRole("button", { name: /Welcome/ }).click();
  await expect(page).toHaveURL(/\/about$/);
  await expect(panel).toBeHidden();
  await expect(bell(page, 1)).toBeVisible();

  await bell(page, 1).click();
  await expect(panel.getByRole("button", { name: "Read (1)", exact: true })).toBeVisible();
  await panel.getByRole("button", { name: "Mark all read" }).click();
  await expect(panel.getByRole("button", { name: "Unread (0)", exact: true })).toBeVisible();
  await expect(page.getByRole("status").filter({ hasText: "All notifications read" })).toBeVisible();
  // With nothing unread it is offered no more, and focus stays in the panel, on "Clear all".
  await expect(panel.getByRole("button", { name: "Mark all read" })).toHaveCount(0);
  const clearAll = panel.getByText("Clear all", { exact: true });
  await expect(clearAll).toBeFocused();
  // "Clear all" asks first: the first press removes nothing; "Yes, clear all" does. With nothing left
  // it goes too, and focus goes to the panel's close button.
  await clearAll.click();
  await expect(panel.getByText("Remove every notification? This cannot be undone.")).toBeVisible();
  await expect(panel.getByRole("button", { name: "All (0)", exact: true })).toHaveCount(0);
  await panel.getByRole("button", { name: "Yes, clear all" }).click();
  await expect(panel.getByRole("button", { name: "All (0)", exact: true })).toBeVisible();
  await expect(panel.getByRole("button", { name: "Yes, clear all" })).toBeHidden();
  await expect(clearAll).toHaveCount(0);
  await expect(panel.getByRole("button", { name: "Close notifications" })).toBeFocused();
  await expect(panel.getByText("No notifications yet.")).toBeVisible();
  await page.keyboard.press("Escape");
  await expect(bell(page, 0)).toBeVisible();
});

test("anonymous: a new story from the poll toasts and is kept in the browser; ignored, it curses", async ({ page }) => {
  await page.clock.install();
  // The browser last saw an older story, so the site's newest one is news.
  await page.addInitScript(() =>
    localStorage.setItem("hs_newest_story", JSON.stringify({ id: -1, date: "2000-01-01T00:00:00.000Z" })),
  );
  const polls: string[] = [];
  page.on("request", (request) => {
    if (new URL(request.url()).pathname === "/api/posts") polls.push(request.url());
  });
  await page.goto("/stories");

  const toast = page.getByRole("status").filter({ hasText: "New Story Published" });
  await expect(toast).toBeVisible();
  await expect(toast).toContainText(/".+" is now available to read!/);
  await expect(bell(page, 1)).toBeVisible();
  expect(polls).toHaveLength(1);
  expect(polls[0]).toMatch(/\/api\/posts\?limit=1$/);
  const stored = await page.evaluate(() => JSON.parse(localStorage.getItem("hs_notifications") ?? "{}"));
  expect(stored.items).toHaveLength(1);
  expect(stored.items[0]).toMatchObject({ type: "new-story", title: "New Story Published", read: false });

  // Unread and not looked at for more than 30 s: one cursed notification, without a toast.
  await page.clock.fastForward(31_000);
  await expect(bell(page, 2)).toBeVisible();
  await expect(page.getByRole("status").filter({ hasText: "Why are you ignoring me?" })).toHaveCount(0);
  await page.clock.fastForward(60_000);
  await expect(bell(page, 2), "no second curse").toBeVisible();

  // Opening the panel plays the glitch overlay for 2 s and marks the cursed one read.
  await bell(page, 2).click();
  const panel = page.getByRole("dialog", { name: "Notifications" });
  const overlay = panel.getByRole("status").filter({ hasText: "Why are you ignoring me?" });
  await expect(overlay).toBeVisible();
  await expect(panel.getByRole("button", { name: "Read (1)", exact: true })).toBeVisible();
  await page.clock.fastForward(2_000);
  await expect(overlay).toHaveCount(0);
  await page.keyboard.press("Escape");
  await expect(bell(page, 1)).toBeVisible();

  // The poll runs again every 300 s.
  await page.clock.fastForward(300_000);
  await expect.poll(() => polls.length).toBe(2);
});

test("signed in: the poll's toast follows the server's notice, so a story's writer is not told of it", async ({
  page,
  site,
}) => {
  // The browser last saw an older story, so the site's newest one is news to it.
  await page.addInitScript(() =>
    localStorage.setItem("hs_newest_story", JSON.stringify({ id: -1, date: "2000-01-01T00:00:00.000Z" })),
  );
  const reader = await signUp(page);
  const newest = (await (await page.request.get("/api/posts?limit=1")).json()) as { posts: { slug: string }[] };
  const link = `/reader/${newest.posts[0]?.slug}`;
  const toast = page.getByRole("status").filter({ hasText: "New Story Published" });
  const polled = () => page.waitForResponse((r) => new URL(r.url()).pathname === "/api/notifications");

  // As that story's writer: the server told them nothing of it (issue 40), and no toast does.
  let answered = polled();
  await page.goto("/stories");
  // Whichever comes first: the server's answer, or a toast that did not wait for it.
  await Promise.race([answered, toast.waitFor()]);
  await expect(toast).toHaveCount(0);

  // A reader the server told: the toast.
  await addNotification(site, await userId(site, reader.username), {
    title: "New Story Published",
    message: "A story is now available to read!",
    link,
    type: "new-story",
  });
  await page.evaluate(() =>
    localStorage.setItem("hs_newest_story", JSON.stringify({ id: -1, date: "2000-01-01T00:00:00.000Z" })),
  );
  answered = polled();
  await page.reload();
  await answered;
  await expect(toast).toBeVisible();
});

test("on sign-in the browser's notifications join the account once, and the key is cleared", async ({ page }) => {
  await page.goto("/stories");
  await page.evaluate(() => {
    const item = (id: string, link: string, title: string) => ({
      id,
      type: "new-story",
      title: "New Story Published",
      message: `"${title}" is now available to read!`,
      link,
      storyId: null,
      date: new Date().toISOString(),
      read: false,
    });
    localStorage.setItem(
      "hs_notifications",
      JSON.stringify({
        items: [item("a", "/reader/the-well", "The Well"), item("b", "/reader/the-well", "The Well")],
        panelLastOpenedAt: Date.now(),
        cursed: false,
      }),
    );
  });
  await signUp(page);
  await page.goto("/stories");
  await expect.poll(() => page.evaluate(() => localStorage.getItem("hs_notifications"))).toBeNull();
  await page.goto("/notifications");
  const list = page.getByRole("region", { name: "All notifications" });
  await expect(list.getByRole("listitem")).toHaveCount(1);
  await expect(list).toContainText('"The Well" is now available to read!');
});
