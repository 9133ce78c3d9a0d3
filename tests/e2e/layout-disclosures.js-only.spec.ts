// Issue 40, with JavaScript (the lazy parts exist only with it): each part of the page that opens
// on demand (reading settings, the account menu, the notification panel, the sidebar sheet, the
// feedback dialog, a toast) leaves the page's type and spacing as it found them, open and after it
// closes (item 1: loading the reading settings' stylesheet once took the h1 from 36 to 16 px);
// Escape and a click outside close each of them, Escape gives the keyboard back to its opener, and
// a navigation (a link, or Back) closes it, so it never stays over the next page (item 4, WAI-ARIA
// APG menu button and dialog). At 390 and 1280 px, where the header and the sheet differ. Without
// JavaScript each is a <details>, a native popover or a link to a page (accounts.spec.ts,
// sidebar.spec.ts, notifications.spec.ts, feedback.spec.ts). layout.spec.ts covers the pages
// themselves.
import type { Locator, Page } from "@playwright/test";
import { signUp } from "../support/accounts";
import { clickOutside } from "../support/disclosures";
import { measureLayout, typeAndSpacing } from "../support/layout-invariants";
import { expect, test } from "../support/test";

const STORY = "/story/last-ferry-to-hollin-isle";
const PHONE = { width: 390, height: 844 };
const DESKTOP = { width: 1280, height: 800 };

type Viewport = { width: number; height: number };

type Part = {
  name: string;
  path: string;
  signedIn: boolean;
  viewport: Viewport;
  opener: (page: Page) => Locator;
  /** The open part, visible while it is open. */
  part: (page: Page) => Locator;
  /** Once it has closed on Escape and on a click outside: what else closes it, or must not. */
  after: (page: Page, opener: Locator, part: Locator) => Promise<void>;
};

const banner = (page: Page) => page.getByRole("banner");

/** A client-side navigation through a link of the footer (shown at every width), so that Back stays in the app. */
async function footerNavigate(page: Page, linkName: string, path: RegExp) {
  await page.getByRole("navigation", { name: "Footer" }).getByRole("link", { name: linkName, exact: true }).click();
  await expect(page).toHaveURL(path);
}

/** Opens it, then the browser's Back: the page before has it closed. */
async function backClosesIt(page: Page, opener: Locator, part: Locator, back: RegExp) {
  await opener.click();
  await expect(part).toBeVisible();
  await page.goBack();
  await expect(page).toHaveURL(back);
  await expect(part).toBeHidden();
}

const ON_STORY = new RegExp(`${STORY}$`);

/**
 * The computed look of the page's main text and of the header's parts, which a stylesheet that
 * came too early in the cascade changed (docs/decisions/034).
 */
function look(page: Page) {
  return page.evaluate(() => {
    const pick = (selector: string, props: string[]) => {
      const el = document.querySelector(selector);
      if (!el) return `no ${selector}`;
      const style = getComputedStyle(el);
      return Object.fromEntries(props.map((p) => [p, style.getPropertyValue(p)]));
    };
    const box = ["font-size", "line-height", "margin-top", "margin-bottom", "margin-left", "margin-right"];
    return {
      h1: pick("main h1", box),
      text: pick("main p", box),
      main: pick("main", [...box, "padding-left", "padding-top", "max-width", "width"]),
      header: pick("header", ["height"]),
      headerLink: pick("header nav a", ["text-decoration-line", "display", "padding-left"]),
      search: pick("header input[type=search]", ["width"]),
      menuButton: pick("header button[aria-label='Open menu']", ["display"]),
    };
  });
}

/** The document's stylesheets in cascade order, the inlined one named "inline". */
function sheets(page: Page) {
  return page.evaluate(() =>
    [...document.styleSheets].map((sheet) => {
      const node = sheet.ownerNode as Element | null;
      if (node?.matches("style#critical-css, style[data-href~='critical-css']")) return "inline";
      if (sheet.href) return new URL(sheet.href).pathname.replace(/-[\w-]+\.css$/, ".css");
      return node?.getAttribute("data-href") ?? "style";
    }),
  );
}

/**
 * The story page's reading settings: their popover links pages.css when it opens, after the
 * inlined stylesheet and never ahead of it (docs/decisions/034), and the page keeps its look
 * through the next client-side navigation.
 */
const readingSettings = (viewport: Viewport): Part => ({
  name: "reading settings",
  path: STORY,
  signedIn: false,
  viewport,
  opener: (page) => page.getByRole("button", { name: "Reading settings" }),
  part: (page) => page.getByRole("dialog", { name: "Quick reading settings" }),
  after: async (page, opener, part) => {
    // From one story to the next and Back: the same page component stays, the popover must not.
    await page.getByRole("navigation", { name: "More stories" }).getByRole("link").first().click();
    await expect(page).not.toHaveURL(ON_STORY);
    await backClosesIt(page, opener, part, ON_STORY);
    // A client-side navigation keeps the inlined sheet first, and the next page looks as it does when loaded.
    await footerNavigate(page, "Privacy", /\/privacy$/);
    // The address changes before the new page is on screen: wait for the new page's own heading.
    await expect(page.getByRole("heading", { level: 1, name: "Privacy" })).toBeVisible();
    const viaTheApp = await look(page);
    expect((await sheets(page))[0]).toBe("inline");
    await page.goto("/privacy");
    expect(viaTheApp, "/privacy after the popover's stylesheet came").toEqual(await look(page));
  },
});

/** The account menu (a menu button): Escape from inside it too, and a link of it closes it. */
const accountMenu = (viewport: Viewport): Part => ({
  name: "account menu",
  path: STORY,
  signedIn: true,
  viewport,
  opener: (page) => banner(page).getByLabel(/^Account menu for /),
  // By its text, not its role: a disclosure's links or a menu's items.
  part: (page) => banner(page).getByText("Your feedback", { exact: true }),
  after: async (page, opener, part) => {
    await opener.click();
    await banner(page).getByRole("link", { name: "Profile" }).focus();
    await page.keyboard.press("Escape");
    await expect(part).toBeHidden();
    await expect(opener).toBeFocused();
    // A link in the menu leads to the next page; the menu does not stay open over it.
    await opener.click();
    await banner(page).getByRole("link", { name: "Settings" }).click();
    await expect(page).toHaveURL(/\/settings\/profile$/);
    await expect(part).toBeHidden();
  },
});

/** The notification panel: a click inside it keeps it open; Back closes it. */
const notificationPanel = (viewport: Viewport): Part => ({
  name: "notification panel",
  path: STORY,
  signedIn: true,
  viewport,
  opener: (page) => banner(page).getByRole("button", { name: /^Notifications/ }),
  part: (page) => page.getByRole("dialog", { name: "Notifications" }),
  after: async (page, opener, part) => {
    await footerNavigate(page, "Privacy", /\/privacy$/);
    await opener.click();
    await part.getByRole("heading", { name: "Notifications" }).click();
    await expect(part).toBeVisible();
    await page.goBack();
    await expect(page).toHaveURL(ON_STORY);
    await expect(part).toBeHidden();
  },
});

/** The feedback dialog: a click on its own padding keeps it open; Back closes it. */
const feedbackDialog = (viewport: Viewport): Part => ({
  name: "feedback dialog",
  path: "/about",
  signedIn: false,
  viewport,
  opener: (page) => page.getByRole("button", { name: "Feedback", exact: true }),
  part: (page) => page.getByRole("dialog", { name: "Feedback" }),
  after: async (page, opener, part) => {
    await footerNavigate(page, "Contact", /\/contact$/);
    await opener.click();
    // Its form is loaded on demand.
    await expect(part.getByRole("button", { name: "Send feedback" })).toBeVisible();
    const box = await part.boundingBox();
    if (!box) throw new Error("the dialog has no box");
    await page.mouse.click(box.x + 3, box.y + box.height / 2);
    await expect(part).toBeVisible();
    await page.goBack();
    await expect(page).toHaveURL(/\/about$/);
    await expect(part).toBeHidden();
  },
});

const PARTS: Part[] = [
  readingSettings(PHONE),
  readingSettings(DESKTOP),
  accountMenu(PHONE),
  accountMenu(DESKTOP),
  notificationPanel(PHONE),
  notificationPanel(DESKTOP),
  {
    name: "sidebar sheet",
    path: STORY,
    signedIn: false,
    viewport: PHONE,
    opener: (page) => page.getByRole("button", { name: "Open menu" }),
    part: (page) => page.getByRole("complementary", { name: "Sidebar" }),
    after: async (page, opener, part) => {
      // The open sheet is modal: focus starts on the sheet, Tab never reaches the page behind
      // it (past its last link it leaves the page, then comes back to the sheet), and Escape gives
      // focus back to its opener from there too.
      await opener.click();
      await expect(part).toBeFocused();
      for (let i = 0; i < 30; i++) {
        await page.keyboard.press("Tab");
        const where = await page.evaluate(() => {
          const active = document.activeElement;
          return !active || active === document.body || active.closest("#site-sidebar") ? "" : active.outerHTML;
        });
        expect(where, `Tab ${i + 1}`).toBe("");
      }
      await page.keyboard.press("Escape");
      await expect(part).toBeHidden();
      await expect(opener).toBeFocused();
      // Escape from a link inside the sheet.
      await opener.click();
      await part.getByRole("link", { name: "Story Index" }).focus();
      await page.keyboard.press("Escape");
      await expect(part).toBeHidden();
      await expect(opener).toBeFocused();
      await footerNavigate(page, "Privacy", /\/privacy$/);
      await backClosesIt(page, opener, part, ON_STORY);
    },
  },
  feedbackDialog(PHONE),
  feedbackDialog(DESKTOP),
];

for (const p of PARTS) {
  test(`${p.name} at ${p.viewport.width} px: the page keeps its type and spacing, and Escape, a click outside and a navigation close it`, async ({
    page,
  }) => {
    await page.setViewportSize(p.viewport);
    if (p.signedIn) await signUp(page);
    await page.goto(p.path);
    const before = await typeAndSpacing(page);
    expect(before.h1, "the page has a heading to measure").not.toBeNull();
    expect(before.bodyText, "the page has a paragraph to measure").not.toBeNull();
    const looks = await look(page);
    const firstSheets = await sheets(page);
    expect(firstSheets[0], "the inlined stylesheet comes first").toBe("inline");
    const opener = p.opener(page);
    const part = p.part(page);

    await opener.click();
    await expect(part).toBeVisible();
    // Soft: the closing checks below still run, and say their own part.
    expect.soft(await typeAndSpacing(page), `the page while the ${p.name} is open`).toEqual(before);
    expect.soft(await look(page), `the main text and the header while the ${p.name} is open`).toEqual(looks);
    const open = await sheets(page);
    expect.soft(open[0], "the inlined stylesheet stays first").toBe("inline");
    if (open.includes("/assets/pages.css")) {
      expect.soft(open.indexOf("/assets/pages.css")).toBeGreaterThan(open.indexOf("inline"));
    }
    if (p.name === "reading settings") {
      expect.soft(open).toContain("/assets/pages.css");
      // The popover's own utilities (pages.css) apply: w-72 is 18rem.
      await expect.soft(part).toHaveCSS("width", "288px");
    }
    await page.keyboard.press("Escape");
    await expect.soft(part, "Escape closes it").toBeHidden();
    await expect.soft(opener, "and the keyboard is back on its opener").toBeFocused();
    // Closed, whatever Escape did, so the click outside is tried on its own.
    if (await part.isVisible()) await page.reload();
    expect.soft(await typeAndSpacing(page), `the page after the ${p.name} closed`).toEqual(before);
    expect.soft(await look(page), `the main text and the header after the ${p.name} closed`).toEqual(looks);

    await opener.click();
    await expect(part).toBeVisible();
    await clickOutside(page, part);
    await expect(part, "a click outside closes it").toBeHidden();
    expect(await typeAndSpacing(page), `the page after the ${p.name} closed again`).toEqual(before);
    await p.after(page, opener, part);
  });
}

// The settings pages link pages.css (docs/decisions/022): its utilities come after the inlined
// ones, and must not undo a responsive variant of the shell's (a later `.w-full` over an earlier
// `md:w-auto` put the header's links on a row of their own).
for (const viewport of [PHONE, DESKTOP]) {
  test(`a page that links pages.css keeps the shell of a reading page at ${viewport.width} px`, async ({ page }) => {
    await page.setViewportSize(viewport);
    await page.goto("/stories");
    const reading = await look(page);
    await page.goto("/settings/quick-settings");
    expect(await sheets(page)).toContain("/assets/pages.css");
    const settings = await look(page);
    expect({ header: settings.header, search: settings.search, menuButton: settings.menuButton }).toEqual({
      header: reading.header,
      search: reading.search,
      menuButton: reading.menuButton,
    });
  });
}

test("a toast keeps the page's type and spacing and covers nothing while it shows", async ({ page }) => {
  await page.setViewportSize(PHONE);
  await page.goto("/about");
  const before = await typeAndSpacing(page);
  await page.getByRole("button", { name: "Feedback", exact: true }).click();
  const dialog = page.getByRole("dialog", { name: "Feedback" });
  await dialog.getByLabel("Your feedback").fill(`The layout suite says the page looks right ${Date.now()}`);
  await dialog.getByRole("button", { name: "Send feedback" }).click();
  await expect(page.getByRole("dialog", { name: "Thank You for Your Feedback!" })).toBeVisible();
  await page.keyboard.press("Escape");
  const toast = page.getByRole("region", { name: "Notifications" }).getByRole("status");
  await expect(toast).toBeVisible();
  expect(await typeAndSpacing(page), "the page while the toast shows").toEqual(before);
  // The toaster is the floating box; what the page's own checks find under it, at the top and the bottom.
  const { covered } = await measureLayout(page, PHONE, true);
  expect.soft(covered.filter((c) => c.floating.startsWith('section "Notifications"'))).toEqual([]);
  await toast.getByRole("button", { name: /^Close notification/ }).click();
  await expect(toast).toBeHidden();
  expect(await typeAndSpacing(page), "the page after the toast closed").toEqual(before);
});
