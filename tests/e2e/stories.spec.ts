import { DEGRADED_PORT } from "../../playwright.config";
import { expect, test } from "../support/test";

test("the story index pages through the WordPress source with page links", async ({ page, checkA11y }) => {
  await page.goto("/stories");
  await expect(page.getByRole("heading", { name: "Story Index", level: 1 })).toBeVisible();
  await expect(page.getByText("24 stories")).toBeVisible();
  await expect(page.getByRole("article")).toHaveCount(10);
  await checkA11y();
  const pagination = page.getByRole("navigation", { name: "Pagination" });
  await expect(pagination).toContainText("Page 1 of 3");
  await pagination.getByRole("link", { name: "Next page" }).click();
  await expect(page).toHaveURL("/stories?page=2");
  await expect(pagination).toContainText("Page 2 of 3");
  await pagination.getByRole("link", { name: "Next page" }).click();
  await expect(page.getByRole("article")).toHaveCount(4);
  await expect(pagination.getByRole("link", { name: "Next page" })).toHaveCount(0);
});

test("category and tag filters are links that narrow the index", async ({ page }) => {
  await page.goto("/stories");
  await page.getByRole("group", { name: "Category" }).getByRole("link", { name: "Gothic" }).click();
  await expect(page).toHaveURL("/stories?category=gothic");
  // WordPress's nine and the three own Gothic stories beside them (decision 004).
  await expect(page.getByText("12 stories")).toBeVisible();
  await expect(page.getByRole("group", { name: "Category" }).getByRole("link", { name: "Gothic" })).toHaveAttribute(
    "aria-current",
    "page",
  );
  await page.getByRole("group", { name: "Category" }).getByRole("link", { name: "All" }).click();
  await expect(page).toHaveURL("/stories");
  await expect(page.getByText("24 stories")).toBeVisible();

  // An unknown category or tag is no page (WordPress's archive of one is a 404), not "0 stories" under "All".
  for (const query of ["category=nope", "tag=nope", "category=gothic&tag=nope"]) {
    const response = await page.goto(`/stories?${query}`);
    expect(response?.status(), query).toBe(404);
    await expect(page.getByText(/\d+ stories?$/)).toHaveCount(0);
  }
});

test("a story page shows the story with its details and neighbours", async ({ page, checkA11y }) => {
  await page.goto("/stories");
  await page.getByRole("link", { name: "Bread & Salt" }).first().click();
  await expect(page).toHaveURL("/story/bread-and-salt");
  await expect(page).toHaveTitle("Bread & Salt | Horror Stories");
  await expect(page.getByRole("heading", { level: 1, name: "Bread & Salt" })).toBeVisible();
  await expect(page.getByText(/min read/)).toBeVisible();
  await expect(page.locator('link[rel="canonical"]')).toHaveAttribute("href", /\/story\/bread-and-salt$/);
  await checkA11y();
});

test("printing a story prints the story, black on white, not the site around it", async ({ page }) => {
  // The dark theme: its light text must not go to paper as pale grey.
  await page.emulateMedia({ colorScheme: "dark" });
  await page.goto("/story/bread-and-salt");
  const story = page.getByRole("heading", { level: 1, name: "Bread & Salt" });
  await expect(story).toBeVisible();
  await expect(page.getByRole("banner")).toBeVisible();
  await expect(page.getByRole("navigation", { name: "More stories" })).toBeVisible();
  await page.emulateMedia({ media: "print", colorScheme: "dark" });
  await expect(story).toBeVisible();
  await expect(page.locator("main .prose-story p").first()).toBeVisible();
  // Before 2026-12-01 the header, search, sidebar, Reading settings, downloads, previous and next
  // and footer all went to paper.
  for (const chrome of [
    page.getByRole("banner"),
    page.getByRole("contentinfo"),
    page.getByRole("complementary", { name: "Sidebar" }),
    page.getByRole("link", { name: "Reading settings" }),
    page.getByRole("heading", { name: "Read it without a signal" }),
    page.getByRole("navigation", { name: "More stories" }),
  ])
    await expect(chrome).toBeHidden();
  const colours = await page.evaluate(() => {
    const text = document.querySelector("main .prose-story p") as HTMLElement;
    return { text: getComputedStyle(text).color, page: getComputedStyle(document.body).backgroundColor };
  });
  expect(colours).toEqual({ text: "rgb(0, 0, 0)", page: "rgb(255, 255, 255)" });
});

test("/reader/{slug} shows the same story with /story/{slug} as canonical", async ({ page }) => {
  await page.goto("/reader/bread-and-salt");
  await expect(page.getByRole("heading", { level: 1, name: "Bread & Salt" })).toBeVisible();
  await expect(page.locator('link[rel="canonical"]')).toHaveAttribute("href", /\/story\/bread-and-salt$/);
});

test("an unknown slug renders the 404 page", async ({ page }) => {
  const response = await page.goto("/story/no-such-story-anywhere");
  expect(response?.status()).toBe(404);
  await expect(page).toHaveTitle("404 - Page Not Found | Horror Stories");
});

test("the hostile post is shown without any of its scripts", async ({ page, checkA11y }) => {
  const dialogs: string[] = [];
  page.on("dialog", (dialog) => {
    dialogs.push(dialog.message());
    void dialog.dismiss();
  });
  await page.goto("/story/the-cursed-post");
  await expect(page.getByRole("heading", { level: 1, name: "The Cursed Post" })).toBeVisible();
  await expect(page.getByText("Count the faces in the photograph")).toBeVisible();
  const story = page.locator(".prose-story");
  await expect(story.locator("script")).toHaveCount(0);
  await expect(story.locator("[onerror], [onclick], [onload]")).toHaveCount(0);
  await expect(story.locator('a[href^="javascript:" i]')).toHaveCount(0);
  // The link text stays; only its javascript: URL is gone.
  await expect(story.getByText("Click to see what is standing behind you")).toBeVisible();
  await story.getByText("Do not click this sentence.").click();
  expect(dialogs).toEqual([]);
  await checkA11y();
});

test("a password-protected story shows a clear notice", async ({ page }) => {
  await page.goto("/story/the-sealed-letter");
  await expect(page.getByRole("note")).toContainText("protected it with a password");
});

test("search finds stories across the chain", async ({ page }) => {
  await page.goto("/search?q=lantern");
  await expect(page.getByRole("heading", { level: 2 })).toHaveText("3 results for “lantern”");
  await expect(page.getByRole("article")).toHaveCount(3);
});

test("search finds the words of a card's summary, offers a way on when nothing matches, and says when it shortened the query", async ({
  page,
  checkA11y,
}) => {
  // The site's own stories (the remote refused): their cards show the summary.
  const site = `http://localhost:${DEGRADED_PORT}`;
  for (const [words, title] of [
    ["lighthouse", "The Keeper’s Log"],
    ["stitched", "The Doll Hospital"],
  ]) {
    await page.goto(`${site}/search?q=${words}`);
    await expect(page.getByRole("heading", { level: 2 })).toHaveText(`1 result for “${words}”`);
    await expect(page.getByRole("article").getByRole("link", { name: title })).toBeVisible();
  }

  await page.goto(`${site}/search?q=zzyzx`);
  await expect(page.getByRole("heading", { level: 2 })).toHaveText("0 results for “zzyzx”");
  await expect(page.getByText("Check the spelling, or try fewer or other words.")).toBeVisible();
  await expect(page.getByRole("link", { name: "the Story Index" })).toHaveAttribute("href", "/stories");
  const categories = page.getByRole("navigation", { name: "Categories" });
  await expect(categories.getByRole("link", { name: "Gothic" })).toHaveAttribute("href", "/stories?category=gothic");
  await checkA11y();

  await page.goto(`${site}/search?q=${"night ".repeat(500)}`);
  await expect(page.getByText("Your search was shortened to its first 200 characters")).toBeVisible();
  await page.goto(`${site}/search?q=night`);
  await expect(page.getByText(/Your search was shortened/)).toHaveCount(0);

  // A word no phone holds: the reader's words break, the heading keeps its type (it was fitted
  // to the screen in 11 px letters), with nothing wider than the screen.
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto(`${site}/search?q=${"n".repeat(300)}`);
  const heading = page.getByRole("heading", { level: 2 });
  await expect(heading).toContainText("0 results for");
  expect(await heading.evaluate((h) => getComputedStyle(h).fontSize)).toBe("24px");
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
});

test("search finds each word in any order, takes % and _ literally, either apostrophe, and no control character", async ({
  page,
}) => {
  const site = `http://localhost:${DEGRADED_PORT}`;
  const results = page.getByRole("heading", { level: 2 });
  for (const [q, shown, title] of [
    ["doll hospital", "doll hospital", "The Doll Hospital"],
    ["hospital doll", "hospital doll", "The Doll Hospital"],
    ["doll%20%20hospital", "doll hospital", "The Doll Hospital"],
    ["keeper's", "keeper's", "The Keeper’s Log"],
    ["KEEPER’S log", "KEEPER’S log", "The Keeper’s Log"],
  ]) {
    await page.goto(`${site}/search?q=${q}`);
    await expect(results).toHaveText(`1 result for “${shown}”`);
    await expect(page.getByRole("article").getByRole("link", { name: title })).toBeVisible();
  }
  for (const q of ["%25", "d_ll", "doll%20zzyzx"]) {
    await page.goto(`${site}/search?q=${q}`);
    await expect(results).toHaveText(/^0 results for/);
  }
  await page.goto(`${site}/search?q=doll%00hospital`);
  await expect(results).toHaveText("1 result for “doll hospital”");
  await expect(page).toHaveTitle(/^Search: doll hospital/);
  expect(await page.content()).not.toContain("\u0000");
});

test("after Back the search box holds the search whose results are shown", async ({ page }) => {
  const site = `http://localhost:${DEGRADED_PORT}`;
  const box = page.getByRole("searchbox", { name: "Search for" });
  const results = page.getByRole("heading", { level: 2 });
  await page.goto(`${site}/search`);
  for (const q of ["doll", "zzyzx"]) {
    await box.fill(q);
    await box.press("Enter");
    await expect(results).toContainText(`“${q}”`);
  }
  await page.goBack();
  await expect(results).toContainText("“doll”");
  await expect(box).toHaveValue("doll");
});

test("with the remote down the site still shows stories, with no error and no wait", async ({ page, checkA11y }) => {
  const site = `http://localhost:${DEGRADED_PORT}`;
  const response = await page.goto(`${site}/stories`);
  expect(response?.status()).toBe(200);
  await expect(page.getByText("12 stories")).toBeVisible();
  await expect(page.getByRole("link", { name: "Salt & Ash" })).toBeVisible();
  await checkA11y();
  await page.getByRole("link", { name: "Salt & Ash" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Salt & Ash" })).toBeVisible();
  await expect(page.getByRole("navigation", { name: "More stories" })).toBeVisible();
});

test("the reader landing lists the newest stories and, with JavaScript, offers to continue", async ({
  page,
  javaScriptEnabled,
  checkA11y,
}) => {
  await page.goto("/reader");
  await expect(page.getByRole("heading", { name: "Newest stories" })).toBeVisible();
  await expect(page.getByRole("article")).toHaveCount(5);
  await expect(page.getByRole("heading", { name: "Continue reading" })).toHaveCount(0);
  await page.goto("/story/bread-and-salt");
  if (javaScriptEnabled) {
    // Remembered once the page has hydrated.
    await expect.poll(() => page.evaluate(() => localStorage.getItem("hs_last_story"))).toContain("bread-and-salt");
  }
  await page.goto("/reader");
  if (javaScriptEnabled) {
    // The page the reader read (a community story's is its own).
    const section = page.getByRole("region", { name: "Continue reading" });
    await expect(section.getByRole("link", { name: "Bread & Salt" })).toHaveAttribute("href", "/story/bread-and-salt");
    // What an older version kept has no address, and what is kept in the browser may point anywhere:
    // the story's /reader/ address then.
    for (const path of [undefined, "//evil.example/x"]) {
      await page.evaluate(
        (kept) =>
          localStorage.setItem(
            "hs_last_story",
            JSON.stringify({ slug: "bread-and-salt", title: "Bread & Salt", path: kept }),
          ),
        path,
      );
      await page.reload();
      await expect(section.getByRole("link", { name: "Bread & Salt" })).toHaveAttribute(
        "href",
        "/reader/bread-and-salt",
      );
    }
  } else {
    await expect(page.getByRole("heading", { name: "Continue reading" })).toHaveCount(0);
  }
  await checkA11y();
});

test("a story's quotations and headings are styled by the page's first stylesheet, before site.css", async ({
  page,
}) => {
  // Without site.css (linked after the story, docs/decisions/043), the inlined sheet alone styles the text.
  await page.route(/\/assets\/site-[^/]*\.css/, (route) => route.abort());
  await page.goto("/story/the-cursed-post");
  const quote = page.getByRole("blockquote").filter({ hasText: "Count the faces in the photograph" });
  await expect(quote).toHaveCSS("border-left-width", "3px");
  await expect(quote).toHaveCSS("font-style", "italic");
  await expect(quote).toHaveCSS("padding-left", /^1[0-9.]+px$/);
});
