// The community's forms: one zod schema each, shared by the page and its action.
import { z } from "zod";
import { TEXT_LIMITS } from "./text";

const { title, body, reportDetails } = TEXT_LIMITS;

const PostId = z.coerce
  .number({ error: "This form could not be sent as it was. Reload the page and try again." })
  .int()
  .positive()
  .max(2 ** 31 - 1);

export const BodySchema = z
  .string({ error: "Write something first." })
  .trim()
  .min(body.min, "Write something first.")
  .max(body.max, `Please keep it under ${body.max} characters.`);

export const ThreadSchema = z.object({
  title: z
    .string({ error: "Give the thread a title." })
    .trim()
    .min(title.min, `A title needs at least ${title.min} characters.`)
    .max(title.max, `Please keep the title under ${title.max} characters.`),
  body: BodySchema,
});

/** A reply in a thread, or a comment on a community story. */
export const ReplySchema = z.object({
  body: BodySchema,
  quoteOf: PostId.optional(),
});

/** Its author's new text for a post or comment: the same rules as writing it. */
export const EditSchema = z.object({ body: BodySchema });

export const REPORT_REASONS = {
  spam: "Spam or advertising",
  harassment: "Harassment or bullying",
  hate: "Hateful or violent speech",
  spoiler: "Spoilers or disturbing content without a warning",
  copied: "Copied from someone else's work",
  other: "Something else",
} as const;
export type ReportReason = keyof typeof REPORT_REASONS;

export const ReportSchema = z.object({
  postId: PostId,
  reason: z.enum(Object.keys(REPORT_REASONS) as [ReportReason, ...ReportReason[]], {
    error: "Choose a reason.",
  }),
  details: z
    .string()
    .trim()
    .max(reportDetails.max, `Please keep the details under ${reportDetails.max} characters.`)
    .optional(),
});

export const MODERATION_INTENTS = ["hide", "delete", "dismiss"] as const;
export type ModerationIntent = (typeof MODERATION_INTENTS)[number];

export const ModerationSchema = z.object({
  intent: z.enum(MODERATION_INTENTS, { error: "Choose hide, delete or dismiss." }),
  postId: PostId,
});
