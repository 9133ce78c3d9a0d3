// The reader's library (shelves, reading positions): the rules both the
// server and the enhanced client use, and the schemas of its forms and API.
import { z } from "zod";
import { SLUG_PATTERN } from "~/utils/slug";

export const SHELVES = ["bookmarked", "read-later", "reading", "finished"] as const;
export type Shelf = (typeof SHELVES)[number];

export const SHELF_LABELS: Record<Shelf, string> = {
  bookmarked: "Bookmarked",
  "read-later": "Read later",
  reading: "Reading",
  finished: "Finished",
};

export const ShelfSchema = z.enum(SHELVES, { error: "Choose a shelf: Bookmarked, Read later, Reading or Finished." });
export const StorySlugSchema = z
  .string({ error: "Name the story." })
  .regex(SLUG_PATTERN, "That is not the address of a story.");

/** Sorts of /bookmarks (?sort=): date added, newest or oldest first, or title. */
export const LIBRARY_SORTS = ["-added", "added", "title"] as const;
export type LibrarySort = (typeof LIBRARY_SORTS)[number];

/** The one form of the library (/bookmarks): add or move to a shelf, remove, undo a removal. */
export const LibraryFormSchema = z.discriminatedUnion(
  "intent",
  [
    z.object({
      intent: z.literal("shelve"),
      slug: StorySlugSchema,
      shelf: ShelfSchema.default("bookmarked"),
      redirectTo: z.string().optional(),
    }),
    z.object({ intent: z.literal("remove"), slug: StorySlugSchema, redirectTo: z.string().optional() }),
    z.object({
      intent: z.literal("undo"),
      slug: StorySlugSchema,
      shelf: ShelfSchema,
      /** The date the story was first added, restored by Undo (ms since the epoch). */
      added: z.coerce.number().int().min(0).max(8_640_000_000_000_000),
      redirectTo: z.string().optional(),
    }),
  ],
  { error: "Choose what to do: shelve, remove or undo." },
);

/** A reading position as the forms and the API send it: the paragraph (0-based) the reader stopped at. */
export const PositionSchema = z.object({
  slug: StorySlugSchema,
  paragraph: z.coerce
    .number({ error: "The paragraph must be a number." })
    .int("The paragraph must be a whole number.")
    .min(0, "The paragraph must be 0 or more.")
    .max(100_000, "No story has that many paragraphs."),
  redirectTo: z.string().optional(),
});

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
