// Every admin page of the spec (docs/decisions/016), as the admin sees it, JavaScript on
// and off: it answers, the admin navigation marks the entry whose group holds
// it (spec §2), it passes axe, and it fits a phone (admins moderate from
// phones too): no sideways scrolling at 390 px. The jobs on each page have
// their own specs (admin-*.spec.ts, story-submission.spec.ts).
import { ADMIN } from "../../playwright.config";
import { signInByApi } from "../support/accounts";
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

// Three tests of seven pages rather than one of 21: the workers share them, and
// the run no longer waits on one test of a minute at its end.
const GROUP = 7;
for (let start = 0; start < PAGES.length; start += GROUP) {
  const pages = PAGES.slice(start, start + GROUP);
  test(`admin pages ${start + 1}-${start + pages.length} of ${PAGES.length} answer, mark their navigation entry, pass axe and fit a phone`, async ({
    page,
    checkA11y,
  }) => {
    test.setTimeout(120_000);
    await signInByApi(page, ADMIN);
    for (const [path, entry] of pages) {
      await page.setViewportSize({ width: 1280, height: 900 });
      const response = await page.goto(path);
      expect(response?.status(), path).toBe(200);
      const nav = page.getByRole("navigation", { name: "Administration" });
      await expect(nav.getByRole("link", { name: entry }), path).toHaveAttribute("aria-current", "page");
      await expect(nav.locator('[aria-current="page"]'), path).toHaveCount(1);
      await expect(page.getByRole("heading", { level: 1 }), path).toBeVisible();
      await checkA11y();
      // The same page on a phone: the server cannot know the width, so the document is the one
      // just loaded, laid out again at 390 px (one load a page, where each width used to load it).
      await page.setViewportSize({ width: 390, height: 900 });
      await expect(page.getByRole("heading", { level: 1 }), path).toBeVisible();
      // What sticks out, named in the failure: the outermost elements past the right edge.
      const { overflow, wide } = await page.evaluate(() => {
        const past = [...document.body.querySelectorAll("*")].filter(
          (el) => el.getBoundingClientRect().right > window.innerWidth + 1 && !el.closest("[data-scroll-x]"),
        );
        const outermost = past.filter((el) => !past.includes(el.parentElement as Element));
        return {
          overflow: document.documentElement.scrollWidth - window.innerWidth,
          wide: outermost.slice(0, 5).map((el) => `${el.tagName.toLowerCase()}.${el.className}`),
        };
      });
      expect(overflow, `${path} scrolls sideways at 390 px: ${wide.join(" | ")}`).toBeLessThanOrEqual(0);
    }
  });
}
