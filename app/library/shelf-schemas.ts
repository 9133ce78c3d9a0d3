// The schemas of the library's forms and API (shelves.ts holds the rules they check).
import { z } from "zod";
import { SLUG_PATTERN } from "~/utils/slug";
import { SHELVES } from "./shelves";

export const ShelfSchema = z.enum(SHELVES, { error: "Choose a shelf: Bookmarked, Read later, Reading or Finished." });
export const StorySlugSchema = z
  .string({ error: "Name the story." })
  .regex(SLUG_PATTERN, "That is not the address of a story.");

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
