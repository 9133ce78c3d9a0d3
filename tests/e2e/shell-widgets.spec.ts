// What the shell changes for every reader, with JavaScript and without:
// the floating Feedback widget stays off the reading pages (spec §2), and
// navigating closes the sidebar groups the reader opened.
import type { Page } from "@playwright/test";
import { expect, test } from "../support/test";

const FERRY = "last-ferry-to-hollin-isle";

/** With JavaScript: hydrated, and idle after the load event (the tooltip's code has arrived). */
async function settled(page: Page, javaScriptEnabled: boolean) {
  if (!javaScriptEnabled) return;
  await expect(page.getByRole("banner").getByRole("button", { name: "Search", exact: true })).toHaveAttribute(
    "data-state",
    "closed",
  );
}

test("the Feedback widget is hidden on home, stories, reader and community, and shown elsewhere", async ({
  page,
  javaScriptEnabled,
}) => {
  const widget = page.getByRole(javaScriptEnabled ? "button" : "link", { name: "Feedback", exact: true });
  for (const path of ["/about", "/search?q=lantern"]) {
    await page.goto(path);
    await settled(page, javaScriptEnabled);
    await expect(widget, path).toBeVisible();
  }
  for (const path of ["/", "/home", "/stories", "/reader", `/reader/${FERRY}`, `/story/${FERRY}`, "/community"]) {
    await page.goto(path);
    await settled(page, javaScriptEnabled);
    await expect(page.getByRole("heading", { level: 1 }).first(), path).toBeVisible();
    await expect(page.getByRole("link", { name: "Feedback", exact: true }), path).toHaveCount(0);
    await expect(page.getByRole("button", { name: "Feedback", exact: true }), path).toHaveCount(0);
  }
  // Client-side navigation from a page with it to one without it takes it away too.
  await page.goto("/about");
  await settled(page, javaScriptEnabled);
  await page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "Stories" }).click();
  await expect(page).toHaveURL("/stories");
  await expect(widget).toHaveCount(0);
});

test.describe("the sidebar on a desktop", () => {
  test.use({ viewport: { width: 1280, height: 900 } });

  test("navigating closes the groups the reader opened", async ({ page, javaScriptEnabled, checkA11y }) => {
    await page.goto("/");
    await settled(page, javaScriptEnabled);
    const sidebar = page.getByRole("complementary", { name: "Sidebar" });
    const contact = sidebar.getByRole("link", { name: "Contact" });
    await expect(contact).toBeHidden();
    await sidebar.getByText("Support & Legal").click();
    await expect(contact).toBeVisible();
    await checkA11y();

    await sidebar.getByRole("link", { name: "Story Index" }).click();
    await expect(page).toHaveURL("/stories");
    await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
    await expect(contact).toBeHidden();
    // The groups open on a page load stay open: the main links, and the one holding the page.
    await expect(sidebar.getByRole("link", { name: "Story Index" })).toBeVisible();

    // A group that holds the new page opens for it.
    await sidebar.getByText("Support & Legal").click();
    await contact.click();
    await expect(page).toHaveURL("/contact");
    await expect(contact).toBeVisible();
  });
});
