// The audit every browser test leans on (tests/support/a11y.ts) must be able to fail:
// a page with known WCAG 2.1 A/AA violations is refused, JavaScript on and off (where
// the audit runs in a twin page).
import type { Page } from "@playwright/test";
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
