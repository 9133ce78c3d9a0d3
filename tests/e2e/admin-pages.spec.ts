// Every admin page of the spec (docs/decisions/016), as the admin sees it, JavaScript on
// and off: it answers, the admin navigation marks the entry whose group holds
// it (spec §2), and it passes axe. That it fits a phone (admins moderate from phones too)
// is layout.spec.ts's, which lays every admin page out at 320 to 1440 px. The jobs on each
// page have their own specs (admin-*.spec.ts, story-submission.spec.ts).
import { ADMIN } from "../../playwright.config";
import { signInByApi } from "../support/accounts";
import { pageRoutes } from "../support/route-table";
import { expect, test } from "../support/test";

/** Each admin URL and the navigation entry that is current on it. */
const PAGES: [string, string][] = [
  ["/admin", "Dashboard"],
  ["/admin/dashboard", "Dashboard"],
  ["/admin/settings", "Dashboard"],
  ["/admin/stories", "Content Management"],
  ["/admin/content", "Content Management"],
  ["/admin/content-management", "Content Management"],
  ["/admin/wordpress-sync", "Content Management"],
  ["/admin/posts", "Content Management"],
  ["/admin/manage-posts", "Content Management"],
  ["/admin/posts/new", "Content Management"],
  ["/admin/themes", "Theme Management"],
  ["/admin/users", "User Management"],
  ["/admin/content-moderation", "User Management"],
  ["/admin/content-moderation/reports", "User Management"],
  ["/admin/analytics", "Insights & Reports"],
  ["/admin/analytics-dashboard", "Insights & Reports"],
  ["/admin/site-statistics", "Insights & Reports"],
  ["/admin/feedback", "Insights & Reports"],
  ["/admin/feedback-management", "Insights & Reports"],
  ["/admin/feedback-review", "Insights & Reports"],
  ["/admin/bug-reports", "Insights & Reports"],
];

/**
 * The URLs axe audits: the first of each module. An alias renders the same module (app/routes.ts),
 * so the same document but for the navigation entry it marks, which is checked on every URL.
 */
const AUDITED = new Set(
  PAGES.map(([path]) => path).filter(
    (path, index, paths) => paths.findIndex((other) => moduleOf(other) === moduleOf(path)) === index,
  ),
);
function moduleOf(path: string) {
  const route = pageRoutes().find((r) => r.path === path);
  if (!route) throw new Error(`${path} is not in app/routes.ts`);
  return route.file;
}

// Three tests of seven pages rather than one of 21: the workers share them, and
// the run no longer waits on one test of a minute at its end.
const GROUP = 7;
for (let start = 0; start < PAGES.length; start += GROUP) {
  const pages = PAGES.slice(start, start + GROUP);
  test(`admin pages ${start + 1}-${start + pages.length} of ${PAGES.length} answer, mark their navigation entry, pass axe`, async ({
    page,
    checkA11y,
  }) => {
    test.setTimeout(120_000);
    await signInByApi(page, ADMIN);
    await page.setViewportSize({ width: 1280, height: 900 });
    for (const [path, entry] of pages) {
      const response = await page.goto(path);
      expect(response?.status(), path).toBe(200);
      const nav = page.getByRole("navigation", { name: "Administration" });
      await expect(nav.getByRole("link", { name: entry }), path).toHaveAttribute("aria-current", "page");
      await expect(nav.locator('[aria-current="page"]'), path).toHaveCount(1);
      await expect(page.getByRole("heading", { level: 1 }), path).toBeVisible();
      if (AUDITED.has(path)) await checkA11y();
    }
  });
}

test("Insights & Reports leads to its four pages in one click each, on a phone too", async ({ page }) => {
  await signInByApi(page, ADMIN);
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto("/admin/dashboard");
  // Not on the pages of the other entries.
  await expect(page.getByRole("navigation", { name: "Insights & Reports" })).toHaveCount(0);
  await page
    .getByRole("navigation", { name: "Administration" })
    .getByRole("link", { name: "Insights & Reports" })
    .click();
  await expect(page.getByRole("heading", { level: 1, name: "Analytics" })).toBeVisible();
  const insights = page.getByRole("navigation", { name: "Insights & Reports" });
  await expect(insights.getByRole("link", { name: "Analytics" })).toHaveAttribute("aria-current", "page");
  for (const [name, heading, url] of [
    ["Site statistics", "Site statistics", /\/admin\/site-statistics$/],
    ["Feedback", "Feedback", /\/admin\/feedback$/],
    ["Bug reports", "Bug reports", /\/admin\/bug-reports$/],
    ["Analytics", "Analytics", /\/admin\/analytics$/],
  ] as const) {
    const link = insights.getByRole("link", { name, exact: true });
    await expect(link).toBeInViewport();
    await link.click();
    await expect(page).toHaveURL(url);
    await expect(page.getByRole("heading", { level: 1, name: heading })).toBeVisible();
    await expect(insights.getByRole("link", { name, exact: true })).toHaveAttribute("aria-current", "page");
    await expect(insights.locator('[aria-current="page"]')).toHaveCount(1);
  }
  // The feedback review's other addresses mark the same page.
  await page.goto("/admin/feedback-review");
  await expect(insights.getByRole("link", { name: "Feedback", exact: true })).toHaveAttribute("aria-current", "page");
});

test("User Management leads to the users and the moderation queue in one click each, on a phone too", async ({
  page,
}) => {
  await signInByApi(page, ADMIN);
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto("/admin/dashboard");
  await expect(page.getByRole("navigation", { name: "User Management" })).toHaveCount(0);
  await page.getByRole("navigation", { name: "Administration" }).getByRole("link", { name: "User Management" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Users" })).toBeVisible();
  // The spec groups the moderation queue under User Management: one click from the users (the audit's defect 15).
  const users = page.getByRole("navigation", { name: "User Management" });
  await expect(users.getByRole("link", { name: "Users", exact: true })).toHaveAttribute("aria-current", "page");
  const moderation = users.getByRole("link", { name: "Content moderation" });
  await expect(moderation).toBeInViewport();
  await moderation.click();
  await expect(page).toHaveURL(/\/admin\/content-moderation$/);
  await expect(page.getByRole("heading", { level: 1, name: "Content moderation" })).toBeVisible();
  await expect(users.getByRole("link", { name: "Content moderation" })).toHaveAttribute("aria-current", "page");
  await users.getByRole("link", { name: "Users", exact: true }).click();
  await expect(page).toHaveURL(/\/admin\/users$/);
});
