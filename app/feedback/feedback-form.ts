// The feedback form (spec §3 feedback submission, §5 feedback rules).
import { z } from "zod";

export const FEEDBACK_TYPES = ["general", "bug", "feature", "content"] as const;
export const FEEDBACK_CATEGORIES = ["general", "ui", "performance", "accessibility", "content"] as const;
export const FEEDBACK_MIN_LENGTH = 5;
export const FEEDBACK_TOO_SHORT = "Please provide more details about your feedback";

export const FeedbackSchema = z.object({
  type: z.enum(FEEDBACK_TYPES).default("general"),
  content: z
    .string({ error: FEEDBACK_TOO_SHORT })
    .trim()
    .min(FEEDBACK_MIN_LENGTH, FEEDBACK_TOO_SHORT)
    .max(5000, "Please keep your feedback under 5000 characters."),
  page: z.string().max(500).optional(),
  category: z.enum(FEEDBACK_CATEGORIES).default("general"),
  screenResolution: z
    .string()
    .regex(/^\d{1,5} x \d{1,5}$/)
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
