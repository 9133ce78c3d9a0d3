import { z } from "zod";
import { getOptionalUser } from "~/auth/auth.server";
import { ERROR_REPORT_CONTENT_PATTERN } from "~/errors/error-log";
import { readFeedbackApiBody, saveFeedback } from "~/feedback/feedback.server";
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
  const report = await readFeedbackApiBody(request, context, ErrorReportSchema, { fallback: "Invalid error report." });
  const url = report.metadata?.url;
  const page = url && URL.canParse(url) ? new URL(url).pathname : undefined;
  const user = await getOptionalUser(request);
  const { id } = await saveFeedback(
    { type: "bug", category: "general", content: report.content, page },
    request,
    user?.id ?? null,
  );
  return Response.json(
    { id, toast: { title: "Report sent", description: "Thank you for your feedback." } },
    { status: 201 },
  );
}
