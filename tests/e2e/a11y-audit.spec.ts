// The audit every browser test leans on (tests/support/a11y.ts) must be able to fail:
// a page with known WCAG 2.1 A/AA violations is refused, JavaScript on and off (where
// the audit runs in a twin page).
import type { Page } from "@playwright/test";
import { snapshotOf } from "../support/a11y";
import { expect, test } from "../support/test";

/** The audit's failure message once `html` is put at the start of the page's <main>, or null when it passes. */
async function failureWith(page: Page, checkA11y: () => Promise<void>, html: string) {
  await page.getByRole("main").evaluate((main, html) => main.insertAdjacentHTML("afterbegin", html), html);
  return checkA11y().then(
    () => null,
    (error: Error) => error.message,
  );
}

const PIXEL = "data:image/gif;base64,R0lGODlhAQABAAAAACw=";

test("the accessibility audit refuses a page with a missing alt, a nameless button and low contrast", async ({
  page,
  checkA11y,
}) => {
  await page.goto("/about");
  await checkA11y();
  const failure = await failureWith(
    page,
    checkA11y,
    `<img src="${PIXEL}" width="16" height="16"><button type="button"></button><p style="color:#777;background:#888">Faint</p>`,
  );
  expect(failure).toContain("image-alt");
  expect(failure).toContain("button-name");
  expect(failure).toContain("color-contrast");
});

test("the audit sees the page as it is: a script of the page that would mend it does not run in the audit", async ({
  page,
  checkA11y,
}) => {
  await page.goto("/about");
  // Inserted as HTML, the script never runs in the page, with JavaScript on or off. The
  // JavaScript-off audit must not run it either (a twin that loaded this DOM as a new
  // document once did, and audited what no reader without JavaScript sees).
  const failure = await failureWith(
    page,
    checkA11y,
    `<img id="unmended" src="${PIXEL}" width="16" height="16"><script>document.getElementById("unmended").alt = "Mended"</script>`,
  );
  expect(failure).toContain("image-alt");
});

test("the audit sees animations where they end: text fading in passes, text fading out to faint fails", async ({
  page,
  checkA11y,
}) => {
  await page.goto("/about");
  // 20 s each, so the audit meets them early on: nearly transparent, then nearly opaque.
  const fadeIn = `<style>@keyframes twin-in{from{opacity:0}to{opacity:1}}</style><p style="animation:twin-in 20s linear">Fading in</p>`;
  expect(await failureWith(page, checkA11y, fadeIn)).toBeNull();
  const fadeOut = `<style>@keyframes twin-out{from{opacity:1}to{opacity:.15}}</style><p style="animation:twin-out 20s linear forwards">Fading out</p>`;
  expect(await failureWith(page, checkA11y, fadeOut)).toContain("color-contrast");
});

test("the audit sees the page's media features: colours that fail only in the dark fail when the page is dark", async ({
  page,
  checkA11y,
}) => {
  await page.goto("/about");
  const darkOnly = `<style>@media (prefers-color-scheme: dark){.twin-dark{color:#222;background:#111}}</style><p class="twin-dark">Only in the dark</p>`;
  await page.emulateMedia({ colorScheme: "light" });
  expect(await failureWith(page, checkA11y, darkOnly)).toBeNull();
  await page.emulateMedia({ colorScheme: "dark" });
  expect(
    await checkA11y().then(
      () => null,
      (error: Error) => error.message,
    ),
  ).toContain("color-contrast");
});

test("the audit's copy of the page keeps what lives outside its attributes: typed text, ticks, the top layer", async ({
  page,
}) => {
  await page.goto("/about");
  await page.getByRole("main").evaluate((main) => {
    main.insertAdjacentHTML(
      "afterbegin",
      `<label>Typed <input id="twin-typed"></label><label>Ticked <input id="twin-ticked" type="checkbox"></label>` +
        `<textarea aria-label="Written" id="twin-written"></textarea><dialog id="twin-modal"><p>Modal</p></dialog>`,
    );
  });
  await page.locator("#twin-typed").fill("Typed words");
  await page.locator("#twin-ticked").check();
  await page.locator("#twin-written").fill("Written words");
  // A modal dialog shown by the test's own script (it runs with the page's JavaScript off too).
  await page.evaluate(() => (document.getElementById("twin-modal") as HTMLDialogElement).showModal());
  const { html } = await page.evaluate(snapshotOf);
  expect(html).toMatch(/<input id="twin-typed" value="Typed words">/);
  expect(html).toMatch(/<input id="twin-ticked" type="checkbox" checked="">/);
  expect(html).toContain(">Written words</textarea>");
  expect(html).toMatch(/<dialog id="twin-modal" open="" data-twin-modal="">/);
  // The live page is left as it was.
  expect(await page.locator("[data-twin-modal]").count()).toBe(0);
});
