// The signed-in reader's library, with JavaScript on and off: bookmarks and
// shelves, removal with Undo, the exact reading position, /reader's Continue
// reading, recommendations, /profile and the sign-in redirect.
import sharp from "sharp";
import { newReader, signUp } from "../support/accounts";
import { expect, test } from "../support/test";

const FERRY = { slug: "last-ferry-to-hollin-isle", title: "Last Ferry to Hollin Isle" };

test("anonymous readers are sent to sign in and come back", async ({ page }) => {
  await page.goto("/");
  await expect(
    page.getByRole("complementary", { name: "Sidebar" }).getByRole("link", { name: "Bookmarks" }),
  ).toHaveCount(0);
  for (const path of ["/bookmarks", "/profile", "/recommendations"]) {
    await page.goto(path);
    await expect(page).toHaveURL(`/auth?${new URLSearchParams({ redirectTo: path })}`);
  }
  // Anonymous story pages carry no per-reader controls (they are cached for everyone).
  await page.goto(`/story/${FERRY.slug}`);
  await expect(page.getByRole("button", { name: /Bookmark/ })).toHaveCount(0);
  await expect(page.getByRole("button", { name: /I stopped here/ })).toHaveCount(0);
  await expect(page.locator("#p-0")).toBeVisible();
  // Where the story ends, the same line for every anonymous reader says what signing in gives, and
  // brings them back to the story.
  await expect(page.getByText("to bookmark this story, put it on a shelf and keep your place in it.")).toBeVisible();
  await page.getByRole("main").getByRole("link", { name: "Sign in", exact: true }).click();
  await expect(page).toHaveURL(`/auth?${new URLSearchParams({ redirectTo: `/story/${FERRY.slug}` })}`);
});

test("bookmark a story, change its shelf, remove it and undo", async ({ page, checkA11y }) => {
  await signUp(page);
  await page.goto(`/story/${FERRY.slug}`);
  const main = page.getByRole("main");
  await main.getByRole("button", { name: `Bookmark ${FERRY.title}` }).click();
  await expect(main.getByText("On your shelf: Bookmarked")).toBeVisible();

  await page.getByRole("link", { name: "Bookmarks", exact: true }).first().click();
  await expect(page).toHaveURL("/bookmarks");
  await expect(page.getByRole("heading", { level: 1, name: "Bookmarks" })).toBeVisible();
  const item = main.getByRole("listitem").filter({ has: page.getByRole("heading", { name: FERRY.title }) });
  await expect(item).toBeVisible();
  await checkA11y();

  await item.getByLabel(`Shelf for ${FERRY.title}`).selectOption("read-later");
  await item.getByRole("button", { name: `Move ${FERRY.title}`, exact: true }).click();
  await expect(item.getByText("On your shelf: Read later")).toBeVisible();

  // The shelf filter is a link with the shelf in the query string.
  const shelves = page.getByRole("group", { name: "Shelf" });
  await shelves.getByRole("link", { name: /Read later/ }).click();
  await expect(page).toHaveURL("/bookmarks?shelf=read-later");
  await expect(item).toBeVisible();
  await shelves.getByRole("link", { name: /Finished/ }).click();
  await expect(page).toHaveURL("/bookmarks?shelf=finished");
  await expect(main.getByText("No story on this shelf matches.")).toBeVisible();
  await shelves.getByRole("link", { name: /All/ }).click();

  await item.getByRole("button", { name: `Remove ${FERRY.title} from library` }).click();
  const toast = page.getByRole("status").filter({ hasText: "Removed from your library" });
  await expect(toast).toBeVisible();
  await expect(main.getByText("Nothing here yet.")).toBeVisible();
  await toast.getByRole("button", { name: "Undo" }).click();
  await expect(item).toBeVisible();
  await expect(item.getByText("On your shelf: Read later")).toBeVisible();
});

test("a story card in the index can be bookmarked, and every list offers it", async ({ page }) => {
  await signUp(page);
  for (const list of ["/", "/reader", "/search?q=salt"]) {
    await page.goto(list);
    const first = page.getByRole("main").getByRole("article").first();
    await expect(first.getByRole("button", { name: /^Read later: / }), list).toBeVisible();
  }
  await page.goto("/stories");
  const card = page.getByRole("article").filter({ has: page.getByRole("heading", { name: "Bread & Salt" }) });
  // The bookmark's own answer: with consent given, the page's analytics beacons are POSTs too.
  const stored = page.waitForResponse(
    (response) => response.request().method() === "POST" && new URL(response.url()).pathname.startsWith("/bookmarks"),
  );
  await card.getByRole("button", { name: "Read later: Bread & Salt" }).click();
  await expect(card.getByText("On your shelf: Read later")).toBeVisible();
  // With JavaScript the card says so at once (optimistically): leaving the page before the
  // server has answered would cancel the request, so the test waits for the answer.
  await stored;
  await page.goto("/bookmarks?shelf=read-later");
  await expect(page.getByRole("heading", { name: "Bread & Salt" })).toBeVisible();
});

test("a reader who shelves a story far down a list stays where they were, on a phone", async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await signUp(page);
  await page.goto("/stories");
  // The list's last card, far below the first screen.
  const card = page.getByRole("main").getByRole("article").last();
  const title = (await card.getByRole("heading").textContent())?.trim() ?? "";
  await card.scrollIntoViewIfNeeded();
  await card.getByRole("button", { name: `Read later: ${title}` }).click();
  await expect(card.getByText("On your shelf: Read later")).toBeVisible();
  // Without JavaScript the answer is a new page: it comes back to the card, not to the list's top.
  await expect(card).toBeInViewport();
  await expect(page.getByRole("main").getByRole("article").first()).not.toBeInViewport();
});

test("a reader comes back to the paragraph they stopped at, and /reader shows the percentage", async ({
  page,
  checkA11y,
}) => {
  await signUp(page);
  await page.goto(`/story/${FERRY.slug}`);
  await checkA11y();
  await page.getByRole("button", { name: "I stopped here (paragraph 3 of 4)" }).click();
  await expect(page.getByRole("status").filter({ hasText: "Place saved: 75% read" })).toBeVisible();
  // Where the reader pressed, the page says so too: on a phone the toast is at the top, out of sight.
  await expect(page.getByRole("button", { name: "Your place (paragraph 3 of 4)" })).toBeInViewport();
  await expect(page.getByRole("button", { name: /^Your place/ })).toHaveCount(1);

  await page.goto("/reader");
  const continueReading = page.getByRole("region", { name: "Continue reading" });
  await expect(continueReading.getByText("75% read")).toBeVisible();
  await continueReading.getByRole("link", { name: FERRY.title }).click();
  await expect(page).toHaveURL(`/story/${FERRY.slug}#p-2`);
  await expect(page.locator("#p-2")).toBeInViewport();

  await page.goto(`/story/${FERRY.slug}`);
  await page.getByRole("link", { name: "Continue where you stopped (75% read)" }).click();
  await expect(page).toHaveURL(`/story/${FERRY.slug}#p-2`);
  await expect(page.locator("#p-2")).toBeInViewport();

  // The end of the story finishes it: it moves to the Finished shelf.
  await page.getByRole("button", { name: "I finished this story" }).click();
  await expect(page.getByRole("status").filter({ hasText: "Finished" }).first()).toBeVisible();
  await page.goto("/bookmarks?shelf=finished");
  await expect(page.getByRole("heading", { name: FERRY.title })).toBeVisible();
});

test("recommendations explain themselves", async ({ page, checkA11y }) => {
  await signUp(page);
  await page.goto("/recommendations");
  await expect(page.getByRole("heading", { level: 1, name: "Recommendations" })).toBeVisible();
  await expect(page.getByRole("listitem").first()).toBeVisible();
  await checkA11y();

  // Finishing a folk horror story recommends other folk horror.
  await page.goto(`/story/${FERRY.slug}`);
  await page.getByRole("button", { name: "I finished this story" }).click();
  await expect(page.getByRole("status").filter({ hasText: "Finished" }).first()).toBeVisible();
  await page.goto("/recommendations");
  const item = page
    .getByRole("main")
    .getByRole("listitem")
    .filter({ has: page.getByRole("heading", { name: "Bread & Salt" }) });
  await expect(item.getByText(`Because you finished ${FERRY.title}: also in Folk Horror`)).toBeVisible();
  await expect(page.getByRole("heading", { name: FERRY.title })).toHaveCount(0);
});

test("the profile shows the reader, their counts and links", async ({ page, checkA11y }) => {
  const reader = newReader();
  await signUp(page, reader);
  await page.goto("/profile");
  await expect(page.getByRole("heading", { level: 1, name: reader.username })).toBeVisible();
  await expect(page.getByRole("img", { name: "Default avatar" })).toBeVisible();
  await expect(page.getByText("Joined")).toBeVisible();
  await expect(page.getByRole("link", { name: "Bookmarks" }).first()).toBeVisible();
  await expect(page.getByRole("link", { name: "Administration" })).toHaveCount(0);
  await checkA11y();
  // Bookmarks in the sidebar's Navigation group and in the account menu.
  await expect(
    page.getByRole("complementary", { name: "Sidebar" }).getByRole("link", { name: "Bookmarks" }),
  ).toBeVisible();
  const header = page.getByRole("banner");
  await header.getByLabel(`Account menu for ${reader.username}`).click();
  await header.getByRole("link", { name: "Bookmarks" }).click();
  await expect(page).toHaveURL("/bookmarks");
});

test("an uploaded avatar is resized, stripped of its metadata and served from our origin", async ({
  page,
  request,
}) => {
  const reader = newReader();
  await signUp(page, reader);
  await page.goto("/profile");
  const photo = await sharp({ create: { width: 900, height: 600, channels: 3, background: "#552233" } })
    .withExif({ IFD0: { Copyright: "secret-exif-marker", Artist: "secret-exif-marker" } })
    .jpeg()
    .toBuffer();
  expect(photo.includes("secret-exif-marker")).toBe(true);
  await page.getByLabel(/^Image/).setInputFiles({ name: "me.jpg", mimeType: "image/jpeg", buffer: photo });
  await page.getByRole("button", { name: "Upload avatar" }).click();
  await expect(page.getByRole("status").filter({ hasText: "Avatar updated" })).toBeVisible();
  const avatar = page.getByRole("img", { name: `${reader.username}'s avatar` });
  const src = (await avatar.getAttribute("src")) ?? "";
  expect(src).toMatch(/^\/avatars\/[a-z0-9]+\/[a-f0-9]{16}\.webp$/);
  const image = await request.get(src);
  expect(image.headers()["content-type"]).toBe("image/webp");
  expect(image.headers()["cache-control"]).toBe("public, max-age=31536000, immutable");
  const bytes = await image.body();
  expect(bytes.includes("secret-exif-marker")).toBe(false);
  const metadata = await sharp(bytes).metadata();
  expect(metadata).toMatchObject({ width: 192, height: 192, format: "webp" });
  expect(metadata.exif).toBeUndefined();

  await page
    .getByLabel(/^Image/)
    .setInputFiles({ name: "notes.jpg", mimeType: "image/jpeg", buffer: Buffer.from("not an image") });
  await page.getByRole("button", { name: "Upload avatar" }).click();
  await expect(page.getByRole("alert")).toContainText("not an image we can read");
  // The avatar that was there is kept.
  await expect(page.getByRole("img", { name: `${reader.username}'s avatar` })).toHaveAttribute("src", src);
});
