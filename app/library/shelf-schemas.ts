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

/** The most paragraphs a reading position may name (0-based, so one more than any story has). */
export const MAX_PARAGRAPH = 100_000;
/**
 * What a paragraph that is refused misses: the range (a number out of it, a fraction, a string).
 * The JSON API names the field before it ("paragraph: Use …", ~/utils/api-errors issueMessage).
 */
const PARAGRAPH_RANGE = `Use a whole number from 0 to ${MAX_PARAGRAPH}.`;
const inRange = (number: z.ZodNumber) =>
  number.int(PARAGRAPH_RANGE).min(0, PARAGRAPH_RANGE).max(MAX_PARAGRAPH, PARAGRAPH_RANGE);

/** The paragraph (0-based) the reader stopped at, as JSON sends it: a number. */
export const ParagraphSchema = inRange(z.number({ error: PARAGRAPH_RANGE }));

/** A reading position as the forms and the API send it: the paragraph (0-based) the reader stopped at. */
export const PositionSchema = z.object({
  slug: StorySlugSchema,
  // A form sends text.
  paragraph: inRange(z.coerce.number({ error: PARAGRAPH_RANGE })),
  redirectTo: z.string().optional(),
});
