// A story's text travels once in its document (issue 45, docs/decisions/043): in the HTML, not a
// second time in the hydration data. The page still hydrates on it, and a client navigation to
// another story still brings that story's text (its data request carries it).
import { expect, test } from "../support/test";
import { hydrated } from "./script-loading-helpers";

const STORY = "/story/the-doll-hospital";
const ITS_SENTENCE = "I assumed it was about upholstery.";
// The story before it, its "Previous" link (prisma/demo-stories.json).
const NEXT_SENTENCE = "The mirror behind the reception desk of the Hotel Albany was eleven feet tall";

const inlineScripts = (html: string) =>
  (html.match(/<script(?![^>]*\bsrc=)[^>]*>[\s\S]*?<\/script>/g) ?? []).join("\n");

test("the story's text is in the document once: in its HTML, not in its inline scripts", async ({ request }) => {
  const html = await (await request.get(STORY)).text();
  expect(html).toContain(ITS_SENTENCE);
  expect(inlineScripts(html)).toContain("window.__reactRouterContext");
  expect(inlineScripts(html)).not.toContain("upholstery");
});

test("the story page hydrates on its own text, and another story's text comes with a client navigation", async ({
  page,
}) => {
  const problems: string[] = [];
  page.on("pageerror", (error) => problems.push(error.message));
  // React reports a mismatch as a recoverable error in the console (production: "Minified React error #418").
  page.on("console", (message) => {
    if (message.type() === "error" && /hydrat|React error/i.test(message.text())) problems.push(message.text());
  });
  await page.goto(STORY);
  await expect(hydrated(page)).toBeAttached();
  const text = page.locator(".prose-story");
  await expect(text).toContainText(ITS_SENTENCE);
  const paragraphs = await text.locator("p").count();
  expect(paragraphs).toBeGreaterThan(3);

  // A client navigation: the document stays, its marker with it.
  await page.evaluate(() => {
    (window as unknown as { stayed: boolean }).stayed = true;
  });
  await page.getByRole("link", { name: /^← Previous:/ }).click();
  await expect(page).toHaveURL(/\/story\/four-minutes-fast$/);
  await expect(text).toContainText(NEXT_SENTENCE);
  await expect(text).not.toContainText(ITS_SENTENCE);
  expect(await page.evaluate(() => (window as unknown as { stayed?: boolean }).stayed)).toBe(true);

  // And back: its text again, from its data request this time.
  await page.goBack();
  await expect(text).toContainText(ITS_SENTENCE);
  await expect(text.locator("p")).toHaveCount(paragraphs);
  expect(problems).toEqual([]);
});
