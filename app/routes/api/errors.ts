import { clientAddress } from "~/auth/client-address.server";
import { enforceRateLimit } from "~/auth/rate-limit.server";
import { ErrorRecordSchema } from "~/errors/error-log";
import { saveErrorRecord } from "~/errors/error-log.server";
import { issueMessage, jsonError, readJsonBody } from "~/utils/api-errors";
import type { Route } from "./+types/errors";

const ERROR_REPORT_LIMIT = { limit: 60, windowMs: 60 * 60_000 };

/** POST /api/errors: a browser error record (spec §3), or { id, message } for unhandled rejections. */
export async function action({ request, context }: Route.ActionArgs) {
  await enforceRateLimit(`errors:${clientAddress(context)}`, ERROR_REPORT_LIMIT, { json: true });
  const body = await readJsonBody(request);
  const record = ErrorRecordSchema.safeParse(body);
  if (!record.success) return jsonError(issueMessage(record.error, "Invalid error record."), 400);
  await saveErrorRecord(record.data);
  return Response.json({ ok: true }, { status: 201 });
}
