import { getOptionalUser } from "~/auth/auth.server";
import { readFeedbackApiBody, saveFeedback } from "~/feedback/feedback.server";
import { FeedbackSchema } from "~/feedback/feedback-form";
import type { Route } from "./+types/feedback";

/** POST /api/feedback (spec §7): JSON with type, content, page, category, screenResolution; 201 { id }. */
export async function action({ request, context }: Route.ActionArgs) {
  // content's message is spec §5's, word for word: it stays as it is.
  const input = await readFeedbackApiBody(request, context, FeedbackSchema, {
    fallback: "Invalid feedback.",
    bare: ["content"],
  });
  const user = await getOptionalUser(request);
  const { id } = await saveFeedback(input, request, user?.id ?? null);
  return Response.json({ id }, { status: 201 });
}
