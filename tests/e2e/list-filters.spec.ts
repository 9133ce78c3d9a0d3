// Issue 40, item 8: the filters of /stories and /bookmarks are named groups (Category, Tag,
// Shelf, Sort) and, on a phone, fold into one disclosure named by what it holds ("Filter" on
// /stories, which has no sort; "Filter and sort" on /bookmarks) that says what is chosen. A <details> of links: it works without JavaScript.
import { signUp } from "../support/accounts";
import { expect, test } from "../support/test";

test.describe("on a 390 px phone", () => {
  test.use({ viewport: { width: 390, height: 844 } });

  test("the story index folds its filters, so the first story is on the first screen", async ({ page, checkA11y }) => {
    await page.goto("/stories");
    const main = page.getByRole("main");
    const fold = main.getByText("Filter: All");
    await expect(fold).toBeVisible();
    const category = main.getByRole("group", { name: "Category" });
    await expect(category).toBeHidden();
    const first = (await main.getByRole("article").first().boundingBox())?.y ?? Number.POSITIVE_INFINITY;
    expect(first, "the first story's top").toBeLessThan(300);

    await fold.click();
    await expect(category).toBeVisible();
    await expect(main.getByRole("group", { name: "Tag" })).toBeVisible();
    // The names are on the page, not only for assistive technology.
    await expect(category.getByText("Category", { exact: true })).toBeVisible();
    await checkA11y();

    await category.getByRole("link", { name: "Gothic" }).click();
    await expect(page).toHaveURL("/stories?category=gothic");
    // WordPress's nine and the three own Gothic stories beside them (decision 004).
    await expect(main.getByText("12 stories")).toBeVisible();
    await expect(main.getByText("Filter: Gothic")).toBeVisible();
    await main.getByText("Filter: Gothic").click();
    await main.getByRole("group", { name: "Tag" }).getByRole("link", { name: "Mirrors" }).click();
    await expect(page).toHaveURL("/stories?category=gothic&tag=mirrors");
    await expect(main.getByText("Filter: Gothic · Mirrors")).toBeVisible();

    // No story is psychological and of the sea: a way back to every story.
    await page.goto("/stories?category=psychological&tag=the-sea");
    await expect(main.getByText("No stories match these filters.")).toBeVisible();
    await checkA11y();
    await main.getByRole("link", { name: "Clear the filters" }).click();
    await expect(page).toHaveURL("/stories");
    await expect(main.getByText("24 stories")).toBeVisible();
  });

  test("the library folds shelf, category and sort into one disclosure", async ({ page }) => {
    await signUp(page);
    await page.goto("/bookmarks");
    const main = page.getByRole("main");
    const fold = main.getByText("Filter and sort: Newest added");
    await expect(fold).toBeVisible();
    await expect(main.getByRole("group", { name: "Shelf" })).toBeHidden();
    await fold.click();
    await expect(main.getByRole("group", { name: "Shelf" })).toBeVisible();
    await main.getByRole("group", { name: "Sort" }).getByRole("link", { name: "Title" }).click();
    await expect(page).toHaveURL("/bookmarks?sort=title");
    await main.getByText("Filter and sort: Title").click();
    await main
      .getByRole("group", { name: "Shelf" })
      .getByRole("link", { name: /Finished/ })
      .click();
    await expect(page).toHaveURL("/bookmarks?shelf=finished&sort=title");
    await expect(main.getByText(/^Filter and sort: Finished \(0\) · Title/)).toBeVisible();
  });
});

test("with room, the groups stand open with their names and no disclosure", async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 800 });
  await page.goto("/stories?tag=winter");
  const main = page.getByRole("main");
  await expect(main.getByText(/^Filter and sort/)).toBeHidden();
  for (const name of ["Category", "Tag"]) {
    const group = main.getByRole("group", { name });
    await expect(group).toBeVisible();
    await expect(group.getByText(name, { exact: true })).toBeVisible();
    await expect(group.getByRole("link", { name: "All", exact: true })).toBeVisible();
  }
  await expect(main.getByRole("group", { name: "Tag" }).getByRole("link", { name: "Winter" })).toHaveAttribute(
    "aria-current",
    "page",
  );
});
