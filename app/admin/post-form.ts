import { data } from "react-router";
// The admin's own posts (/admin/posts/new, /admin/posts/{id}): the story
// editor's fields (app/stories/story-form.ts, one set of limits) plus a
// publish date. "Save draft" keeps the post private; "Publish" makes it
// public at its publish date (now when empty, later when in the future:
// app/content/own-posts.server.ts publishedNow is the rule readers meet).
import { z } from "zod";
import {
  checkStoryLimits,
  failedFields,
  STORY_FIELDS,
  STORY_REFINEMENT,
  type StoryFormValues,
} from "~/stories/story-form";

/** The own-post list's filters (/admin/posts?status=...). */
export const POST_FILTERS = ["all", "published", "scheduled", "draft"] as const;
export type PostFilter = (typeof POST_FILTERS)[number];

export const POST_INTENTS = ["save", "publish"] as const;

export const POST_MESSAGES = {
  textRequired: "Write the post's text before publishing it.",
  badDate: "Give the date and time as YYYY-MM-DDTHH:MM (UTC).",
  confirmDelete: "Tick the box to confirm that the post is deleted for good.",
} as const;

/** `<input type="datetime-local">` sends "2026-12-01T18:30" (seconds optional); read as UTC. */
export function parsePublishAt(value: string): Date | null {
  if (!/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2})?$/.test(value)) return null;
  const date = new Date(`${value}Z`);
  return Number.isNaN(date.getTime()) ? null : date;
}

/** A date as the datetime-local field shows it (UTC, to the minute). */
export const publishAtValue = (date: Date | string | null) => (date ? new Date(date).toISOString().slice(0, 16) : "");

export const AdminPostSchema = z
  .object({
    intent: z.enum(POST_INTENTS, "Choose Save draft or Publish."),
    ...STORY_FIELDS,
    publishAt: z
      .string()
      .trim()
      .optional()
      .refine((v) => !v || parsePublishAt(v) !== null, POST_MESSAGES.badDate),
  })
  .superRefine((value, ctx) => {
    const failed = failedFields(ctx);
    const words = checkStoryLimits(value, ctx);
    if (value.intent === "publish" && !failed.has("markdown") && words === 0)
      ctx.addIssue({ code: "custom", path: ["markdown"], message: POST_MESSAGES.textRequired });
  }, STORY_REFINEMENT);

export type AdminPostInput = z.output<typeof AdminPostSchema>;

export type AdminPostFormValues = StoryFormValues & { publishAt: string };

export const DeletePostSchema = z.object({
  intent: z.literal("delete"),
  confirm: z.literal("on", POST_MESSAGES.confirmDelete),
});

/** What the post's status says in the lists: published, scheduled (with its date) or a draft. */
export type OwnPostState = "published" | "scheduled" | "draft";

export function ownPostState(post: { status: string; publishedAt: Date | null }, now: Date = new Date()): OwnPostState {
  if (post.status !== "published") return "draft";
  return post.publishedAt && post.publishedAt.getTime() > now.getTime() ? "scheduled" : "published";
}

/**
 * An own post's number from the URL (/admin/posts/:postId); no parameter
 * (/admin/posts/new) is a new post. Anything that cannot be a number is a 404
 * for anyone, before the role check (the admin layout asks too).
 */
export function postIdParam(value: string | undefined): number | null {
  if (value === undefined) return null;
  const id = /^[1-9]\d{0,9}$/.test(value) ? Number(value) : Number.NaN;
  if (!Number.isSafeInteger(id) || id > 2_147_483_647) {
    throw data({ message: "There is no own post with this number." }, { status: 404 });
  }
  return id;
}
