// Reading preferences (docs/decisions/011), JavaScript on and off: each settings page
// changes what it says, and the NEXT page's first HTML already carries the
// choice (attributes and custom properties on <html>), so nothing flashes.
// With JavaScript off the computed styles below are those of the server's
// HTML and CSS alone: no script ever ran.
import { randomUUID } from "node:crypto";
import type { BrowserContext, Page } from "@playwright/test";
import { ADMIN } from "../../playwright.config";
import { newReader, register, signIn, signInAndOpen, signUp } from "../support/accounts";
import { queryE2eDb } from "../support/db";
import { HEADER_ROW_SPREAD_PX, measureLayout, splitWordsInPage } from "../support/layout-invariants";
import { layoutPages } from "../support/layout-pages";
import { anotherPersonPage, chooseDisplayMode, DISPLAY_MODES, expect, giveConsent, test } from "../support/test";

const STORY = "/story/the-doll-hospital";

test.use({ colorScheme: "light" });

/** The flash toast an action sent (with JavaScript, earlier toasts may still be on screen). */
async function expectToast(page: Page, text: string) {
  await expect(
    page.getByRole("region", { name: "Notifications" }).getByRole("status").filter({ hasText: text }).first(),
  ).toBeVisible();
}

/** The document exactly as the server sends it to this context (its cookies), before any script. */
async function rawHtml(context: BrowserContext, path: string) {
  const response = await context.request.get(path);
  expect(response.status()).toBe(200);
  return { html: await response.text(), cacheControl: response.headers()["cache-control"] ?? "" };
}

const htmlTag = (html: string) => html.match(/<html[^>]*>/)?.[0] ?? "";

test("Fonts: the typeface and size apply to the next page's first HTML; Reset to defaults undoes them", async ({
  page,
  context,
}) => {
  await page.goto("/settings/fonts");
  await expect(page.getByRole("heading", { level: 1, name: "Fonts" })).toBeVisible();
  // The default costs nothing: no web font and no preload in a default reader's document.
  let raw = await rawHtml(context, STORY);
  expect(raw.html).not.toMatch(/woff2/);
  expect(htmlTag(raw.html)).not.toMatch(/data-typeface|style=/);

  await page.getByLabel("Dyslexia friendly (Lexend)").check();
  await page.getByRole("radio", { name: "Huge" }).check();
  await page.getByRole("button", { name: "Save fonts" }).click();
  await expectToast(page, "Reading preferences saved");
  await expect(page.getByLabel("Dyslexia friendly (Lexend)")).toBeChecked();
  await expect(page.getByRole("radio", { name: "Huge" })).toBeChecked();

  raw = await rawHtml(context, STORY);
  expect(htmlTag(raw.html)).toContain('data-typeface="dyslexic"');
  expect(htmlTag(raw.html)).toContain("--pref-font-scale:1.5");
  // The chosen face only, from our origin, preloaded, with font-display: swap.
  expect(raw.html).toMatch(/<link rel="preload" href="\/assets\/lexend-latin-wght-normal-[^"]+\.woff2" as="font"/);
  expect(raw.html).toContain("font-display:swap");
  expect(raw.html.match(/@font-face/g)).toHaveLength(1);
  expect(raw.html.match(/\.woff2/g)).toHaveLength(2); // the preload and the @font-face of the one face
  // A reader with a preference cookie gets a private page, never a shared one.
  expect(raw.cacheControl).toContain("private");

  await page.goto(STORY);
  const text = page.locator(".prose-story").first();
  // 1.125rem at a 150 % root: 27 px, before any script.
  await expect(text).toHaveCSS("font-size", "27px");
  await expect(text).toHaveCSS("font-family", /Lexend Variable/);

  await page.goto("/settings/fonts");
  await page.getByRole("button", { name: "Reset to defaults" }).click();
  await expectToast(page, "Back to the defaults");
  await expect(page.getByLabel("Site default")).toBeChecked();
  raw = await rawHtml(context, STORY);
  expect(htmlTag(raw.html)).not.toMatch(/data-typeface|--pref-font-scale/);
  await page.goto(STORY);
  await expect(page.locator(".prose-story").first()).toHaveCSS("font-size", "18px");
});

/**
 * The options of each select on the page that its closed box cannot show whole, as
 * "name: option": a select shows one line, cut at its edge (less the arrow's room).
 */
function cutSelectOptions() {
  const ARROW_PX = 24;
  const context = document.createElement("canvas").getContext("2d") as CanvasRenderingContext2D;
  return [...document.querySelectorAll("main select")].flatMap((select) => {
    const style = getComputedStyle(select);
    context.font = `${style.fontWeight} ${style.fontSize} ${style.fontFamily}`;
    const room =
      select.clientWidth - Number.parseFloat(style.paddingLeft) - Number.parseFloat(style.paddingRight) - ARROW_PX;
    return [...(select as HTMLSelectElement).options]
      .filter((option) => context.measureText(option.text).width > room)
      .map((option) => `${select.getAttribute("name")}: "${option.text}"`);
  });
}

test("every choice of the reading settings' selects shows whole in its box, from 320 to 1440 px", async ({ page }) => {
  const cut: string[] = [];
  for (const path of ["/settings/accessibility", "/settings/preview", "/settings/fonts", "/settings/quick-settings"]) {
    await page.goto(path);
    for (const width of [320, 390, 768, 1024, 1280, 1440]) {
      await page.setViewportSize({ width, height: 800 });
      // "Medium (about 66 characters, default)" showed as "Medium (about 66 characters, def" at 390 px.
      for (const option of await page.evaluate(cutSelectOptions)) cut.push(`${path} at ${width} px: ${option}`);
    }
  }
  expect(cut).toEqual([]);
  // What the short options mean is said beside them.
  await page.goto("/settings/accessibility");
  await expect(page.getByLabel("Line length")).toHaveAccessibleDescription(
    "Narrow is about 50 characters a line, medium about 66, wide about 80.",
  );
});

test("Reading Preferences: spacing, contrast, motion and links reach the next page's <html>", async ({
  page,
  context,
}) => {
  await page.goto("/settings/accessibility");
  await expect(page.getByRole("heading", { level: 1, name: "Reading Preferences" })).toBeVisible();
  await page.getByLabel("Line height").selectOption("2");
  await page.getByLabel("Paragraph spacing").selectOption("2");
  await page.getByLabel("Line length").selectOption("narrow");
  await page.getByLabel("High contrast").check();
  await page.getByLabel("Reduce motion").check();
  await page.getByLabel("Underline links").check();
  await page.getByLabel("Collapse stories with the warnings I choose behind a notice").check();
  await page.getByLabel("Gore").check();
  await page.getByRole("button", { name: "Save reading preferences" }).click();
  await expectToast(page, "Reading preferences saved");
  await expect(page.getByLabel("Line height")).toHaveValue("2");
  await expect(page.getByLabel("High contrast")).toBeChecked();
  await expect(page.getByLabel("Gore")).toBeChecked();
  await expect(page.getByLabel("Violence")).not.toBeChecked();

  const tag = htmlTag((await rawHtml(context, "/stories")).html);
  expect(tag).toContain('data-contrast="high"');
  expect(tag).toContain('data-motion="reduce"');
  expect(tag).toContain('data-underline-links="true"');
  expect(tag).toContain("--pref-line-height:2");
  expect(tag).toContain("--pref-measure:50ch");

  await page.goto(STORY);
  const text = page.locator(".prose-story").first();
  await expect(text).toHaveCSS("line-height", "36px");
  await expect(page.locator("html")).toHaveCSS("background-color", "rgb(255, 255, 255)");
  await expect(page.locator(".prose-story p").first()).toHaveCSS("margin-bottom", "36px");
});

test("a preset is one click, and the reader can adjust its values afterwards", async ({ page }) => {
  await page.goto("/settings/accessibility");
  await page.getByRole("button", { name: "Dyslexia friendly" }).click();
  await expectToast(page, "Preset applied");
  await expect(page.getByRole("button", { name: "Dyslexia friendly" })).toHaveAttribute("aria-pressed", "true");
  await expect(page.getByLabel("Line height")).toHaveValue("1.5");
  await expect(page.getByLabel("Word spacing")).toHaveValue("0.16");
  await page.getByLabel("Line height").selectOption("2");
  await page.getByRole("button", { name: "Save reading preferences" }).click();
  await expectToast(page, "Reading preferences saved");
  await expect(page.getByLabel("Line height")).toHaveValue("2");
  await expect(page.getByRole("button", { name: "Dyslexia friendly" })).toHaveAttribute("aria-pressed", "false");
  await page.goto("/settings/fonts");
  await expect(page.getByLabel("Dyslexia friendly (Lexend)")).toBeChecked();
});

test("the WCAG 1.4.12 text spacing reflows a story at 320 px without loss of content", async ({ page }) => {
  await page.goto("/settings/accessibility");
  await page.getByRole("button", { name: "Text spacing (WCAG 1.4.12)" }).click();
  await expectToast(page, "Preset applied");
  await page.setViewportSize({ width: 320, height: 640 });
  await page.goto(STORY);
  const text = page.locator(".prose-story").first();
  await expect(text).toHaveCSS("letter-spacing", "2.16px"); // 0.12 × 18 px
  await expect(text).toHaveCSS("word-spacing", "2.88px"); // 0.16 × 18 px
  await expect(text).toHaveCSS("line-height", "27px"); // 1.5 × 18 px
  const wide = await page.evaluate(() =>
    [...document.querySelectorAll("body *")]
      .filter((el) => el.getBoundingClientRect().right > 320.5)
      .map((el) => `${el.tagName}.${el.className} ${Math.round(el.getBoundingClientRect().right)}`)
      .slice(0, 8),
  );
  expect(wide).toEqual([]);
  // Nothing sticks out to the right: every paragraph and the title fit in 320 px (no horizontal scroll).
  for (const locator of [page.getByRole("heading", { level: 1 }), ...(await page.locator(".prose-story p").all())]) {
    const box = await locator.boundingBox();
    expect(box, "laid out").not.toBeNull();
    expect((box?.x ?? 0) + (box?.width ?? 0)).toBeLessThanOrEqual(320);
  }
  const widths = await page.evaluate(() => ({
    scroll: document.documentElement.scrollWidth,
    client: document.documentElement.clientWidth,
  }));
  expect(widths.scroll).toBeLessThanOrEqual(widths.client);
});

/** Pages that scrolled sideways in the largest text (1.75 times the default) before 2026-11-29. */
const LARGEST_TEXT_PAGES = [
  "/",
  STORY,
  // Its 9-letter title split, "Inventor / y", at 320 px until every title was fitted (2026-11-30).
  "/story/inventory",
  "/notifications",
  "/profile",
  "/recommendations",
  "/settings/notifications",
  // A control out of reach to the side (2026-11-30): a filter chip beside its group's name, the
  // email column of the notification choices, the consent banner's Decline.
  "/stories",
  "/bookmarks",
  "/cookie-test",
  "/legal/terms",
  "/legal/cookie-policy",
  "/contact",
];

/** The page's title, its sections' titles and its stories' cards' titles ("Notificati / ons", "Lamplighter / 's"). */
const TITLES = "main :is(h1, h2), .story-card :is(h2, h3)";

test("in the largest text no page scrolls sideways or puts a control past the edge, from 320 to 1024 px (WCAG 1.4.10)", async ({
  page,
}) => {
  await signUp(page, newReader());
  await page.goto("/settings/fonts");
  await page.getByRole("radio", { name: "Largest" }).check();
  await page.getByRole("button", { name: "Save fonts" }).click();
  await expectToast(page, "Reading preferences saved");
  // Without motion: across 768 px the sidebar slides between a sheet and a column.
  await page.emulateMedia({ reducedMotion: "reduce" });
  const sideways: string[] = [];
  const split: string[] = [];
  const outOfReach: string[] = [];
  for (const path of LARGEST_TEXT_PAGES) {
    await page.goto(path);
    for (const width of [320, 390, 768, 1024]) {
      const m = await measureLayout(page, { width, height: 800 }, false);
      if (m.scrollWidth > m.clientWidth)
        sideways.push(`${path} at ${width} px: ${m.scrollWidth - m.clientWidth} px ${m.wide.join(" ")}`);
      for (const control of m.outOfReach) outOfReach.push(`${path} at ${width} px: ${control}`);
      // Nor does a page's title break a word in two: at 320 px "Notifications" did, at 63 px a letter.
      for (const word of await page.evaluate(splitWordsInPage, TITLES)) split.push(`${path} at ${width} px: "${word}"`);
    }
  }
  expect(sideways, "pages that scroll sideways in the largest text").toEqual([]);
  expect(split, "title words broken over two lines in the largest text").toEqual([]);
  expect(outOfReach, "controls past the screen's edge in the largest text").toEqual([]);

  // A box to tick grows with its label: the browser's own stayed 13 px (the story form's tags,
  // warnings and agreement; the admin's list rows).
  await page.goto("/submit-story");
  const boxes = await page.evaluate(() => {
    const rem = Number.parseFloat(getComputedStyle(document.documentElement).fontSize);
    return [...document.querySelectorAll<HTMLInputElement>("main input:is([type=checkbox], [type=radio])")].map(
      (box) => ({ name: box.name, value: box.value, ratio: box.getBoundingClientRect().width / rem }),
    );
  });
  expect(boxes.length).toBeGreaterThan(5);
  expect(boxes.filter((box) => box.ratio < 1)).toEqual([]);
});

test("in the largest text no admin page scrolls sideways or puts a control past the edge on a phone", async ({
  page,
}) => {
  // An administrator of the test's own (the shared one keeps the default text for the other tests).
  const admin = newReader();
  await signUp(page, admin);
  await queryE2eDb('UPDATE "User" SET "isAdmin" = 1 WHERE "email" = ?', [admin.email]);
  await page.goto("/settings/fonts");
  await page.getByRole("radio", { name: "Largest" }).check();
  await page.getByRole("button", { name: "Save fonts" }).click();
  await expectToast(page, "Reading preferences saved");
  await page.emulateMedia({ reducedMotion: "reduce" });
  const [self] = await queryE2eDb<{ id: string; username: string }>(
    'SELECT "id", "username" FROM "User" WHERE "email" = ?',
    [admin.email],
  );
  const sideways: string[] = [];
  const outOfReach: string[] = [];
  for (const { path } of layoutPages().filter((visit) => visit.role === "admin")) {
    const url = path.replace(":admin-id", self?.id ?? "").replace(":admin-name", self?.username ?? "");
    await page.goto(url);
    // The user page's profile (term and value side by side) scrolled 16 px at 390 (2026-12-01).
    for (const width of [320, 390]) {
      const m = await measureLayout(page, { width, height: 800 }, false);
      if (m.scrollWidth > m.clientWidth)
        sideways.push(`${url} at ${width} px: ${m.scrollWidth - m.clientWidth} px ${m.wide.join(" ")}`);
      for (const control of m.outOfReach) outOfReach.push(`${url} at ${width} px: ${control}`);
    }
  }
  expect(sideways, "admin pages that scroll sideways in the largest text").toEqual([]);
  expect(outOfReach, "admin controls past the screen's edge in the largest text").toEqual([]);
});

test("in the presets' typefaces and spacing no page title splits a word, nor a reading page scrolls sideways", async ({
  page,
}) => {
  // Before 2026-11-30 the fit counted 0.6em a letter, the site's serif: "Recommendations" split in
  // Lexend (Dyslexia friendly), "management" in Atkinson Hyperlegible at "Huge" (Low vision).
  await signUp(page, newReader());
  const split: string[] = [];
  for (const preset of ["Dyslexia friendly", "Low vision", "Text spacing (WCAG 1.4.12)"]) {
    await page.goto("/settings/accessibility");
    await page.getByRole("button", { name: preset }).click();
    await expectToast(page, "Preset applied");
    for (const path of ["/recommendations", "/settings/cookie-management", "/notifications"]) {
      await page.goto(path);
      await page.evaluate(() => document.fonts.ready);
      for (const width of [320, 390]) {
        await page.setViewportSize({ width, height: 800 });
        for (const word of await page.evaluate(splitWordsInPage, TITLES))
          split.push(`${preset}: ${path} at ${width} px: "${word}"`);
      }
    }
  }
  expect(split, "title words broken over two lines").toEqual([]);
  // The text spacing preset's letters in the largest text: the reading pages keep to the screen
  // (a list's column grew to a card's longest word, a chip to its name: 338 px at 320 px).
  await page.goto("/settings/fonts");
  await page.getByRole("radio", { name: "Largest" }).check();
  await page.getByRole("button", { name: "Save fonts" }).click();
  await expectToast(page, "Reading preferences saved");
  const sideways: string[] = [];
  for (const path of ["/", "/stories", "/recommendations", "/bookmarks"]) {
    await page.goto(path);
    const m = await measureLayout(page, { width: 320, height: 800 }, false);
    if (m.scrollWidth > m.clientWidth) sideways.push(`${path}: ${m.scrollWidth} px ${m.wide.join(" ")}`);
  }
  // And in Lexend, the status pages' big code: "404" and "500" were 358 and 353 px wide (2026-11-30).
  await page.goto("/settings/fonts");
  await page.getByRole("radio", { name: /^Dyslexia friendly/ }).check();
  await page.getByRole("button", { name: "Save fonts" }).click();
  await expectToast(page, "Reading preferences saved");
  for (const path of ["/story/no-such-story", "/errors/500"]) {
    await page.goto(path);
    const m = await measureLayout(page, { width: 320, height: 800 }, false);
    if (m.scrollWidth > m.clientWidth) sideways.push(`${path}: ${m.scrollWidth} px ${m.wide.join(" ")}`);
  }
  // And the sections' titles, there: "performance", "Acceptance" and "copyright" broke in two
  // (2026-11-30); and the stories' cards' titles, whose words are in a link: "Hollowmere".
  for (const path of ["/legal/cookie-policy", "/legal/terms", "/legal/copyright", "/", "/stories"]) {
    await page.goto(path);
    await page.setViewportSize({ width: 320, height: 800 });
    for (const word of await page.evaluate(splitWordsInPage, TITLES)) split.push(`Lexend, largest: ${path}: "${word}"`);
  }
  expect(split, "title words broken over two lines in Lexend in the largest text").toEqual([]);
  expect(sideways, "reading pages wider than a 320 px screen").toEqual([]);
});

test("in the largest text with the text spacing preset, the forms of settings, account and admin pages and the admin lists keep to the screen", async ({
  page,
  browser,
  baseURL,
  javaScriptEnabled,
}) => {
  // Before 2026-11-30 (docs/decisions/050): a fieldset as wide as its longest word ("Hyperlegible"
  // beside its radio, 338 px), "Send confirmation link" and "Save reading preferences" (322 and
  // 349 px), the copyright claim's statements, the analytics range's date fields (353 px).
  // An administrator of the test's own, so that the shared one keeps the default text.
  const reader = newReader();
  await signUp(page, reader);
  const admin = await anotherPersonPage(browser, {
    javaScriptEnabled: javaScriptEnabled ?? true,
    baseURL: baseURL as string,
  });
  await signInAndOpen(admin, ADMIN, `/admin/users?q=${reader.username}`);
  await admin.getByRole("link", { name: reader.username, exact: true }).click();
  await admin.getByLabel("Your password (to make this user an administrator)").fill(ADMIN.password);
  await admin.getByRole("button", { name: "Make admin" }).click();
  await expect(admin.getByText("Administrator · Active")).toBeVisible();

  await page.goto("/settings/accessibility");
  await page.getByRole("button", { name: "Text spacing (WCAG 1.4.12)" }).click();
  await expectToast(page, "Preset applied");
  await page.goto("/settings/fonts");
  await page.getByRole("radio", { name: "Largest" }).check();
  await page.getByRole("button", { name: "Save fonts" }).click();
  await expectToast(page, "Reading preferences saved");
  const failures: string[] = [];
  for (const path of [
    "/settings/fonts",
    "/settings/accessibility",
    "/settings/profile",
    "/settings/privacy",
    "/legal/copyright",
    "/admin/analytics",
    "/admin/users",
    "/admin/themes",
    // The admin lists, which stack their rows below their own width in the reader's text (049).
    "/admin/posts",
    "/admin/content",
    "/admin/settings",
    "/admin/wordpress-sync",
    "/admin/bug-reports",
  ]) {
    await page.goto(path);
    await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
    // At 768 px the sidebar's column (16rem of the reader's text) leaves the page less than a phone.
    for (const width of [320, 768]) {
      const m = await measureLayout(page, { width, height: 800 }, false);
      const where = `${path} at ${width} px`;
      if (m.scrollWidth > m.clientWidth) failures.push(`${where}: ${m.scrollWidth} px wide (${m.wide.join(" ")})`);
      for (const control of m.outOfReach) failures.push(`${where}: ${control}`);
      // A list's box to scroll (ScrollX) is allowed by the layout's invariants; here no list needs it.
      const scrolled = await page.evaluate(() =>
        [...document.querySelectorAll("main section.overflow-x-auto")]
          .filter((box) => box.querySelector("table") && box.scrollWidth > box.clientWidth + 1)
          .map((box) => `${box.getAttribute("aria-label")} (${box.scrollWidth} px in ${box.clientWidth})`),
      );
      for (const list of scrolled) failures.push(`${where}: the list "${list}" scrolls sideways`);
    }
  }
  expect(failures, "pages wider than the screen, controls past its edge, lists to scroll").toEqual([]);

  // The role goes again: the shared list of administrators is as it was.
  const demote = admin.locator("form").filter({ has: admin.getByRole("button", { name: "Remove admin" }) });
  await demote.getByLabel("Your password (this user is an administrator)").fill(ADMIN.password);
  await demote.getByRole("button", { name: "Remove admin" }).click();
  await expect(admin.getByText("Reader · Active")).toBeVisible();
  await admin.context().close();
});

test("in larger text the header stays one row on a phone, signed out and in", async ({ page }) => {
  // Before: at 320 px from "Large" and at 390 px from "Huge" it wrapped to two or three rows
  // (190 px at 390 px in the largest text, a quarter of the screen before the story).
  await page.emulateMedia({ reducedMotion: "reduce" });
  const wrapped: string[] = [];
  const check = async (who: string, size: string) => {
    await page.goto("/settings/fonts");
    await page.getByRole("radio", { name: size, exact: true }).check();
    await page.getByRole("button", { name: "Save fonts" }).click();
    await expectToast(page, "Reading preferences saved");
    for (const path of ["/", STORY]) {
      await page.goto(path);
      for (const width of [320, 390, 768]) {
        const m = await measureLayout(page, { width, height: 800 }, false);
        const where = `${who}, "${size}", ${path} at ${width} px`;
        if ((m.headerSpread ?? 0) >= HEADER_ROW_SPREAD_PX) wrapped.push(`${where}: items ${m.headerSpread} px apart`);
        // Nor is it taller than its row: below 768 px the room the page keeps for the header as
        // it arrives is its row's, 61 px where the buttons are icons (before, 3.75rem: 106 px).
        const band = await page.evaluate(() => {
          const header = document.querySelector(".site-header");
          return (
            (header?.getBoundingClientRect().height ?? 0) -
            (header?.firstElementChild?.getBoundingClientRect().height ?? 0)
          );
        });
        if (width < 768 && band > 1.5) wrapped.push(`${where}: ${band} px of header below its row`);
      }
    }
  };
  for (const size of ["Large", "Extra large", "Largest"]) await check("signed out", size);
  expect(wrapped, "signed out: headers on more than one row, or taller than their row").toEqual([]);
  // "Sign In" is its icon there, with its name, and still leads to the sign-in page.
  await page.setViewportSize({ width: 320, height: 800 });
  const signInLink = page.getByRole("banner").getByRole("link", { name: "Sign In", exact: true });
  await expect(signInLink).toBeInViewport();
  await expect(signInLink.getByText("Sign In")).toBeHidden();
  await signInLink.click();
  await expect(page.getByRole("heading", { level: 1, name: /sign in/i })).toBeVisible();
  await signUp(page, newReader());
  for (const size of ["Large", "Extra large", "Largest"]) await check("signed in", size);
  expect(wrapped, "signed in: headers on more than one row, or taller than their row").toEqual([]);
});

test("in the largest text the unread badge stays at the bell's corner, and the bell shows", async ({
  page,
  javaScriptEnabled,
}) => {
  const reader = await signUp(page, newReader());
  const [user] = await queryE2eDb<{ id: string }>('SELECT id FROM "User" WHERE email = ?', [reader.email]);
  for (const n of [1, 2]) {
    await queryE2eDb(
      'INSERT INTO "Notification" (id, userId, type, title, message, date, read) VALUES (?, ?, ?, ?, ?, ?, 0)',
      [
        `badge-${randomUUID()}`,
        user?.id ?? "",
        "other",
        `Notice ${n}`,
        "A notice for the badge.",
        new Date().toISOString(),
      ],
    );
  }
  const measure = async () => {
    await page.goto("/about");
    // A link to /notifications without JavaScript, the panel's button with it.
    const bell = page
      .getByRole("banner")
      .getByRole(javaScriptEnabled ? "button" : "link", { name: "Notifications, 2 unread", exact: true });
    return bell.evaluate((el) => {
      const badge = el.querySelector("span[aria-hidden]")?.getBoundingClientRect();
      const icon = el.querySelector("svg")?.getBoundingClientRect();
      if (!badge || !icon) return null;
      // What is on top at the bell's middle: the bell, not its badge.
      const top = document.elementFromPoint(icon.x + icon.width / 2, icon.y + icon.height / 2);
      return { width: badge.width, height: badge.height, bellShows: Boolean(top?.closest("svg")) };
    });
  };
  const atDefault = await measure();
  expect(atDefault?.bellShows).toBe(true);
  await page.goto("/settings/fonts");
  await page.getByRole("radio", { name: "Largest", exact: true }).check();
  await page.getByRole("button", { name: "Save fonts" }).click();
  await expectToast(page, "Reading preferences saved");
  // Before: 1.25rem across, 35 px in the largest text, over the 20 px bell.
  expect(await measure()).toEqual(atDefault);
});

test("Quick Settings: theme, font size and line height on one page", async ({ page, context }) => {
  await page.goto("/settings/quick-settings");
  await expect(page.getByRole("heading", { level: 1, name: "Quick Settings" })).toBeVisible();
  await page.getByRole("radio", { name: "Dark" }).check();
  await page.getByLabel("Font size").selectOption("4");
  await page.getByLabel("Line height").selectOption("2.5");
  await page.getByRole("button", { name: "Save", exact: true }).click();
  await expectToast(page, "Reading preferences saved");
  await expect(page.locator("html")).toHaveAttribute("data-theme", "dark");
  await expect(page.getByLabel("Font size")).toHaveValue("4");

  const tag = htmlTag((await rawHtml(context, "/")).html);
  expect(tag).toContain('data-theme="dark"');
  expect(tag).toContain("--pref-font-scale:1.25");
  expect(tag).toContain("--pref-line-height:2.5");
  await page.goto(STORY);
  await expect(page.locator(".prose-story").first()).toHaveCSS("font-size", "22.5px");

  await page.goto("/settings/quick-settings");
  await page.getByRole("button", { name: "Night reading" }).click();
  await expectToast(page, "Preset applied");
  await expect(page.getByLabel("Line height")).toHaveValue("2");
  await page.getByRole("button", { name: "Reset to defaults" }).click();
  await expectToast(page, "Back to the defaults");
  await expect(page.locator("html")).toHaveAttribute("data-theme", "system");
  await expect(page.getByLabel("Font size")).toHaveValue("2");
});

test("Quick Settings opened from a story leads back to it, and a saved change returns there", async ({
  page,
  javaScriptEnabled,
}) => {
  await page.goto(STORY);
  // Without JavaScript (and before it runs) "Reading settings" is a link to the page, with the story's address.
  if (javaScriptEnabled) await page.goto(`/settings/quick-settings?from=${encodeURIComponent(STORY)}`);
  else await page.getByRole("link", { name: "Reading settings" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Quick Settings" })).toBeVisible();
  await expect(page.getByRole("link", { name: "← Back to the story" })).toHaveAttribute("href", STORY);
  await page.getByLabel("Font size").selectOption("3");
  await page.getByRole("button", { name: "Save", exact: true }).click();
  await expectToast(page, "Reading preferences saved");
  await expect(page).toHaveURL(STORY);
  await expect(page.locator(".prose-story").first()).toHaveCSS("font-size", "20.25px");
  // No other site's address is followed.
  await page.goto("/settings/quick-settings?from=%2F%2Fevil.example%2Fstory");
  await expect(page.getByRole("link", { name: "← Back to the story" })).toHaveCount(0);
});

test("Preview: the Preview button shows the values on the passage only; Save applies them everywhere", async ({
  page,
  context,
}) => {
  await page.goto("/settings/preview");
  const sample = page.getByTestId("preview-sample");
  await expect(sample).toHaveCSS("letter-spacing", "normal");
  await page.getByLabel("Letter spacing").selectOption("0.12");
  await page.getByLabel("Font size").selectOption("6");
  await page.getByRole("button", { name: "Preview", exact: true }).click();
  await expect(page).toHaveURL(/letterSpacing=0.12/);
  // 0.12 em of 1.5 × 18 px.
  await expect(sample).toHaveCSS("font-size", "27px");
  await expect(sample).toHaveCSS("letter-spacing", "3.24px");
  // Only previewed: the page itself, and the next one, are unchanged.
  expect(htmlTag((await rawHtml(context, "/stories")).html)).not.toContain("--pref-letter-spacing");

  await page.getByRole("button", { name: "Save", exact: true }).click();
  await expectToast(page, "Reading preferences saved");
  expect(htmlTag((await rawHtml(context, "/stories")).html)).toContain("--pref-letter-spacing:0.12em");
  await page.getByRole("button", { name: "Reset to defaults" }).click();
  await expectToast(page, "Back to the defaults");
  expect(htmlTag((await rawHtml(context, "/stories")).html)).not.toContain("--pref-");
});

test("cookie-less readers still share cached pages; a reader's preferences never reach another reader", async ({
  page,
  context,
  baseURL,
}) => {
  await page.goto("/settings/quick-settings");
  await page.getByLabel("Font size").selectOption("7");
  await page.getByRole("button", { name: "Save", exact: true }).click();
  await expectToast(page, "Reading preferences saved");
  expect(htmlTag((await rawHtml(context, STORY)).html)).toContain("--pref-font-scale:1.75");
  // Twice without cookies: the page cache admits a page on its second request.
  for (let i = 0; i < 3; i++) {
    const response = await fetch(new URL(STORY, baseURL));
    expect(response.headers.get("cache-control")).toContain("public");
    expect(htmlTag(await response.text())).not.toContain("--pref-");
  }
});

test("a signed-in reader's preferences live in the account and follow them to another browser", async ({
  page,
  context,
  browser,
  baseURL,
  javaScriptEnabled,
}) => {
  // Set while anonymous: the cookie's values join the new account.
  await page.goto("/settings/fonts");
  await page.getByLabel("Serif (Literata)").check();
  await page.getByRole("button", { name: "Save fonts" }).click();
  await expectToast(page, "Reading preferences saved");
  const reader = newReader();
  await register(page, reader);
  expect((await context.cookies()).some((c) => c.name === "hs_prefs")).toBe(false);
  expect(htmlTag((await rawHtml(context, "/stories")).html)).toContain('data-typeface="serif"');

  await page.goto("/settings/accessibility");
  await page.getByLabel("High contrast").check();
  await page.getByRole("button", { name: "Save reading preferences" }).click();
  await expectToast(page, "Reading preferences saved");
  expect((await context.cookies()).some((c) => c.name === "hs_prefs")).toBe(false);

  const other = await browser.newContext({
    baseURL,
    javaScriptEnabled,
    extraHTTPHeaders: { "X-Test-Client": randomUUID() },
  });
  await giveConsent(other, baseURL as string);
  try {
    const second = await other.newPage();
    await signIn(second, reader.email, reader.password);
    await expect(second.getByRole("heading", { name: `Welcome, ${reader.username}` })).toBeVisible();
    await second.goto(STORY);
    const html = second.locator("html");
    await expect(html).toHaveAttribute("data-typeface", "serif");
    await expect(html).toHaveAttribute("data-contrast", "high");
    await expect(second.locator(".prose-story").first()).toHaveCSS("font-family", /Literata Variable/);
  } finally {
    await other.close();
  }
});

for (const mode of DISPLAY_MODES) {
  test(`every reading settings page passes axe in ${mode}`, async ({ page, checkA11y }) => {
    test.setTimeout(90_000);
    await chooseDisplayMode(page, mode);
    for (const path of [
      "/settings/fonts",
      "/settings/accessibility",
      "/settings/quick-settings",
      "/settings/preview",
    ]) {
      await page.goto(path);
      await checkA11y();
    }
  });
}
