// Paging of the site's lists (docs/decisions/061), JavaScript on and off: numbered page links in a
// named navigation, the current page marked, a malformed ?page= read as page 1, a page past the
// last answered by a redirect to it with the other parameters kept; search results 20 a page and
// notifications 100 a page; the row of links fits a 320 px phone.
import type { Page } from "@playwright/test";
import { ADMIN } from "../../playwright.config";
import { signInByApi, signUp } from "../support/accounts";
import { expect, test } from "../support/test";

/** The page a navigation ended on came through a 302 from the address asked for. */
async function redirectedTo(page: Page, from: string, to: string | RegExp) {
  const response = await page.goto(from);
  expect(response?.status(), from).toBe(200);
  expect((await response?.request().redirectedFrom()?.response())?.status(), from).toBe(302);
  await expect(page).toHaveURL(to);
}

test("the Story Index has numbered page links, the current one marked", async ({ page, checkA11y }) => {
  await page.goto("/stories");
  const pages = page.getByRole("navigation", { name: "Pagination" });
  await expect(pages.getByRole("link", { name: "Page 1", exact: true })).toHaveAttribute("aria-current", "page");
  await expect(pages.getByRole("link", { name: "Previous page" })).toHaveCount(0);
  await pages.getByRole("link", { name: "Page 3", exact: true }).click();
  await expect(page).toHaveURL("/stories?page=3");
  await expect(page.getByRole("article")).toHaveCount(4);
  await expect(pages.getByRole("link", { name: "Page 3", exact: true })).toHaveAttribute("aria-current", "page");
  await expect(pages.getByRole("link", { name: "Page 1", exact: true })).not.toHaveAttribute("aria-current");
  await expect(pages.getByRole("link", { name: "Next page" })).toHaveCount(0);
  await checkA11y();
  await pages.getByRole("link", { name: "Previous page" }).click();
  await expect(page).toHaveURL("/stories?page=2");
  await expect(pages.getByRole("link", { name: "Page 2", exact: true })).toHaveAttribute("aria-current", "page");
  // Page 1's link leaves the parameter out: one address per page.
  await expect(pages.getByRole("link", { name: "Page 1", exact: true })).toHaveAttribute("href", "/stories");
});

test("a page past the last is a redirect to the last page, the filters kept", async ({ page }) => {
  // 24 stories, 10 a page.
  await redirectedTo(page, "/stories?page=9", "/stories?page=3");
  await expect(page.getByRole("article")).toHaveCount(4);
  // Gothic: WordPress's nine beside the three own stories (stories.spec.ts), on one page: its page 1,
  // whose address leaves the page out.
  await redirectedTo(page, "/stories?category=gothic&page=100000", "/stories?category=gothic");
  await expect(page.getByText("12 stories")).toBeVisible();
  await expect(page.getByRole("navigation", { name: "Pagination" })).toHaveCount(0);
});

for (const raw of ["abc", "-1", "0", "1.5", "", "0x10", "99999999999999999999"]) {
  test(`?page=${raw || "(empty)"} is page 1, not an error`, async ({ page }) => {
    const response = await page.goto(`/stories?page=${encodeURIComponent(raw)}`);
    expect(response?.status()).toBe(200);
    await expect(page.getByRole("heading", { level: 1, name: "Story Index" })).toBeVisible();
    await expect(page.getByRole("article")).toHaveCount(10);
    await expect(
      page.getByRole("navigation", { name: "Pagination" }).getByRole("link", { name: "Page 1", exact: true }),
    ).toHaveAttribute("aria-current", "page");
  });
}

test("search results come 20 a page with the total, and the page links keep the words", async ({ page }) => {
  await page.goto("/search?q=e");
  const heading = page.getByRole("heading", { level: 2, name: /results? for/ });
  const total = Number((await heading.textContent())?.match(/^(\d+)/)?.[1]);
  expect(total).toBeGreaterThan(20);
  await expect(page.getByRole("article")).toHaveCount(20);
  const pages = page.getByRole("navigation", { name: "Pages of results" });
  await expect(pages.getByRole("link", { name: "Page 1", exact: true })).toHaveAttribute("aria-current", "page");
  await pages.getByRole("link", { name: "Next page" }).click();
  await expect(page).toHaveURL("/search?q=e&page=2");
  await expect(heading).toHaveText(new RegExp(`^${total} results for`));
  await expect(pages.getByRole("link", { name: "Page 2", exact: true })).toHaveAttribute("aria-current", "page");
  await expect(page.getByRole("searchbox", { name: "Search for" })).toHaveValue("e");
  await redirectedTo(page, "/search?q=e&page=50", `/search?q=e&page=${Math.ceil(total / 20)}`);
  // A new search starts on its page 1.
  const box = page.getByRole("searchbox", { name: "Search for" });
  await box.fill("lantern");
  await box.press("Enter");
  await expect(page).toHaveURL("/search?q=lantern");
});

/** Gives the signed-in reader `count` read notifications ("Paging note 1" the oldest), through the merge API. */
async function giveNotifications(page: Page, count: number) {
  const token = ((await (await page.request.get("/api/csrf-token")).json()) as { csrfToken: string }).csrfToken;
  const start = Date.UTC(2026, 0, 1);
  for (let from = 1; from <= count; from += 200) {
    const notifications = [];
    for (let n = from; n < Math.min(from + 200, count + 1); n++) {
      notifications.push({
        id: `paging-${n}-${Math.random().toString(36).slice(2)}`,
        type: "other",
        title: `Paging note ${n}`,
        message: "A note to page through.",
        date: new Date(start + n * 60_000).toISOString(),
        read: true,
      });
    }
    const reply = await page.request.post("/api/notifications", {
      data: { notifications },
      headers: { "X-CSRF-Token": token },
    });
    expect(reply.status(), await reply.text()).toBe(200);
  }
}

test("notifications come 100 a page, newest first", async ({ page, checkA11y }) => {
  await signUp(page);
  await giveNotifications(page, 105);
  await page.goto("/notifications");
  const list = page.getByRole("region", { name: "All notifications" });
  await expect(list.getByRole("listitem")).toHaveCount(100);
  await expect(list.getByText("Paging note 105", { exact: true })).toBeVisible();
  await expect(list.getByText("Paging note 5", { exact: true })).toHaveCount(0);
  const pages = page.getByRole("navigation", { name: "Pages of notifications" });
  await checkA11y();
  await pages.getByRole("link", { name: "Page 2", exact: true }).click();
  await expect(page).toHaveURL("/notifications?page=2");
  await expect(list.getByRole("listitem")).toHaveCount(5);
  await expect(list.getByText("Paging note 5", { exact: true })).toBeVisible();
  // The filter tabs keep their counts; a filter's page past its end goes to its last page.
  await redirectedTo(page, "/notifications?filter=read&page=7", "/notifications?filter=read&page=2");
  await redirectedTo(page, "/notifications?filter=unread&page=2", "/notifications?filter=unread");
  await expect(page.getByText("Paging note", { exact: false })).toHaveCount(0);

  // The panel's API pages the same way: 100 a page, the page and the number of pages in the answer;
  // past the end an empty page (an API does not redirect); a malformed page a 400 that says why.
  type ApiPage = { notifications: { title: string }[]; page: number; pages: number };
  const first = (await (await page.request.get("/api/notifications")).json()) as ApiPage;
  expect(first).toMatchObject({ page: 1, pages: 2 });
  expect(first.notifications).toHaveLength(100);
  expect(first.notifications[0]?.title).toBe("Paging note 105");
  const second = (await (await page.request.get("/api/notifications?filter=read&page=2")).json()) as ApiPage;
  expect(second).toMatchObject({ page: 2, pages: 2 });
  expect(second.notifications.map((n) => n.title)).toEqual([5, 4, 3, 2, 1].map((n) => `Paging note ${n}`));
  const past = (await (await page.request.get("/api/notifications?page=3")).json()) as ApiPage;
  expect(past).toMatchObject({ notifications: [], page: 3, pages: 2 });
  const malformed = await page.request.get("/api/notifications?page=two");
  expect(malformed.status()).toBe(400);
  expect(await malformed.json()).toMatchObject({
    message: "The page number must be a whole number from 1 to 100000.",
  });
});

test("the page links fit a 320 px phone in one row", async ({ page }) => {
  await page.setViewportSize({ width: 320, height: 640 });
  await signUp(page);
  await giveNotifications(page, 550);
  for (const at of [1, 3, 4, 6]) {
    await page.goto(`/notifications?page=${at}`);
    const nav = page.getByRole("navigation", { name: "Pages of notifications" });
    await expect(nav.getByRole("link", { name: `Page ${at}`, exact: true })).toHaveAttribute("aria-current", "page");
    const links = await nav.getByRole("link").all();
    // First, current and last, with previous and next where there are such pages.
    expect(links.length).toBeGreaterThanOrEqual(3);
    const boxes = await Promise.all(links.map((link) => link.boundingBox()));
    const tops = new Set(boxes.map((box) => Math.round(box?.y ?? -1)));
    expect([...tops], `page ${at}: one row`).toHaveLength(1);
    for (const box of boxes) {
      expect(box?.x ?? -1).toBeGreaterThanOrEqual(0);
      expect((box?.x ?? 0) + (box?.width ?? 0)).toBeLessThanOrEqual(320);
      // A target a finger finds (WCAG 2.5.8's 24 px, with room).
      expect(box?.height ?? 0).toBeGreaterThanOrEqual(32);
    }
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(320);
  }
  // On the phone, page 4 of 6: 1 … 4 5 6 (5 is a single page left out, shown instead of an ellipsis).
  await page.goto("/notifications?page=4");
  const nav = page.getByRole("navigation", { name: "Pages of notifications" });
  await expect(nav.getByRole("link", { name: /^Page \d+$/ })).toHaveText(["1", "4", "5", "6"]);
  // Wider, the current page's neighbours join the row: 1 2 3 4 5 6.
  await page.setViewportSize({ width: 1280, height: 800 });
  await expect(nav.getByRole("link", { name: /^Page \d+$/ })).toHaveText(["1", "2", "3", "4", "5", "6"]);
});

test("admin lists: a page past the last is a redirect to it, the sort and filters kept", async ({ page }) => {
  await signInByApi(page, ADMIN);
  await redirectedTo(page, "/admin/users?sort=name-asc&page=99", /\/admin\/users\?sort=name-asc(&page=\d+)?$/);
  await expect(page.getByText("No user matches.")).toHaveCount(0);
  // The feedback review once showed an empty page here, as if there were nothing to review.
  await redirectedTo(page, "/admin/feedback?status=all&page=99", /\/admin\/feedback\?status=all(&page=\d+)?$/);
  // Two lists on one page: the tags' page settles, the categories' stays.
  await redirectedTo(page, "/admin/themes?csort=name-desc&tpage=40", "/admin/themes?csort=name-desc");
});
