// The feedback form (spec §3 feedback submission, §5 feedback rules).
import { z } from "zod";

export const FEEDBACK_TYPES = ["general", "bug", "feature", "content"] as const;
export const FEEDBACK_CATEGORIES = ["general", "ui", "performance", "accessibility", "content"] as const;

/** What the form's choices say (the reader's own list of what they sent says the same). */
export const TYPE_LABELS: Record<(typeof FEEDBACK_TYPES)[number], string> = {
  general: "General",
  bug: "Something is broken",
  feature: "An idea",
  content: "About a story",
};
export const CATEGORY_LABELS: Record<(typeof FEEDBACK_CATEGORIES)[number], string> = {
  general: "General",
  ui: "Look and layout",
  performance: "Speed",
  accessibility: "Accessibility",
  content: "Stories",
};
/**
 * What a piece of feedback is about, in the form's words ("An idea · Look and layout"): the reader's
 * list and the review say it so. The default category adds nothing ("General", not "General · General").
 */
export function feedbackAbout(type: string, category: string): string {
  const word = (labels: Record<string, string>, value: string) => labels[value] ?? value;
  const kind = word(TYPE_LABELS, type);
  return category === "general" ? kind : `${kind} · ${word(CATEGORY_LABELS, category)}`;
}
export const FEEDBACK_MIN_LENGTH = 5;
/** The longest feedback and page address: the schema's check and the textarea's maxlength. */
export const FEEDBACK_LIMITS = { content: 5000, page: 500 } as const;
export const FEEDBACK_TOO_SHORT = "Please provide more details about your feedback";
/**
 * The screen's "width x height" (spec §3), as the site's own form sends it ("1280 x 800"); another
 * client's "1280x800" is taken too, and kept in the spec's form.
 */
const SCREEN_RESOLUTION = /^\s*(\d{1,5})\s*x\s*(\d{1,5})\s*$/i;

export const FeedbackSchema = z.object({
  type: z.enum(FEEDBACK_TYPES).default("general"),
  content: z
    .string({ error: FEEDBACK_TOO_SHORT })
    .trim()
    .min(FEEDBACK_MIN_LENGTH, FEEDBACK_TOO_SHORT)
    .max(FEEDBACK_LIMITS.content, `Please keep your feedback under ${FEEDBACK_LIMITS.content} characters.`),
  page: z.string().max(FEEDBACK_LIMITS.page).optional(),
  category: z.enum(FEEDBACK_CATEGORIES).default("general"),
  screenResolution: z
    .string()
    .regex(SCREEN_RESOLUTION, "Use width x height in pixels, e.g. 1280 x 800.")
    .transform((value) => value.replace(SCREEN_RESOLUTION, "$1 x $2"))
    .optional(),
});

export const FEEDBACK_SUCCESS = {
  title: "Feedback Submitted",
  description: "Thank you for your feedback! We appreciate your input.",
} as const;
export const FEEDBACK_FAILURE = {
  title: "Submission Failed",
  description: "There was a problem submitting your feedback. Please try again.",
} as const;
