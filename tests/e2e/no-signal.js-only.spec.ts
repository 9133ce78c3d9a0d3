// A reader who loses their signal in the middle of something (docs/decisions/046): the page they
// are on stays, with what they typed, and a toast says why nothing happened. Before, React Router
// put its error screen ("Something went wrong", no header, no form) in the page's place. Without
// JavaScript the browser itself says it is offline and keeps the page in its history, so this
// file runs with it only.
import { ADMIN } from "../../playwright.config";
import { signInAndOpen, signUp } from "../support/accounts";
import { queryE2eDb } from "../support/db";
import { bookmarkThisStory } from "../support/library";
import { expect, test } from "../support/test";

const FERRY = { slug: "last-ferry-to-hollin-isle", title: "Last Ferry to Hollin Isle" };
const NETWORK_MESSAGE = "Network error: Cannot connect to server. Please check your internet connection.";

test("a form sent without a signal stays on its page with what was typed, says so, and is sent once the signal is back", async ({
  page,
  context,
  checkA11y,
}) => {
  const marker = crypto.randomUUID().slice(0, 8);
  const message = `The lighthouse keeper's letters, written on the ferry without a signal ${marker}`;
  // A phone: its toasts stand in the page's flow under the header, far above the Send button.
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto("/contact");
  await page.getByLabel("Your name").fill("Mara Quill");
  await page.getByLabel("Your email").fill(`mara-${marker}@horror.test`);
  await page.getByLabel("Subject (optional)").fill(`Letters ${marker}`);
  await page.getByLabel("Message", { exact: true }).fill(message);

  await context.setOffline(true);
  await page.getByRole("button", { name: "Send message" }).click();
  const toast = page.getByRole("region", { name: "Notifications" });
  await expect(toast).toContainText("Connection Error");
  await expect(toast).toContainText(NETWORK_MESSAGE);
  await expect(toast).toContainText("What you typed is still here, so send it again");
  // Brought into view: the press is answered where the reader can see it.
  await expect(toast).toBeInViewport();
  // The page is the form still, with its header, and every field as it was typed.
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Contact");
  await expect(page.getByRole("banner")).toBeVisible();
  await expect(page.getByLabel("Your name")).toHaveValue("Mara Quill");
  await expect(page.getByLabel("Your email")).toHaveValue(`mara-${marker}@horror.test`);
  await expect(page.getByLabel("Subject (optional)")).toHaveValue(`Letters ${marker}`);
  await expect(page.getByLabel("Message", { exact: true })).toHaveValue(message);
  await expect(page.getByRole("button", { name: "Send message" })).toBeEnabled();
  await checkA11y();
  expect(await queryE2eDb('SELECT id FROM "ContactMessage" WHERE message = ?', [message])).toHaveLength(0);

  await context.setOffline(false);
  await page.getByRole("button", { name: "Send message" }).click();
  await expect(page.getByRole("heading", { name: "Thank you for writing" })).toBeVisible();
  expect(await queryE2eDb('SELECT id FROM "ContactMessage" WHERE message = ?', [message])).toHaveLength(1);
});

test("a control sent without a signal from its fetcher goes back to what it was, on its page", async ({
  page,
  context,
}) => {
  await signUp(page);
  await page.goto(`/story/${FERRY.slug}`);
  await bookmarkThisStory(page, `Bookmark ${FERRY.title}`);
  await page.goto("/bookmarks");
  const card = page.getByRole("main").getByRole("listitem").filter({ hasText: FERRY.title });
  await expect(card.getByText("On your shelf: Bookmarked")).toBeVisible();

  await context.setOffline(true);
  await card.getByRole("button", { name: `Remove ${FERRY.title} from library` }).click();
  await expect(page.getByRole("region", { name: "Notifications" })).toContainText("Connection Error");
  // The library is there still, and the story on its shelf, as before the press: nothing was removed.
  await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
  await expect(card.getByText("On your shelf: Bookmarked")).toBeVisible();
  await expect(card.getByRole("button", { name: `Remove ${FERRY.title} from library` })).toBeEnabled();

  await context.setOffline(false);
  await card.getByRole("button", { name: `Remove ${FERRY.title} from library` }).click();
  await expect(card).toHaveCount(0);
});

test("on a story, Bookmark and the theme pressed without a signal keep the story on screen: the routes they post to came ahead", async ({
  page,
  context,
}) => {
  await signUp(page);
  await page.goto(`/story/${FERRY.slug}`);
  // Once the browser is idle, the modules of the routes the page's forms post to are fetched
  // (app/offline/form-targets.ts): React Router would otherwise import them at the press, fail, and
  // reload the page into the browser's offline page.
  for (const route of ["routes/bookmarks", "routes/theme"]) {
    await expect
      .poll(
        () =>
          page.evaluate((id) => {
            const manifest = (window as { __reactRouterManifest?: { routes: Record<string, { module: string }> } })
              .__reactRouterManifest;
            const module = manifest?.routes[id]?.module;
            return Boolean(module && performance.getEntriesByName(new URL(module, location.href).href).length);
          }, route),
        { message: `the module of ${route} is fetched ahead` },
      )
      .toBe(true);
  }
  await context.setOffline(true);
  const main = page.getByRole("main");
  await main.getByRole("button", { name: `Bookmark ${FERRY.title}` }).click();
  const toast = page.getByRole("region", { name: "Notifications" });
  await expect(toast).toContainText("Connection Error");
  await expect(page.getByRole("heading", { level: 1, name: FERRY.title })).toBeVisible();
  await expect(main.getByRole("button", { name: `Bookmark ${FERRY.title}` })).toBeEnabled();

  await page
    .getByRole("banner")
    .getByRole("button", { name: /Switch to (dark|light) theme/ })
    .click();
  await expect(toast.getByText("Connection Error")).toHaveCount(2);
  await expect(page.getByRole("heading", { level: 1, name: FERRY.title })).toBeVisible();
  await expect(page).toHaveURL(new RegExp(`/story/${FERRY.slug}$`));
});

test("the page's own data, refreshed without a signal, stays on the page", async ({ page, context }) => {
  await signInAndOpen(page, ADMIN, "/admin/dashboard");
  await expect(page.getByRole("heading", { level: 1, name: "Dashboard" })).toBeVisible();
  await context.setOffline(true);
  await page.getByRole("button", { name: "Refresh" }).click();
  const toast = page.getByRole("region", { name: "Notifications" });
  await expect(toast).toContainText("Connection Error");
  await expect(toast).toContainText(NETWORK_MESSAGE);
  await expect(toast).not.toContainText("What you typed is still here");
  await expect(page.getByRole("heading", { level: 1, name: "Dashboard" })).toBeVisible();
  await expect(page.getByRole("link", { name: /Moderation queue/ })).toBeVisible();
  await expect(page.getByRole("button", { name: "Refresh" })).toBeEnabled();

  await context.setOffline(false);
  await page.getByRole("button", { name: "Refresh" }).click();
  await expect(page.getByRole("status").filter({ hasText: /Last updated/ })).toBeVisible();
});

test("a press without a signal on a form with nothing typed in it does not say that what was typed is still here", async ({
  page,
  context,
}) => {
  await signUp(page);
  await page.goto(`/story/${FERRY.slug}`);
  // "I stopped here" posts to /reading-position: its module comes ahead, as Bookmark's does (above).
  await expect
    .poll(() =>
      page.evaluate(() => {
        const manifest = (window as { __reactRouterManifest?: { routes: Record<string, { module: string }> } })
          .__reactRouterManifest;
        const module = manifest?.routes["routes/reading-position"]?.module;
        return Boolean(module && performance.getEntriesByName(new URL(module, location.href).href).length);
      }),
    )
    .toBe(true);
  await context.setOffline(true);
  await page.getByRole("button", { name: /^I stopped here \(paragraph 1 of \d+\)$/ }).click();
  const toast = page.getByRole("region", { name: "Notifications" });
  await expect(toast).toContainText("Connection Error");
  await expect(toast).toContainText(`${NETWORK_MESSAGE} Try again in a moment.`);
  await expect(toast).not.toContainText("What you typed");
  await expect(page.getByRole("heading", { level: 1, name: FERRY.title })).toBeVisible();
});
