// Reading preferences with JavaScript: the story page's quick-settings
// popover (loaded only when asked for, keyboard-operable) and the live preview.
import { expect, test } from "../support/test";

const STORY = "/story/the-doll-hospital";

test("the story page's quick settings open in a popover that is loaded on demand and works with the keyboard", async ({
  page,
}) => {
  const scripts: string[] = [];
  page.on("request", (request) => {
    if (request.resourceType() === "script") scripts.push(request.url());
  });
  await page.goto(STORY);
  const trigger = page.getByRole("button", { name: "Reading settings" });
  await expect(trigger).toBeVisible();
  // The app runs (Playwright never sees the analytics beacons' keepalive requests end, so no "networkidle").
  await expect(page.locator("html[data-hydrated]")).toBeAttached();
  // The first load carries no popover code.
  expect(scripts.filter((url) => /quick-settings-popover/.test(url))).toEqual([]);

  await trigger.focus();
  await page.keyboard.press("Enter");
  const dialog = page.getByRole("dialog", { name: "Quick reading settings" });
  await expect(dialog).toBeVisible();
  expect(scripts.some((url) => /quick-settings-popover/.test(url))).toBe(true);
  // Focus moved into the popover.
  await expect.poll(() => dialog.evaluate((el) => el.contains(document.activeElement))).toBe(true);

  await dialog.getByLabel("Font size").selectOption("5");
  await dialog.getByRole("radio", { name: "Dark" }).check();
  await dialog.getByRole("button", { name: "Apply" }).click();
  await expect(page.locator("html")).toHaveAttribute("style", /--pref-font-scale:\s*1.375/);
  await expect(page.locator("html")).toHaveAttribute("data-theme", "dark");
  await expect(page.locator(".prose-story").first()).toHaveCSS("font-size", "24.75px");
  await expect(page).toHaveURL(STORY);

  // Escape closes it and gives focus back to the button.
  await dialog.getByLabel("Font size").focus();
  await page.keyboard.press("Escape");
  await expect(dialog).toBeHidden();
  await expect(page.getByRole("button", { name: "Reading settings" })).toBeFocused();

  // The next page's first HTML has it too.
  const response = await page.request.get("/stories");
  expect((await response.text()).match(/<html[^>]*>/)?.[0]).toContain("--pref-font-scale:1.375");
});

test("on a phone Apply closes the quick settings, so the story shows; the toast keeps its own line height", async ({
  page,
}) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto(STORY);
  const trigger = page.getByRole("button", { name: "Reading settings" });
  await trigger.click();
  const dialog = page.getByRole("dialog", { name: "Quick reading settings" });
  await expect(dialog).toBeVisible();
  await dialog.getByLabel("Line height").selectOption("2.5");
  await dialog.getByRole("button", { name: "Apply" }).click();
  await expect(page.locator("html")).toHaveAttribute("style", /--pref-line-height:\s*2.5/);
  await expect(dialog).toBeHidden();
  await expect(trigger).toBeFocused();
  const title = page.getByRole("status").getByText("Reading preferences saved", { exact: true });
  await expect(title).toBeVisible();
  // One line, in the site's own spacing: not the story's 2.5.
  const { lineHeight, fontSize, height } = await title.evaluate((el) => {
    const style = getComputedStyle(el);
    return {
      lineHeight: Number.parseFloat(style.lineHeight),
      fontSize: Number.parseFloat(style.fontSize),
      height: el.getBoundingClientRect().height,
    };
  });
  expect(lineHeight / fontSize).toBeLessThan(1.6);
  expect(height).toBeLessThan(fontSize * 1.6);
  // The story itself has the reader's line height.
  const story = await page
    .locator(".prose-story p")
    .first()
    .evaluate(
      (el) => Number.parseFloat(getComputedStyle(el).lineHeight) / Number.parseFloat(getComputedStyle(el).fontSize),
    );
  expect(story).toBeCloseTo(2.5, 1);
});

test("the preview updates live as the controls change, without a request", async ({ page }) => {
  await page.goto("/settings/preview");
  // Hydrated (the button is rendered by the app): a change before it would be the browser's alone.
  await expect(page.getByRole("button", { name: "Feedback", exact: true })).toBeVisible();
  const sample = page.getByTestId("preview-sample");
  await expect(sample).toHaveCSS("line-height", "31.5px");
  const url = page.url();
  await page.getByLabel("Line height").selectOption("2.5");
  await expect(sample).toHaveCSS("line-height", "45px");
  await page.getByLabel("Lexend", { exact: false }).check();
  await expect(sample).toHaveCSS("font-family", /Lexend Variable/);
  expect(page.url()).toBe(url);
});

test("reduced motion chosen on the site stops every animation, and is exposed to scripts", async ({ page }) => {
  await page.goto("/settings/accessibility");
  await expect(page.getByRole("button", { name: "Feedback", exact: true })).toBeVisible(); // hydrated
  await page.getByLabel("Reduce motion").check();
  await page.getByRole("button", { name: "Save reading preferences" }).click();
  await expect(page.locator("html")).toHaveAttribute("data-motion", "reduce");
  await page.goto("/");
  const animation = await page.evaluate(() => {
    // The cursed notification's glitch overlay, as the bell renders it.
    const overlay = document.createElement("div");
    overlay.className = "cursed-overlay";
    overlay.innerHTML = '<p class="glitch-text" data-text="Why">Why</p><p class="glitch-static">Still</p>';
    document.body.append(overlay);
    const text = overlay.querySelector(".glitch-text") as HTMLElement;
    return {
      overlay: getComputedStyle(overlay).animationName,
      text: getComputedStyle(text).animationName,
      before: getComputedStyle(text, "::before").content,
      still: getComputedStyle(overlay.querySelector(".glitch-static") as HTMLElement).display,
    };
  });
  expect(animation).toEqual({ overlay: "none", text: "none", before: "none", still: "block" });
});

test("in the largest text on a 320x568 phone the quick settings stay on the screen and scroll inside", async ({
  page,
}) => {
  await page.goto("/settings/fonts");
  await page.getByRole("radio", { name: "Largest" }).check();
  await page.getByRole("button", { name: "Save fonts" }).click();
  await expect(page.getByRole("radio", { name: "Largest" })).toBeChecked();
  await page.setViewportSize({ width: 320, height: 568 });
  await page.goto(STORY);
  await expect(page.locator("html[data-hydrated]")).toBeAttached();
  await page.getByRole("button", { name: "Reading settings" }).click();
  const dialog = page.getByRole("dialog", { name: "Quick reading settings" });
  await expect(dialog).toBeVisible();
  // Before: 875 px tall, opened upwards, its theme and font size 428 px above the screen's top.
  const box = await dialog.boundingBox();
  expect(box?.y).toBeGreaterThanOrEqual(0);
  expect((box?.y ?? 0) + (box?.height ?? Number.POSITIVE_INFINITY)).toBeLessThanOrEqual(568);
  await expect(dialog.getByRole("radiogroup", { name: "Theme" }).or(dialog.getByText("Theme"))).toBeInViewport();
  // Its last line is reached by scrolling the popover itself.
  const all = dialog.getByRole("link", { name: "All reading preferences" });
  await all.scrollIntoViewIfNeeded();
  await expect(all).toBeInViewport();
  await page.keyboard.press("Escape");
  await expect(dialog).toBeHidden();
});
