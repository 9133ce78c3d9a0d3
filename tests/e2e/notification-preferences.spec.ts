// Notification preferences take effect, JavaScript on and off: a reader who
// turns "New stories" off gets no new-story notification when a content sync
// finds new stories, while a reader who keeps it on does; and a reader who
// turns the cursed notification off is never cursed by the server-side rule.
import { signUp } from "../support/accounts";
import { onOwnSite } from "../support/test";
import { addNotification, bell, expect, startNotificationSite, userId } from "./notification-site";

// A site of its own (not the one notifications.spec.ts shares in a worker): the
// first test takes the source's new stories, which that spec needs too.
const test = onOwnSite("notification-preferences", startNotificationSite);

test.describe.configure({ mode: "serial" });

test("turning new stories off stops the new-story notification", async ({ page, browser, site }) => {
  test.setTimeout(90_000);
  await signUp(page);
  await page.goto("/settings/notifications");
  await page.getByRole("checkbox", { name: "New stories on the site" }).uncheck();
  await page.getByRole("button", { name: "Save notification settings" }).click();
  await expect(page.getByRole("region", { name: "Notifications" }).getByRole("status")).toContainText(
    "Notification settings saved",
  );

  const otherContext = await browser.newContext({ baseURL: site.url });
  const other = await otherContext.newPage();
  await signUp(other);

  // The source publishes the posts the first sync could not read: seven new stories.
  site.wordpress.setMode("healthy");
  await site.sync();
  await other.goto("/stories");
  await expect(bell(other, 7)).toBeVisible();
  await page.goto("/stories");
  await expect(bell(page, 0)).toBeVisible();
  await page.goto("/notifications");
  await expect(page.getByRole("link", { name: "All (0)", exact: true })).toBeVisible();
  await otherContext.close();
});

test("turning the cursed notification off keeps the reader uncursed", async ({ page, site }) => {
  const reader = await signUp(page);
  await page.goto("/settings/notifications");
  await page.getByRole("checkbox", { name: "Send me the cursed notification" }).uncheck();
  await page.getByRole("button", { name: "Save notification settings" }).click();
  await expect(page.getByRole("region", { name: "Notifications" }).getByRole("status")).toContainText(
    "Notification settings saved",
  );
  const id = await userId(site, reader.username);
  // Unread for a minute, the panel never opened: the rule would curse the reader now.
  await addNotification(site, id, { title: "Old news", message: "Waiting", date: new Date(Date.now() - 60_000) });
  await page.goto("/stories");
  await expect(bell(page, 1)).toBeVisible();
  const cursed = await site.query('SELECT id FROM "Notification" WHERE "userId" = ? AND type = ?', [id, "cursed"]);
  expect(cursed).toEqual([]);
});
