// docs/decisions/027: featured images come resized from our own origin (the image
// endpoint), as <picture> with AVIF and WebP at a few widths, with their real
// size, in a box with an inline preview. Eager and high-priority when the
// connection is known to be fast (the ECT hint); with no hints, the page's
// inline script shows it on a connection that is not slow before any module
// has loaded, and without JavaScript it waits behind a "Show the full image"
// link (docs/decisions/027).
import type { Page, Request } from "@playwright/test";
import { WORDPRESS_PORT } from "../../playwright.config";
import { expectAccessible } from "../support/a11y";
import { expect, giveConsent, test } from "../support/test";
import { holdModules, hydrated, layoutShifts, trackLayoutShifts } from "./script-loading-helpers";

const STORY = "/story/last-ferry-to-hollin-isle";
const ALT = "Procedurally drawn cover: Blue hour";

function recordRequests(page: Page) {
  const urls: string[] = [];
  page.on("request", (request: Request) => {
    urls.push(request.url());
  });
  return urls;
}

test("on a fast connection a story's featured image comes from our image endpoint, sized, eager and first in line", async ({
  browser,
  baseURL,
  javaScriptEnabled,
}) => {
  // What Chromium sends from the second page on, once Accept-CH asked for it.
  const context = await browser.newContext({ baseURL, javaScriptEnabled, extraHTTPHeaders: { ECT: "4g" } });
  await giveConsent(context, baseURL as string);
  const page = await context.newPage();
  const urls = recordRequests(page);
  const hero = page.waitForResponse((r) => new URL(r.url()).pathname.startsWith("/img/"));
  await page.goto(STORY);
  const image = page.getByRole("img", { name: ALT });
  await expect(image).toBeVisible();
  await expect(image).toHaveAttribute("width", "1200");
  await expect(image).toHaveAttribute("height", "675");
  await expect(image).toHaveAttribute("loading", "eager");
  await expect(image).toHaveAttribute("fetchpriority", "high");
  const sources = page.locator("picture source");
  await expect(sources).toHaveCount(2);
  await expect(sources.first()).toHaveAttribute("type", "image/avif");
  await expect(sources.last()).toHaveAttribute("type", "image/webp");
  await expect(sources.first()).toHaveAttribute("srcset", /\/img\/\S+\/320\.avif 320w, .*\/640\.avif 640w/);
  await expect(sources.first()).toHaveAttribute("sizes", /42rem/);

  // The browser picked a rendition from our origin, an AVIF, and decoded it.
  const response = await hero;
  expect(new URL(response.url()).origin).toBe(new URL(baseURL as string).origin);
  expect(response.status()).toBe(200);
  expect(response.headers()["content-type"]).toBe("image/avif");
  expect(response.headers()["cache-control"]).toContain("immutable");
  await expect.poll(() => image.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBeGreaterThan(0);
  // Nothing is hot-linked from the WordPress any more.
  expect(urls.filter((u) => u.includes(`:${WORDPRESS_PORT}/`))).toEqual([]);
  // The preview painted under it is inside the page (no request).
  await expect(page.locator("picture").locator("..")).toHaveAttribute("style", /data:image\/webp;base64,/);
  await expectAccessible(page, { jsEnabled: Boolean(javaScriptEnabled), browser });
  await context.close();
});

test("with no hints, the page's own script shows the image on a connection that is not slow, before any module", async ({
  page,
  javaScriptEnabled,
  checkA11y,
}) => {
  const urls = recordRequests(page);
  await trackLayoutShifts(page);
  if (javaScriptEnabled) {
    // A hydration mismatch is thrown on the page (hydration.js-only.spec.ts).
    const errors: string[] = [];
    page.on("pageerror", (error) => errors.push(error.message));
    // The app's modules are held: what shows now is the server's page and its inline scripts,
    // as on a phone that paints long before it hydrates.
    const release = await holdModules(page);
    // A phone's viewport (Lighthouse's), where the story's text is on screen below the image.
    await page.setViewportSize({ width: 412, height: 823 });
    const hero = page.waitForResponse((r) => new URL(r.url()).pathname.startsWith("/img/"));
    await page.goto(STORY, { waitUntil: "commit" });
    // Playwright's Chromium reports a fast connection (4g): the image is there before any module ran.
    const image = page.getByRole("img", { name: ALT });
    await expect(image).toBeVisible();
    await expect(image).toHaveAttribute("fetchpriority", "high");
    await expect(page.getByRole("link", { name: /Show the full image/ })).toHaveCount(0);
    expect((await hero).status()).toBe(200);
    await expect.poll(() => image.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBeGreaterThan(0);
    await expect(hydrated(page)).toHaveCount(0);
    const element = await image.elementHandle();
    release();
    await expect(hydrated(page)).toBeAttached();
    // Hydration kept the script's image: the same element, fetched once, with no mismatch reported.
    expect(await element?.evaluate((img) => img.isConnected)).toBe(true);
    expect(urls.filter((u) => new URL(u).pathname.startsWith("/img/"))).toHaveLength(1);
    expect(errors).toEqual([]);
    expect(await layoutShifts(page)).toBe(0);
  } else {
    await page.goto(STORY);
    const summary = page.getByRole("link", { name: `Show the full image: ${ALT}` });
    await expect(summary).toBeVisible();
    await page.waitForLoadState("load");
    expect(urls.filter((u) => u.includes("/img/"))).toEqual([]);
    await checkA11y();
    const full = page.waitForResponse((r) => new URL(r.url()).pathname.startsWith("/img/"));
    await summary.click();
    expect((await full).status()).toBe(200);
    await expect(page).toHaveURL(`${STORY}?image=full#story-image`);
    await expect(page.getByRole("img", { name: ALT })).toBeVisible();
  }
});

test("on a slow connection (Save-Data) the full image waits behind 'Show the full image'", async ({
  browser,
  baseURL,
  javaScriptEnabled,
}) => {
  const context = await browser.newContext({
    baseURL,
    javaScriptEnabled,
    extraHTTPHeaders: { "Save-Data": "on" },
  });
  await giveConsent(context, baseURL as string);
  const page = await context.newPage();
  const urls = recordRequests(page);
  await page.goto(STORY);
  await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
  const summary = page.getByRole("link", { name: `Show the full image: ${ALT}` });
  await expect(summary).toBeVisible();
  await page.waitForLoadState("load");
  expect(urls.filter((u) => u.includes("/img/"))).toEqual([]);
  await expect(page.getByRole("img", { name: ALT })).toHaveCount(0);
  const full = page.waitForResponse((r) => new URL(r.url()).pathname.startsWith("/img/"));
  await summary.click();
  expect((await full).status()).toBe(200);
  await expect(page).toHaveURL(/\?image=full#story-image$/);
  await expect(page.getByRole("img", { name: ALT })).toBeVisible();
  await context.close();
});

test("the image endpoint answers 404 to a URL it did not sign, and to sizes it does not make", async ({
  page,
  request,
}) => {
  await page.goto(`${STORY}?image=full`);
  const srcset = (await page.locator("picture source").first().getAttribute("srcset")) ?? "";
  const url = srcset.split(" ")[0] ?? "";
  expect(url).toMatch(/^\/img\//);
  const ok = await request.get(url);
  expect(ok.status()).toBe(200);
  const [, , token] = url.split("/") as [string, string, string];
  const [encoded, signature] = token.split(".") as [string, string];
  const metadata = Buffer.from("http://169.254.169.254/latest/meta-data/x.png").toString("base64url");
  for (const bad of [
    `/img/${metadata}.${signature}/320.avif`,
    `/img/${encoded}.${signature.slice(1)}x/320.avif`,
    `/img/${encoded}/320.avif`,
    `/img/${token}/333.avif`,
    `/img/${token}/320.png`,
  ]) {
    const response = await request.get(bad);
    expect(response.status(), bad).toBe(404);
    expect(await response.text()).toContain("No such image");
  }
});
