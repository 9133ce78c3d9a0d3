// Issue 40: what a person sees on every page of the route table, as invariants rather than
// pixels: the header is one row (at most 64 px), nothing scrolls sideways, and nothing floating
// covers a control or a line of the page's text, at the top and the bottom of the page. At 320,
// 390, 768, 1280 and 1440 px, JavaScript on and off (both projects run this file), signed out, as
// a reader and as an admin. Each page is loaded once per role and then laid out again at each
// width: the server cannot know it. Every page is measured in the light scheme; the main pages
// are photographed, light and dark (docs/decisions/037 says why and what it costs).
import path from "node:path";
import type { Page } from "@playwright/test";
import { ADMIN, baseURL } from "../../playwright.config";
import { newReader, signInByApi, signUp } from "../support/accounts";
import { queryE2eDb } from "../support/db";
import { LAYOUT_VIEWPORTS, type LayoutFailures, layoutFailures, measureLayout } from "../support/layout-invariants";
import { type LayoutPage, layoutPages, type Role, rolesFor } from "../support/layout-pages";
import { expect, giveConsent, test } from "../support/test";

type Visit = LayoutPage & { as: Role };

/** Pages per test: each test signs in once, and the two workers share the tests out. */
const PER_TEST = 5;
/** Where the main pages' full-page pictures go for a person to look at (CI keeps test-results/). */
const SCREENSHOT_WIDTHS = new Set([390, 1280]);
/**
 * Pages also looked at half way down: a form, a list and a text page, where the floating buttons
 * once covered labels, cards and lines (issue 40, item 3).
 */
const MIDDLE_PATHS = new Set(["/report-bug", "/stories", "/about"]);

let admin: Promise<{ id: string; username: string }> | undefined;
const adminAccount = () => {
  admin ??= queryE2eDb<{ id: string; username: string }>('SELECT id, username FROM "User" WHERE email = ?', [
    ADMIN.email,
  ]).then((rows) => rows[0] as { id: string; username: string });
  return admin;
};

async function urlOf(visit: Visit) {
  if (!visit.path.includes(":admin-")) return visit.path;
  const { id, username } = await adminAccount();
  return visit.path.replace(":admin-id", id).replace(":admin-name", username);
}

/**
 * One group in the error log, whatever ran before: the widest of the admin lists, whose controls
 * must stay on the screen at every width (docs/decisions/047), is measured with a row in it.
 */
async function anErrorLogged(page: Page) {
  const { csrfToken } = (await (await page.request.get("/api/csrf-token")).json()) as { csrfToken: string };
  const response = await page.request.post("/api/errors", {
    headers: { "X-CSRF-Token": csrfToken },
    data: {
      id: `err_${Date.now()}_${Math.random().toString(36).slice(2, 8)}`,
      timestamp: new Date().toISOString(),
      // As browsers word them: a long name in it cannot wrap.
      message: "TypeError: Cannot read properties of undefined (reading 'getBoundingClientRect')",
      url: `${baseURL}/stories`,
    },
  });
  expect(response.status()).toBe(201);
}

const slug = (url: string) =>
  url
    .replace(/^\//, "")
    .replace(/[^a-z0-9]+/gi, "-")
    .replace(/-$/, "") || "home";

async function lookAt(page: Page, visit: Visit, js: "on" | "off", failures: LayoutFailures, screenshots: string) {
  const url = await urlOf(visit);
  // /cookie-test clears the cookie choice: the banner that asks again would stand over every later page.
  await giveConsent(page.context(), baseURL);
  await page.goto(url);
  // A role that cannot see the page would be measuring the sign-in page instead.
  const landed = new URL(page.url()).pathname;
  if (!url.startsWith("/auth")) expect(landed, `${url} as ${visit.as} is not sent to sign in`).not.toBe("/auth");
  // The pictures once a main page, as the least role that sees it.
  const full = visit.main && visit.as === visit.role;
  const picture = async (width: number, scheme: "light" | "dark") => {
    const file = `${slug(url)}--${visit.as}--${width}--${scheme}--js-${js}.jpg`;
    // JPEG: half the time of a PNG of a long page, and still readable.
    await page.screenshot({ path: path.join(screenshots, file), fullPage: true, type: "jpeg", quality: 80 });
  };
  // Reduced motion: across 768 px the sidebar turns into the sheet and slid out over 200 ms
  // (app.css), which a measurement or a picture taken at once caught half way.
  await page.emulateMedia({ colorScheme: "light", reducedMotion: "reduce" });
  for (const viewport of LAYOUT_VIEWPORTS) {
    const where = `${url} as ${visit.as} at ${viewport.width} px, light, JS ${js}`;
    const found = layoutFailures(await measureLayout(page, viewport, js === "on", MIDDLE_PATHS.has(url)), where);
    failures.header.push(...found.header);
    failures.sideways.push(...found.sideways);
    failures.covered.push(...found.covered);
    failures.emptyRoom.push(...found.emptyRoom);
    failures.outOfReach.push(...found.outOfReach);
    failures.mislabelled.push(...found.mislabelled);
    failures.splitWords.push(...found.splitWords);
    if (full && SCREENSHOT_WIDTHS.has(viewport.width)) await picture(viewport.width, "light");
  }
  // The dark scheme changes colours only, never a length ([data-theme=system] under
  // prefers-color-scheme, app.css): it is photographed, not measured again, with JavaScript
  // (the same CSS without it), from wide to narrow after the light ones.
  if (full && js === "on") {
    await page.emulateMedia({ colorScheme: "dark", reducedMotion: "reduce" });
    for (const viewport of [...LAYOUT_VIEWPORTS].reverse().filter((v) => SCREENSHOT_WIDTHS.has(v.width))) {
      await page.setViewportSize(viewport);
      await picture(viewport.width, "dark");
    }
  }
  await page.emulateMedia({ colorScheme: "light", reducedMotion: null });
}

const visits: Visit[] = layoutPages().flatMap((p) => rolesFor(p).map((as) => ({ ...p, as })));

test("the layout suite looks at every page of the route table", () => {
  const ids = visits.flatMap((v) => v.ids);
  expect(new Set(ids).size).toBeGreaterThan(60);
  expect(visits.filter((v) => v.as === "admin" && v.path.startsWith("/admin")).length).toBeGreaterThan(10);
});

for (const role of ["anonymous", "reader", "admin"] as const) {
  const mine = visits.filter((v) => v.as === role);
  for (let start = 0; start < mine.length; start += PER_TEST) {
    const chunk = mine.slice(start, start + PER_TEST);
    test(`as ${role}: ${chunk.map((v) => v.path).join(", ")}`, async ({ page, javaScriptEnabled }, testInfo) => {
      test.setTimeout(120_000);
      // Digits only: a name of hex letters changed its width from run to run, and /profile's fit with it.
      const digits = String(Math.floor(Math.random() * 1e8)).padStart(8, "0");
      if (role === "reader") await signUp(page, { ...newReader(), username: `reader_${digits}` });
      if (role === "admin") await signInByApi(page, ADMIN);
      if (chunk.some((v) => v.path === "/admin/bug-reports")) await anErrorLogged(page);
      const js = javaScriptEnabled === false ? "off" : "on";
      const screenshots = path.join(testInfo.project.outputDir, "layout-screenshots");
      const failures: LayoutFailures = {
        header: [],
        sideways: [],
        covered: [],
        emptyRoom: [],
        outOfReach: [],
        mislabelled: [],
        splitWords: [],
      };
      for (const visit of chunk) await lookAt(page, visit, js, failures, screenshots);
      expect.soft(failures.header, "the header is one row, at most 64 px tall").toEqual([]);
      expect.soft(failures.sideways, "nothing scrolls sideways").toEqual([]);
      expect.soft(failures.covered, "nothing floating covers a control or a line of text").toEqual([]);
      expect.soft(failures.emptyRoom, "nothing floating keeps room it leaves empty").toEqual([]);
      expect.soft(failures.outOfReach, "every control is on the screen, none to scroll to sideways").toEqual([]);
      expect.soft(failures.mislabelled, "a stacked table's cells are labelled with their columns").toEqual([]);
      expect.soft(failures.splitWords, "no statistic's name breaks inside a word").toEqual([]);
    });
  }
}
