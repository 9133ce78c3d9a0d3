// The server's side of reading offline (docs/decisions/042): the shell page the
// service worker precaches, and the signed-in reader's saved list it keeps.
import { createHmac } from "node:crypto";
import { getOptionalUser } from "~/auth/auth.server";
import { contentChain } from "~/content/content.server";
import { prisma } from "~/db.server";
import { sessionSecrets } from "~/env.server";
import { responsiveImage } from "~/images/image-url.server";
import type { Shelf } from "~/library/shelves";
import { LIBRARY_PATH } from "~/library/shelves";
import { SITE } from "~/utils/site";
import { storyPath } from "~/utils/story-paths";
import { type SavedList, smallImage } from "./offline";

/** The shelves that are "saved": a finished story is not kept for the bus. */
export const OFFLINE_SHELVES: Shelf[] = ["bookmarked", "read-later", "reading"];
/** The newest saved stories kept, at most (each a page and a small image: about 20 KB together). */
export const OFFLINE_MAX_STORIES = 30;

/**
 * The signed-in reader's saved stories with their small images, and an opaque
 * key of the reader: the worker drops its pages when the key changes.
 */
export async function savedList(request: Request): Promise<SavedList> {
  const user = await getOptionalUser(request);
  if (!user) return { reader: null, pages: [], stories: [] };
  const rows = await prisma.bookmark.findMany({
    where: { userId: user.id, shelf: { in: OFFLINE_SHELVES } },
    orderBy: [{ createdAt: "desc" }, { id: "asc" }],
    take: OFFLINE_MAX_STORIES,
    select: { story: { select: { slug: true, title: true } } },
  });
  const stories = await Promise.all(
    rows.map(async ({ story }) => {
      // The chain's cache answers for stories read lately; a story gone from every source is not kept.
      const full = await contentChain.getStory(story.slug).catch(() => null);
      const image = full?.image ? responsiveImage(full.image) : null;
      return full
        ? {
            url: storyPath({ slug: story.slug, community: full.community }),
            title: full.title,
            image: image ? smallImage(image.sources) : null,
          }
        : null;
    }),
  );
  return {
    reader: createHmac("sha256", sessionSecrets[0] as string)
      .update(`offline:${user.id}`)
      .digest("base64url")
      .slice(0, 22),
    pages: [LIBRARY_PATH],
    stories: stories.filter((s) => s !== null),
  };
}

/** The page the worker shows for a page it has not kept; it writes the saved list between the markers. */
export function offlineShell(): string {
  return `<!DOCTYPE html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>Offline · ${SITE.name}</title>
<style>
:root { color-scheme: light dark; --bg: #f6efe3; --ink: #221813; --accent: #8e1b22; }
@media (prefers-color-scheme: dark) { :root { --bg: #15100d; --ink: #efe5d6; --accent: #e8707a; } }
body { background: var(--bg); color: var(--ink); font-family: Georgia, "Times New Roman", serif; line-height: 1.6; max-width: 38em; margin: 0 auto; padding: 1rem; }
a { color: var(--accent); }
li { margin: 0.5rem 0; }
</style>
</head>
<body>
<header><p><a href="/">${SITE.name}</a></p></header>
<main>
<h1>You are offline</h1>
<p>This page is not saved for reading without a connection. Saved for offline reading:</p>
<!--saved--><p>Nothing yet. While you are online, bookmark a story (signed in) or keep it for offline reading from its page.</p><!--/saved-->
<p>Reload this page once you have a signal again.</p>
</main>
</body>
</html>
`;
}

/** It runs no script and loads nothing; the worker serves it in place of other pages. */
export const OFFLINE_SHELL_HEADERS = {
  "Content-Type": "text/html; charset=utf-8",
  "Content-Security-Policy":
    "default-src 'none'; style-src 'unsafe-inline'; base-uri 'none'; form-action 'none'; frame-ancestors 'none'",
  "Cache-Control": "no-cache",
};
