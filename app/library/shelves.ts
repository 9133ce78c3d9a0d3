// The reader's library (shelves, reading positions): the rules both the
// server and the enhanced client use. The schemas of its forms and API are in
// shelf-schemas.ts, so the reading pages' JavaScript carries no zod.

export const SHELVES = ["bookmarked", "read-later", "reading", "finished"] as const;
export type Shelf = (typeof SHELVES)[number];

export const SHELF_LABELS: Record<Shelf, string> = {
  bookmarked: "Bookmarked",
  "read-later": "Read later",
  reading: "Reading",
  finished: "Finished",
};

/** Sorts of /bookmarks (?sort=): date added, newest or oldest first, or title. */
export const LIBRARY_SORTS = ["-added", "added", "title"] as const;
export type LibrarySort = (typeof LIBRARY_SORTS)[number];

/** The percentage read when the reader stopped at `paragraph` (0-based) of `count`. */
export function percentRead(paragraph: number, count: number): number {
  if (count <= 0) return 0;
  const index = Math.min(Math.max(paragraph, 0), count - 1);
  return Math.round(((index + 1) / count) * 100);
}

/** Stopping at the last paragraph finishes the story. */
export function reachedEnd(paragraph: number, count: number): boolean {
  return count > 0 && paragraph >= count - 1;
}

/**
 * The shelf after the reader reads on: the end of the story finishes it;
 * otherwise a story not on a shelf, or waiting on Read later, moves to Reading;
 * Bookmarked, Reading and Finished stay (re-reading a finished story keeps it
 * finished).
 */
export function shelfAfterReading(current: Shelf | null, atEnd: boolean): Shelf {
  if (atEnd) return "finished";
  if (current === null || current === "read-later") return "reading";
  return current;
}

/** The anchor of a paragraph on the story page. */
export const paragraphId = (index: number) => `p-${index}`;

/** Where the library form sends a reader back after a post without JavaScript. */
export const LIBRARY_PATH = "/bookmarks";
