// Issue 40, item 3: the floating Feedback button, the scroll-to-top control and the toasts
// cover no link, button, field, label or line of text, at the top, the middle and the
// bottom of a page: the page keeps room for them (app.css .float-dock). Here the states the
// layout suite does not reach: the sidebar collapsed, and a toast on a desktop. Every page of
// the route table at every width, at its top and bottom: layout.spec.ts.
import type { Locator, Page } from "@playwright/test";
import { expect, test } from "../support/test";

/**
 * What lies under `floating`: every control, and every line of text, that
 * document.elementsFromPoint finds beneath a grid of points over its box.
 */
function coveredBy(floating: Locator): Promise<string[]> {
  return floating.evaluate((widget) => {
    const box = widget.getBoundingClientRect();
    const found = new Set<string>();
    const name = (element: Element) =>
      `${element.tagName.toLowerCase()} "${(element.textContent ?? "").trim().slice(0, 30)}"`;
    for (const fx of [0.1, 0.5, 0.9]) {
      for (const fy of [0.1, 0.5, 0.9]) {
        const x = box.left + box.width * fx;
        const y = box.top + box.height * fy;
        for (const element of document.elementsFromPoint(x, y)) {
          if (widget.contains(element) || element.contains(widget)) continue;
          if (element.matches("a, button, input, select, textarea, label, summary")) {
            found.add(name(element));
            continue;
          }
          for (const node of element.childNodes) {
            if (node.nodeType !== Node.TEXT_NODE || !node.textContent?.trim()) continue;
            const range = document.createRange();
            range.selectNodeContents(node);
            for (const line of range.getClientRects()) {
              if (x >= line.left && x <= line.right && y >= line.top && y <= line.bottom) found.add(name(element));
            }
          }
        }
      }
    }
    return [...found];
  });
}

/** The page at its top, in its middle and at its bottom. */
async function atEveryScroll(page: Page, check: (where: string) => Promise<void>) {
  for (const [where, fraction] of [
    ["top", 0],
    ["middle", 0.5],
    ["bottom", 1],
  ] as const) {
    await page.evaluate((f) => {
      const room = document.documentElement.scrollHeight - window.innerHeight;
      window.scrollTo(0, Math.round(room * f));
    }, fraction);
    await check(where);
  }
}

async function expectNothingCovered(page: Page, label: string, javaScriptEnabled: boolean) {
  const feedback = page.getByRole(javaScriptEnabled ? "button" : "link", { name: "Feedback", exact: true });
  const toTop = page.getByRole("link", { name: "Scroll to top" });
  await atEveryScroll(page, async (where) => {
    const scrolled = await page.evaluate(() => window.scrollY);
    // The control shows after 300 px of scroll (spec §2), with JavaScript only.
    if (javaScriptEnabled && scrolled > 300) await expect(toTop, `${label}, ${where}`).toBeVisible();
    for (const widget of [feedback, toTop]) {
      if (!(await widget.isVisible())) continue;
      expect(await coveredBy(widget), `${label}, ${where}: under ${await widget.innerText()}`).toEqual([]);
    }
  });
}

/** A message sent from /contact: its "Message sent" toast, shown. */
async function sendContactMessage(page: Page, email: string) {
  await page.goto("/contact");
  await page.getByLabel("Your name").fill("Mara Quill");
  await page.getByLabel("Your email").fill(email);
  await page.getByLabel("Message", { exact: true }).fill("A floating widget sat over my form.");
  await page.getByRole("button", { name: "Send message" }).click();
  const toast = page.getByRole("status").filter({ hasText: "Message sent" });
  await expect(toast).toBeVisible();
  return toast;
}

test("with the sidebar collapsed, Feedback stands in its column and covers nothing", async ({
  page,
  javaScriptEnabled,
}) => {
  await page.setViewportSize({ width: 1280, height: 800 });
  await page.goto("/report-bug");
  await page.getByRole("button", { name: "Collapse sidebar" }).click();
  await expect(page.getByRole("button", { name: "Expand sidebar" })).toBeVisible();
  const feedback = page.getByRole(javaScriptEnabled ? "button" : "link", { name: "Feedback", exact: true });
  await expect(feedback).toBeVisible();
  const box = await feedback.boundingBox();
  expect((box?.x ?? 0) + (box?.width ?? 0), "inside the 3rem column").toBeLessThanOrEqual(48);
  await expectNothingCovered(page, "/report-bug, collapsed", javaScriptEnabled);

  // A toast has no room in the 3rem column: it stands under the header, in the page's flow, and covers nothing.
  const toast = await sendContactMessage(page, "mara-collapsed@horror.test");
  await atEveryScroll(page, async (where) => {
    if (!(await toast.isVisible())) return;
    expect(await coveredBy(toast), `collapsed, ${where}`).toEqual([]);
  });
  await page.evaluate(() => window.scrollTo(0, 0));
  const toastBox = await toast.boundingBox();
  const header = await page.getByRole("banner").boundingBox();
  expect(toastBox?.x ?? 0, "beside the 3rem column").toBeGreaterThanOrEqual(48);
  expect(toastBox?.y ?? 0, "under the header").toBeGreaterThanOrEqual((header?.y ?? 0) + (header?.height ?? 0));
  const main = await page.getByRole("main").boundingBox();
  expect((toastBox?.y ?? 0) + (toastBox?.height ?? 0), "above the page, not over it").toBeLessThanOrEqual(main?.y ?? 0);
  await expect(page.getByRole("heading", { level: 1 })).toBeInViewport();

  await page.getByRole("button", { name: "Expand sidebar" }).click();
  await expect(page.getByRole("button", { name: "Collapse sidebar" })).toBeVisible();
});

test("on a desktop a toast stands at the foot of the sidebar and covers nothing", async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 800 });
  const toast = await sendContactMessage(page, "mara-floating@horror.test");
  expect(await coveredBy(toast)).toEqual([]);
  // It stands over the sidebar's column, never over the page or the header.
  const box = await toast.boundingBox();
  expect((box?.x ?? 0) + (box?.width ?? 0)).toBeLessThanOrEqual(256);
});

test("a toast at the foot of the sidebar can be put away, without JavaScript too, and the sidebar's list takes its room back", async ({
  page,
  javaScriptEnabled,
}) => {
  await page.setViewportSize({ width: 1280, height: 800 });
  const toast = await sendContactMessage(page, "mara-hide@horror.test");
  const sidebar = page.getByRole("complementary", { name: "Sidebar" });
  const before = (await sidebar.boundingBox())?.height ?? 0;
  // With JavaScript a button; without, a box to tick (CSS hides the toast): both by the keyboard.
  const close = javaScriptEnabled
    ? toast.getByRole("button", { name: "Close notification: Message sent" })
    : toast.getByRole("checkbox", { name: "Close notification: Message sent" });
  await close.focus();
  await page.keyboard.press("Space");
  await expect(toast).toBeHidden();
  await expect.poll(async () => (await sidebar.boundingBox())?.height ?? 0).toBeGreaterThan(before + 40);
});
