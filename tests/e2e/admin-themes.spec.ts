// /admin/themes and /admin/site-statistics (docs/decisions/019), JS on and off, on a site
// of its own: a saved palette is every reader's, and the shared suite server's
// other specs (and their axe checks) must keep the default one.
import { randomUUID } from "node:crypto";
import type { Page } from "@playwright/test";
import { signInAndOpen } from "../support/accounts";
import { ADMIN_ENV, SITE_ADMIN, startSite } from "../support/site-server";
import { expect, onOwnSite } from "../support/test";

const test = onOwnSite("themes", () => startSite({ env: ADMIN_ENV }));

test.describe.configure({ mode: "serial" });

const signInAsAdmin = (page: Page, to: string) => signInAndOpen(page, SITE_ADMIN, to);

async function createCategory(page: Page, name: string) {
  const form = page.getByRole("form", { name: "New category" });
  await form.getByLabel("Name", { exact: true }).fill(name);
  await form.getByRole("button", { name: "Create category" }).click();
  await expect(page.getByRole("table", { name: /^Categories/ }).getByRole("cell", { name, exact: true })).toBeVisible();
}

test("an admin merges two categories: the stories move, the source is gone, the audit log has it", async ({
  page,
  site,
  checkA11y,
}) => {
  const id = randomUUID().slice(0, 6);
  const source = `Bog horror ${id}`;
  const target = `Swamp horror ${id}`;
  await signInAsAdmin(page, "/admin/themes");
  await expect(page.getByRole("heading", { level: 1, name: "Theme management" })).toBeVisible();
  await createCategory(page, source);
  await createCategory(page, target);
  const [src] = await site.query<{ id: number; slug: string }>('SELECT id, slug FROM "Category" WHERE name = ?', [
    source,
  ]);
  const [tgt] = await site.query<{ id: number; slug: string }>('SELECT id, slug FROM "Category" WHERE name = ?', [
    target,
  ]);
  for (const n of [1, 2]) {
    await site.query(
      `INSERT INTO "Post" ("slug", "title", "content", "status", "categoryId", "updatedAt") VALUES (?, ?, 'x', 'published', ?, ?)`,
      [`bog-${id}-${n}`, `Bog ${n}`, src?.id ?? 0, new Date().toISOString()],
    );
  }
  await page.reload();
  // In use: it cannot be deleted, only merged.
  const sourceRow = page.getByRole("row").filter({ hasText: source });
  await expect(sourceRow).toContainText("In use");
  await expect(sourceRow.getByRole("button", { name: `Delete ${source}` })).toHaveCount(0);

  // Merging a category into itself is refused, with the choice kept.
  const merge = page.getByRole("form", { name: "Merge categories" });
  await merge.getByLabel("Merge category").selectOption({ label: `${source} (${src?.slug})` });
  await merge.getByLabel("Into category").selectOption({ label: `${source} (${src?.slug})` });
  await merge.getByRole("button", { name: "Merge categories" }).click();
  await expect(page.getByText("Choose a different one to merge into.")).toBeVisible();

  // The first press merges nothing: it asks, naming both and what moves, as Delete does (the
  // audit's defect 16); "No, keep both" goes back with nothing done.
  await merge.getByLabel("Into category").selectOption({ label: `${target} (${tgt?.slug})` });
  await merge.getByRole("button", { name: "Merge categories" }).click();
  const question = merge.getByRole("alert");
  await expect(question).toHaveText(
    `Merge the category “${source}” into “${target}”? 2 stories move, and “${source}” is deleted. This cannot be undone.`,
  );
  await expect(question).toBeFocused();
  expect(await site.query('SELECT id FROM "Category" WHERE id = ?', [src?.id ?? 0])).toHaveLength(1);
  await merge.getByRole("link", { name: "No, keep both" }).click();
  await expect(merge.getByRole("button", { name: "Merge categories" })).toBeVisible();
  expect(await site.query('SELECT id FROM "Category" WHERE id = ?', [src?.id ?? 0])).toHaveLength(1);
  await merge.getByLabel("Merge category").selectOption({ label: `${source} (${src?.slug})` });
  await merge.getByLabel("Into category").selectOption({ label: `${target} (${tgt?.slug})` });
  await merge.getByRole("button", { name: "Merge categories" }).click();
  await merge.getByRole("button", { name: `Yes, merge “${source}” into “${target}”` }).click();
  await expect(page.getByRole("row").filter({ hasText: source })).toHaveCount(0);
  await expect(page.getByRole("row").filter({ hasText: target })).toContainText("2");

  const posts = await site.query<{ categoryId: number }>('SELECT "categoryId" FROM "Post" WHERE slug LIKE ?', [
    `bog-${id}-%`,
  ]);
  expect(posts.map((p) => p.categoryId)).toEqual([tgt?.id, tgt?.id]);
  const audit = await site.query<{ action: string }>(
    'SELECT action FROM "AdminAudit" WHERE "objectType" = ? AND "objectId" = ?',
    ["category", String(src?.id)],
  );
  expect(audit.map((a) => a.action).sort()).toEqual(["category.create", "category.merge"]);

  // Renaming keeps the slug.
  const targetRow = page.getByRole("row").filter({ hasText: target });
  await targetRow.getByLabel(`New name for ${target}`).fill(`${target} (renamed)`);
  await targetRow.getByRole("button", { name: `Rename ${target}` }).click();
  await expect(page.getByRole("cell", { name: `${target} (renamed)`, exact: true })).toBeVisible();
  const [renamed] = await site.query<{ slug: string }>('SELECT slug FROM "Category" WHERE id = ?', [tgt?.id ?? 0]);
  expect(renamed?.slug).toBe(tgt?.slug);
  await checkA11y();
});

test("a category's name is taken by another of any case: create and rename are refused on the field, the text kept", async ({
  page,
  site,
  checkA11y,
}) => {
  const id = randomUUID().slice(0, 6);
  const gothic = `Gothic ${id}`;
  const dread = `Cosmic Dread ${id}`;
  await signInAsAdmin(page, "/admin/themes");
  await createCategory(page, gothic);
  await createCategory(page, dread);

  // Renaming onto another's name (other case, spaces around): refused on that row's field.
  const row = page.getByRole("row").filter({ hasText: gothic });
  const rename = row.getByLabel(`New name for ${gothic}`);
  await rename.fill(`  ${dread.toUpperCase()} `);
  await row.getByRole("button", { name: `Rename ${gothic}` }).click();
  const taken = `There is already a category named “${dread}”: choose another name, or merge into that one.`;
  await expect(rename).toHaveAccessibleDescription(taken);
  await expect(rename).toHaveAttribute("aria-invalid", "true");
  await expect(rename).toHaveValue(`  ${dread.toUpperCase()} `);
  await expect(rename).toBeFocused();
  await checkA11y();

  // Creating it again with a slug of its own: refused on the name, both texts kept.
  const form = page.getByRole("form", { name: "New category" });
  const name = form.getByLabel("Name", { exact: true });
  await name.fill(dread.toLowerCase());
  await form.getByLabel(/^Slug/).fill(`dread-again-${id}`);
  await form.getByRole("button", { name: "Create category" }).click();
  await expect(name).toHaveAccessibleDescription(taken);
  await expect(name).toHaveValue(dread.toLowerCase());
  await expect(form.getByLabel(/^Slug/)).toHaveValue(`dread-again-${id}`);
  await expect(name).toBeFocused();

  const names = await site.query<{ name: string }>('SELECT name FROM "Category" WHERE lower(name) = lower(?)', [dread]);
  expect(names).toEqual([{ name: dread }]);
  expect(await site.query('SELECT id FROM "Category" WHERE name = ?', [gothic])).toHaveLength(1);
});

test("deleting a category asks first and the toast names it; the count is of published stories", async ({
  page,
  site,
  checkA11y,
}) => {
  const id = randomUUID().slice(0, 6);
  const name = `Marsh lights ${id}`;
  const counted = `Fen tales ${id}`;
  await signInAsAdmin(page, "/admin/themes");
  await createCategory(page, name);
  await createCategory(page, counted);
  const [cat] = await site.query<{ id: number; slug: string }>('SELECT id, slug FROM "Category" WHERE name = ?', [
    counted,
  ]);
  for (const [n, status] of [
    [1, "published"],
    [2, "draft"],
    [3, "rejected"],
  ] as const) {
    await site.query(
      `INSERT INTO "Post" ("slug", "title", "content", "status", "categoryId", "updatedAt") VALUES (?, ?, 'x', ?, ?, ?)`,
      [`fen-${id}-${n}`, `Fen ${n}`, status, cat?.id ?? 0, new Date().toISOString()],
    );
  }
  await page.reload();
  const table = page.getByRole("table", { name: /^Categories/ });
  await expect(table.getByRole("columnheader", { name: "Published stories" })).toBeVisible();
  const countedRow = table.getByRole("row").filter({ hasText: counted });
  await expect(countedRow.getByRole("cell").nth(2)).toHaveText("1 (+2 unpublished)");
  await expect(countedRow).toContainText("In use");

  // The first press deletes nothing: it asks, naming the category.
  const row = table.getByRole("row").filter({ hasText: name });
  await row.locator("summary", { hasText: "Delete" }).click();
  await expect(row.getByText(`Delete the category “${name}”`)).toBeVisible();
  expect(await site.query('SELECT id FROM "Category" WHERE name = ?', [name])).toHaveLength(1);
  await checkA11y();
  await row.getByRole("button", { name: `Yes, delete “${name}”` }).click();
  await expect(page.getByRole("status").filter({ hasText: "Category deleted" })).toContainText(`“${name}”`);
  await expect(table.getByRole("row").filter({ hasText: name })).toHaveCount(0);
  expect(await site.query('SELECT id FROM "Category" WHERE name = ?', [name])).toEqual([]);
});

test("a palette that fails WCAG AA is refused with the failing pairs named; a good one reaches a reader's first HTML", async ({
  page,
  site,
  checkA11y,
}) => {
  await signInAsAdmin(page, "/admin/themes");
  const muted = page.getByLabel("Light: Secondary text", { exact: true });

  // Too pale for text on the page background and on cards.
  await muted.fill("#b0a090");
  await page.getByRole("button", { name: "Save palette" }).click();
  const alert = page.getByRole("alert").filter({ hasText: "The palette was not saved" });
  await expect(alert).toBeVisible();
  await expect(alert).toContainText("Light theme: Secondary text on Page background is");
  await expect(alert).toContainText("Light theme: Secondary text on Surface (cards, panels) is");
  await expect(alert).toContainText("needs 4.5:1");
  // No one field is to blame: focus is on the message.
  await expect(alert).toBeFocused();
  // What the admin typed is kept.
  await expect(muted).toHaveValue("#b0a090");
  expect(await site.query('SELECT key FROM "KeyValue" WHERE key = ?', ["site:palette"])).toEqual([]);
  await checkA11y();

  // A colour that is no colour: refused on its field, where focus lands.
  const ink = page.getByLabel("Light: Text", { exact: true });
  await ink.fill("blood");
  await page.getByRole("button", { name: "Save palette" }).click();
  await expect(ink).toHaveAttribute("aria-invalid", "true");
  await expect(ink).toHaveAccessibleDescription(/.+/);
  await expect(ink).toBeFocused();

  // A preview shows the proposed colours and the ratios, and saves nothing.
  await muted.fill("#3d3027");
  await page.getByLabel("Light: Text", { exact: true }).fill("#000000");
  await page.getByRole("button", { name: "Preview" }).click();
  await expect(page.getByRole("heading", { name: "Preview (not saved)" })).toBeVisible();
  await expect(page.getByRole("table", { name: /Contrast of every checked pair/ })).toContainText("#3d3027");
  await expect(page.getByRole("alert").filter({ hasText: "fail" })).toHaveCount(0);
  expect(await site.query('SELECT key FROM "KeyValue" WHERE key = ?', ["site:palette"])).toEqual([]);

  await page.getByRole("button", { name: "Save palette" }).click();
  await expect(page.getByText("The site uses a saved palette.")).toBeVisible();
  const audit = await site.query<{ action: string }>('SELECT action FROM "AdminAudit" WHERE action = ?', [
    "palette.update",
  ]);
  expect(audit).toHaveLength(1);

  // An anonymous reader's first HTML (the page cache's path) carries it.
  await expect
    .poll(async () => (await (await fetch(`${site.url}/stories`)).text()).includes("--c-ink:#000000;--c-muted:#3d3027"))
    .toBe(true);

  // Back to the default: readers' pages carry no palette rules again.
  await page.getByRole("button", { name: "Back to the default palette" }).click();
  await expect(page.getByText("The site uses the default palette.")).toBeVisible();
  await expect
    .poll(async () => (await (await fetch(`${site.url}/stories`)).text()).includes("--c-ink:#000000"))
    .toBe(false);
});

test("site statistics: each chart is SVG in the first HTML, with a data table beside it", async ({
  page,
  checkA11y,
}) => {
  await signInAsAdmin(page, "/admin/site-statistics");
  await expect(page.getByRole("heading", { level: 1, name: "Site statistics" })).toBeVisible();
  const titles = [
    "Stories by source",
    "Own and community stories by category (published)",
    "Registrations by week (last 12; accounts that still exist)",
    "Sign-ins by week (last 12)",
  ];
  for (const title of titles) {
    const section = page.getByRole("region", { name: title });
    // The numbers are folded under the chart (issue 40): one click shows them.
    await section.locator("summary", { hasText: "Show the figures" }).click();
    await expect(section.getByRole("table", { name: `${title}: the numbers` })).toBeVisible();
  }
  // The source chart has data on any site (the demo stories): its SVG is drawn.
  await expect(
    page
      .locator("svg[role=img]")
      .filter({ has: page.locator("rect") })
      .first(),
  ).toBeVisible();
  await expect(page.getByRole("img", { name: "Stories by source" })).toBeVisible();
  await expect(
    page.getByRole("img", { name: "Registrations by week (last 12; accounts that still exist)" }),
  ).toBeVisible();
  await expect(
    page.getByRole("img", { name: "Registrations by week (last 12; accounts that still exist)" }).locator("path"),
  ).toHaveCount(1);
  await expect(page.getByText("Database size")).toBeVisible();
  await checkA11y();
  // Without any script: the server's HTML already holds the charts.
  const html = await (await page.request.get("/admin/site-statistics")).text();
  expect(html.match(/<svg[^>]*role="img"/g)?.length ?? 0).toBeGreaterThanOrEqual(3);
});

test("both pages fit a 390 px phone without sideways scrolling", async ({ page }) => {
  await signInAsAdmin(page, "/admin/themes");
  await page.setViewportSize({ width: 390, height: 844 });
  for (const path of ["/admin/themes", "/admin/site-statistics"]) {
    await page.goto(path);
    const widths = await page.evaluate(() => ({
      scroll: document.documentElement.scrollWidth,
      client: document.documentElement.clientWidth,
    }));
    expect(widths.scroll, path).toBeLessThanOrEqual(widths.client);
  }
});

test("every colour of the palette form shows its whole value, on a phone and beside the sidebar", async ({ page }) => {
  await signInAsAdmin(page, "/admin/themes");
  const form = page.getByRole("form", { name: "Site palette" });
  // At 768 px the sidebar is a column of its own and leaves the page 480 px: four columns of
  // colours there once cut "#f6efe3" to "#f6e".
  for (const width of [320, 768, 1024, 1280]) {
    await page.setViewportSize({ width, height: 900 });
    const cut = await form
      .getByRole("textbox", { name: /^(Light|Dark): / })
      .evaluateAll((inputs) =>
        (inputs as HTMLInputElement[])
          .filter((input) => input.scrollWidth > input.clientWidth)
          .map((input) => `${input.name} (${input.value}): ${input.scrollWidth} px in ${input.clientWidth}`),
      );
    expect(cut, `colours cut at ${width} px`).toEqual([]);
  }
});
