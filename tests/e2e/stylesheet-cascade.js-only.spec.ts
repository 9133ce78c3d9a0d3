// What a reader sees stays put when a lazily loaded part of the page brings its stylesheet
// (issue 40, item 1). The story page's quick settings link pages.css when they open; React 19
// once put that sheet ahead of the inlined one, pages.css's layers then came first, and
// Tailwind's base and components beat every utility: the h1 fell from 36 px to 16 px, margins
// went to 0 and hidden buttons showed, until a reload. docs/decisions/034.
import type { Page } from "@playwright/test";
import { expect, test } from "../support/test";

const STORY = "/story/the-doll-hospital";

/** The computed look of the page's main text, and the order of its stylesheets. */
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

for (const viewport of [
  { width: 390, height: 844 },
  { width: 1280, height: 800 },
]) {
  test(`opening reading settings keeps the page's look at ${viewport.width} px, through a client-side navigation`, async ({
    page,
  }) => {
    await page.setViewportSize(viewport);
    await page.goto("/privacy");
    const privacy = await look(page);
    await page.goto(STORY);
    const story = await look(page);
    expect(story.h1).not.toBe("no main h1");
    const before = await sheets(page);
    expect(before[0]).toBe("inline");

    await page.getByRole("button", { name: "Reading settings" }).click();
    const dialog = page.getByRole("dialog", { name: "Quick reading settings" });
    await expect(dialog).toBeVisible();
    // The popover's own utilities (pages.css) apply: w-72 is 18rem.
    await expect(dialog).toHaveCSS("width", "288px");
    expect(await look(page)).toEqual(story);
    const open = await sheets(page);
    expect(open[0], "the inlined stylesheet stays first").toBe("inline");
    expect(open).toContain("/assets/pages.css");
    expect(open.indexOf("/assets/pages.css")).toBeGreaterThan(open.indexOf("inline"));

    await dialog.getByRole("button", { name: "Close" }).click();
    await expect(dialog).toBeHidden();
    expect(await look(page)).toEqual(story);

    // A client-side navigation (the footer's links show at every width) keeps both the sheets and the look of the next page.
    await page.getByRole("navigation", { name: "Footer" }).getByRole("link", { name: "Privacy" }).click();
    await expect(page).toHaveURL(/\/privacy$/);
    // The address changes before the new page is on screen: wait for the new page's own heading.
    await expect(page.getByRole("heading", { level: 1, name: "Privacy" })).toBeVisible();
    expect(await look(page)).toEqual(privacy);
    expect((await sheets(page))[0]).toBe("inline");
  });

  test(`a page that links pages.css keeps the shell of a reading page at ${viewport.width} px`, async ({ page }) => {
    await page.setViewportSize(viewport);
    await page.goto("/stories");
    const reading = await look(page);
    // The settings pages link pages.css (docs/decisions/022): its utilities come after the
    // inlined ones, and must not undo a responsive variant of the shell's (a later `.w-full`
    // over an earlier `md:w-auto` put the header's links on a row of their own).
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
