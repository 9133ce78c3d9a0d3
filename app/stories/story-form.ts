// The story form's schema and limits, shared by the browser (counts, messages)
// and the server (the check that counts). One schema for /submit-story and
// /edit-story/{id}: "Save draft" asks for a title only, "Submit for review"
// for everything.
import { z } from "zod";
import { WORDS_PER_MINUTE } from "~/content/story";
import { countWords, formatCount } from "~/utils/text";
import { CONTENT_WARNING_IDS } from "./content-warnings";

export const STORY_LIMITS = {
  titleMax: 120,
  summaryMax: 600,
  /** "Up to about 20,000 words" (docs/decisions/014): a long short story or a novelette. */
  wordsMax: 20_000,
  /** A submission needs a story, not a line. */
  wordsMin: 20,
  /** 20,000 words of ordinary prose are about 120,000 characters; the rest is room for Markdown. */
  markdownMaxChars: 200_000,
  tagsMax: 10,
  tagMax: 40,
  /** The proposed tags' field, all of them with their commas. */
  newTagsMaxChars: 1000,
} as const;

export const STORY_MESSAGES = {
  titleRequired: "Give your story a title.",
  titleTooLong: `A title has at most ${STORY_LIMITS.titleMax} characters.`,
  summaryRequired: "Write a short summary: readers see it in the Story Index.",
  summaryTooLong: `A summary has at most ${STORY_LIMITS.summaryMax} characters.`,
  textTooShort: `A story for review has at least ${STORY_LIMITS.wordsMin} words.`,
  textTooLong: `A story has at most ${formatCount(STORY_LIMITS.wordsMax)} words.`,
  textTooManyChars: `The story text is too long (at most ${formatCount(STORY_LIMITS.markdownMaxChars)} characters).`,
  categoryRequired: "Choose a category.",
  agreementRequired: "Please confirm that the story is your own work and follows the guidelines.",
  tooManyTags: `At most ${STORY_LIMITS.tagsMax} tags.`,
  tagTooLong: `A tag has at most ${STORY_LIMITS.tagMax} characters.`,
} as const;

/** What the writer's "Preview" shows above the form: the title and the text in the story page's blocks. */
export type StoryPreview = { title: string; blocks: string[]; words: number };

export function readingMinutesForWords(words: number): number {
  return Math.max(1, Math.round(words / WORDS_PER_MINUTE));
}

/** "gothic, old house, Ghosts" -> ["gothic", "old house", "Ghosts"]: trimmed, no empties, no repeats (any case). */
export function splitTags(value: string | undefined): string[] {
  const seen = new Set<string>();
  const tags: string[] = [];
  for (const raw of (value ?? "").split(",")) {
    const tag = raw.replace(/\s+/g, " ").trim();
    if (tag && !seen.has(tag.toLowerCase())) {
      seen.add(tag.toLowerCase());
      tags.push(tag);
    }
  }
  return tags;
}

const optionalText = (max: number, message: string) =>
  z
    .string()
    .max(max, message)
    .optional()
    .transform((v) => v?.trim() ?? "");

export const STORY_INTENTS = ["save", "submit"] as const;

/** The story's fields, shared by the writer's form and the admin's own posts (app/admin/post-form.ts). */
export const STORY_FIELDS = {
  title: z
    .string(STORY_MESSAGES.titleRequired)
    .trim()
    .min(1, STORY_MESSAGES.titleRequired)
    .max(STORY_LIMITS.titleMax, STORY_MESSAGES.titleTooLong),
  summary: optionalText(STORY_LIMITS.summaryMax, STORY_MESSAGES.summaryTooLong),
  markdown: optionalText(STORY_LIMITS.markdownMaxChars, STORY_MESSAGES.textTooManyChars),
  category: z
    .string()
    .regex(/^[a-z0-9][a-z0-9-]{0,199}$/, STORY_MESSAGES.categoryRequired)
    .optional(),
  /** Existing tags, by slug (checkboxes). */
  tag: z
    .array(z.string().regex(/^[a-z0-9][a-z0-9-]{0,199}$/))
    .max(STORY_LIMITS.tagsMax, STORY_MESSAGES.tooManyTags)
    .default([]),
  /** New tags the writer proposes, comma-separated. */
  newTags: z.string().max(STORY_LIMITS.newTagsMaxChars).optional(),
  warnings: z.array(z.enum(CONTENT_WARNING_IDS as [string, ...string[]])).default([]),
  mature: z.literal("on").optional(),
};

/**
 * The fields of a story form that already failed their own check. zod 4 skips an object's
 * refinement once any field has failed, so an empty form answered "Give your story a title."
 * alone and the summary, text, category and agreement only on the second send. The story
 * refinements run whenever `intent` parsed (`STORY_REFINEMENT`) and leave the failed fields alone.
 */
export function failedFields(ctx: z.RefinementCtx): Set<PropertyKey | undefined> {
  return new Set(ctx.issues.map((issue) => issue.path?.[0]));
}

/** Run a story form's refinement unless the object itself or its intent failed (see failedFields). */
export const STORY_REFINEMENT = {
  when: (payload: { issues: { path?: PropertyKey[] }[] }) =>
    payload.issues.every((issue) => (issue.path?.length ?? 0) > 0 && issue.path?.[0] !== "intent"),
};

/** The length and tag limits every story is held to, whoever saves it; returns the word count (0 when the text failed). */
export function checkStoryLimits(
  value: { markdown: string; tag: string[]; newTags?: string },
  ctx: z.RefinementCtx,
): number {
  const failed = failedFields(ctx);
  const words = failed.has("markdown") ? 0 : countWords(value.markdown);
  if (words > STORY_LIMITS.wordsMax)
    ctx.addIssue({ code: "custom", path: ["markdown"], message: STORY_MESSAGES.textTooLong });
  if (failed.has("newTags") || failed.has("tag")) return words;
  const proposed = splitTags(value.newTags);
  if (proposed.some((t) => t.length > STORY_LIMITS.tagMax))
    ctx.addIssue({ code: "custom", path: ["newTags"], message: STORY_MESSAGES.tagTooLong });
  if (proposed.length + value.tag.length > STORY_LIMITS.tagsMax)
    ctx.addIssue({ code: "custom", path: ["newTags"], message: STORY_MESSAGES.tooManyTags });
  return words;
}

export const StorySchema = z
  .object({
    intent: z.enum(STORY_INTENTS, "Choose Save draft or Submit for review."),
    ...STORY_FIELDS,
    agree: z.literal("on", STORY_MESSAGES.agreementRequired).optional(),
  })
  .superRefine((value, ctx) => {
    const failed = failedFields(ctx);
    const words = checkStoryLimits(value, ctx);
    if (value.intent !== "submit") return;
    // Submitting asks for everything a moderator and a reader need: each missing field is named
    // on the first send, beside whatever else failed (a field with its own message keeps it).
    if (!failed.has("summary") && !value.summary)
      ctx.addIssue({ code: "custom", path: ["summary"], message: STORY_MESSAGES.summaryRequired });
    if (!failed.has("markdown") && words < STORY_LIMITS.wordsMin)
      ctx.addIssue({ code: "custom", path: ["markdown"], message: STORY_MESSAGES.textTooShort });
    if (!failed.has("category") && !value.category)
      ctx.addIssue({ code: "custom", path: ["category"], message: STORY_MESSAGES.categoryRequired });
    if (!failed.has("agree") && value.agree !== "on")
      ctx.addIssue({ code: "custom", path: ["agree"], message: STORY_MESSAGES.agreementRequired });
  }, STORY_REFINEMENT);

export type StoryInput = z.output<typeof StorySchema>;

/** What the story form shows: a story's (or its pending revision's) fields. */
export type StoryFormValues = {
  title: string;
  summary: string;
  markdown: string;
  category: string;
  tag: string[];
  newTags: string;
  warnings: string[];
  mature: boolean;
};

export const EMPTY_STORY: StoryFormValues = {
  title: "",
  summary: "",
  markdown: "",
  category: "",
  tag: [],
  newTags: "",
  warnings: [],
  mature: false,
};
