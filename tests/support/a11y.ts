import AxeBuilder from "@axe-core/playwright";
import { type Browser, expect, type Page } from "@playwright/test";

const TAGS = ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa"];

type AuditOptions = { jsEnabled: boolean; browser: Browser; colorScheme?: "light" | "dark" | "no-preference" | null };

/** Zero WCAG 2.1 A/AA violations on the page as it is now. */
export async function expectAccessible(page: Page, { jsEnabled, browser, colorScheme }: AuditOptions) {
  if (jsEnabled) return audit(page, page.url());

  // axe-core runs as a script in the page, which a JavaScript-off page cannot
  // do. Audit a twin instead: the same DOM as this page has it now (open
  // <details> and all), served at the same URL in a context where no app
  // script runs (every .js request is refused) but axe can.
  const url = page.url();
  const html = await page.content();
  const openPopovers = page.locator(":popover-open");
  const popoverIds: string[] = [];
  for (let i = 0; i < (await openPopovers.count()); i++) {
    const id = await openPopovers.nth(i).getAttribute("id");
    if (id) popoverIds.push(id);
  }
  const twin = await browser.newContext({
    javaScriptEnabled: true,
    viewport: page.viewportSize(),
    colorScheme: colorScheme ?? undefined,
    storageState: await page.context().storageState(),
  });
  try {
    const twinPage = await twin.newPage();
    await twinPage.route("**/*", (route) => {
      const request = route.request();
      if (request.url() === url && request.resourceType() === "document") {
        return route.fulfill({ status: 200, contentType: "text/html; charset=utf-8", body: html });
      }
      if (request.resourceType() === "script") return route.abort();
      return route.continue();
    });
    await twinPage.goto(url);
    for (const id of popoverIds) await twinPage.locator(`#${id}`).evaluate((el) => (el as HTMLElement).showPopover());
    await audit(twinPage, `${url} (JavaScript off)`);
  } finally {
    await twin.close();
  }
}

async function audit(page: Page, label: string) {
  const results = await new AxeBuilder({ page }).withTags(TAGS).analyze();
  const summary = results.violations.map((v) => ({
    id: v.id,
    impact: v.impact,
    help: v.help,
    targets: v.nodes.slice(0, 5).map((n) => n.target.join(" ")),
  }));
  expect(summary, `axe violations on ${label}`).toEqual([]);
}
