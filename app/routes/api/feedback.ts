import { getOptionalUser } from "~/auth/auth.server";
import { clientAddress } from "~/auth/client-address.server";
import { enforceRateLimit } from "~/auth/rate-limit.server";
import { FEEDBACK_LIMIT, saveFeedback } from "~/feedback/feedback.server";
import { FeedbackSchema } from "~/feedback/feedback-form";
import { issueMessage, jsonError, readJsonBody } from "~/utils/api-errors";
import type { Route } from "./+types/feedback";

/** POST /api/feedback (spec §7): JSON with type, content, page, category, screenResolution; 201 { id }. */
export async function action({ request, context }: Route.ActionArgs) {
  await enforceRateLimit(`feedback:${clientAddress(context)}`, FEEDBACK_LIMIT, { json: true });
  const body = await readJsonBody(request);
  const parsed = FeedbackSchema.safeParse(body);
  // content's message is spec §5's, word for word: it stays as it is.
  if (!parsed.success) return jsonError(issueMessage(parsed.error, "Invalid feedback.", ["content"]), 400);
  const user = await getOptionalUser(request);
  const { id } = await saveFeedback(parsed.data, request, user?.id ?? null);
  return Response.json({ id }, { status: 201 });
}
