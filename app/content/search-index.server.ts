// Fills the search text (search-index.ts) of the rows that have none: after the migration that
// made it (20261201175601_search_text), or rows another tool wrote.
import { prisma } from "~/db.server";
import { foldForSearch } from "~/site/search-text";
import type { RemotePost } from "./remote-post";
import { postSearchText, syncedSearchText } from "./search-index";

const BATCH = 100;

/**
 * Fills the search text of the rows that have none (after the migration that made it, or rows
 * another tool wrote), a batch at a time. Raw updates: the post's `updatedAt` is its writer's,
 * not this. Several processes may run it at once: each writes the same text.
 */
export async function fillSearchText(): Promise<number> {
  let filled = 0;
  for (;;) {
    const posts = await prisma.post.findMany({
      where: { searchText: "" },
      select: { id: true, title: true, summary: true, excerpt: true, content: true },
      take: BATCH,
    });
    for (const post of posts) {
      // A row with nothing to fold still gets a non-empty text, so it is not read again.
      await prisma.$executeRaw`UPDATE "Post" SET "searchText" = ${postSearchText(post) || " "} WHERE "id" = ${post.id}`;
    }
    filled += posts.length;
    if (posts.length < BATCH) break;
  }
  for (;;) {
    const copies = await prisma.syncedPost.findMany({
      where: { text: "" },
      select: { id: true, title: true, data: true },
      take: BATCH,
    });
    for (const copy of copies) {
      let text = foldForSearch(copy.title);
      try {
        text = syncedSearchText(JSON.parse(copy.data) as RemotePost);
      } catch {
        // A copy whose data does not parse is searched by its title.
      }
      await prisma.$executeRaw`UPDATE "SyncedPost" SET "text" = ${text || " "} WHERE "id" = ${copy.id}`;
    }
    filled += copies.length;
    if (copies.length < BATCH) break;
  }
  return filled;
}
