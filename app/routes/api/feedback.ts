import { getOptionalUser } from "~/auth/auth.server";
import { clientAddress } from "~/auth/client-address.server";
import { enforceRateLimit, giveBackRateLimit } from "~/auth/rate-limit.server";
import { FEEDBACK_LIMIT, saveFeedback } from "~/feedback/feedback.server";
import { FeedbackSchema } from "~/feedback/feedback-form";
import { issueMessage, jsonError, readJsonBody } from "~/utils/api-errors";
import type { Route } from "./+types/feedback";

/** POST /api/feedback (spec §7): JSON with type, content, page, category, screenResolution; 201 { id }. */
export async function action({ request, context }: Route.ActionArgs) {
  // Shared with /feedback and the other feedback API: counted first (parallel posts cannot slip past),
  // given back when the body is refused (a typo does not use up the limit).
  const limitKey = `feedback:${clientAddress(context)}`;
  await enforceRateLimit(limitKey, FEEDBACK_LIMIT, { json: true });
  const body = await readJsonBody(request);
  const parsed = FeedbackSchema.safeParse(body);
  // content's message is spec §5's, word for word: it stays as it is.
  if (!parsed.success) {
    await giveBackRateLimit(limitKey);
    return jsonError(issueMessage(parsed.error, "Invalid feedback.", ["content"]), 400);
  }
  const user = await getOptionalUser(request);
  const { id } = await saveFeedback(parsed.data, request, user?.id ?? null);
  return Response.json({ id }, { status: 201 });
}
