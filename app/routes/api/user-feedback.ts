import { z } from "zod";
import { getOptionalUser } from "~/auth/auth.server";
import { clientAddress } from "~/auth/client-address.server";
import { enforceRateLimit, giveBackRateLimit } from "~/auth/rate-limit.server";
import { ERROR_REPORT_CONTENT_PATTERN } from "~/errors/error-log";
import { FEEDBACK_LIMIT, saveFeedback } from "~/feedback/feedback.server";
import { issueMessage, jsonError, readJsonBody } from "~/utils/api-errors";
import type { Route } from "./+types/user-feedback";

const ErrorReportSchema = z.object({
  type: z.literal("bug"),
  content: z.string().regex(ERROR_REPORT_CONTENT_PATTERN, 'Use "Error Report - ID: {errorId}".'),
  metadata: z
    .object({
      errorId: z.string().max(100).optional(),
      userAgent: z.string().max(500).optional(),
      url: z.string().max(2000).optional(),
    })
    .optional(),
});

/** POST /api/user-feedback (spec §7): an error report from an error screen; the client toasts "Report sent". */
export async function action({ request, context }: Route.ActionArgs) {
  // Shared with /feedback and the other feedback API: counted first (parallel posts cannot slip past),
  // given back when the body is refused (a typo does not use up the limit).
  const limitKey = `feedback:${clientAddress(context)}`;
  await enforceRateLimit(limitKey, FEEDBACK_LIMIT, { json: true });
  const body = await readJsonBody(request);
  const parsed = ErrorReportSchema.safeParse(body);
  if (!parsed.success) {
    await giveBackRateLimit(limitKey);
    return jsonError(issueMessage(parsed.error, "Invalid error report."), 400);
  }
  const url = parsed.data.metadata?.url;
  const page = url && URL.canParse(url) ? new URL(url).pathname : undefined;
  const user = await getOptionalUser(request);
  const { id } = await saveFeedback(
    { type: "bug", category: "general", content: parsed.data.content, page },
    request,
    user?.id ?? null,
  );
  return Response.json(
    { id, toast: { title: "Report sent", description: "Thank you for your feedback." } },
    { status: 201 },
  );
}
