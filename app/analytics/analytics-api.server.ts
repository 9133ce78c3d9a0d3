// The analytics JSON API (spec §7): the browser's three reports (POST, only
// with consent, same-origin: docs/decisions/023) and the admins' three GET
// reports. Errors carry the §8 codes (app/utils/api-errors.ts).
import type { RouterContextProvider } from "react-router";
import type { z } from "zod";
import { getOptionalUser } from "~/auth/auth.server";
import { clientAddress } from "~/auth/client-address.server";
import { enforceRateLimit, type RateLimitRule } from "~/auth/rate-limit.server";
import { issueMessage, jsonError, readJsonBody } from "~/utils/api-errors";
import {
  DateRangeSchema,
  PageViewReportSchema,
  PerformanceReportSchema,
  resolveRange,
  VitalsReportSchema,
} from "./analytics";
import { type Category, recordPageViewReport, recordPerformance, recordVital, refusal } from "./record.server";
import { devicesReport, engagementReport, readingTimeReport } from "./reports.server";

type Context = Readonly<RouterContextProvider>;

/** A page view per navigation, five vitals and a performance report per page load: room for a busy reader, not a flood. */
export const ANALYTICS_API_LIMIT: RateLimitRule = { limit: 1200, windowMs: 60 * 60_000 };

const NO_STORE = { "Cache-Control": "private, no-store" };

const firstIssue = (error: z.ZodError) => issueMessage(error, "Invalid report.");

async function beacon<S extends z.ZodType>(
  request: Request,
  context: Context,
  category: Category,
  schema: S,
  record: (value: z.infer<S>) => Promise<HeadersInit | undefined>,
): Promise<Response> {
  await enforceRateLimit(`analytics:${clientAddress(context)}`, ANALYTICS_API_LIMIT, { json: true });
  const body = await readJsonBody(request);
  const refused = await refusal(request, category);
  if (refused) return jsonError(refused, 403, NO_STORE);
  const parsed = schema.safeParse(body);
  if (!parsed.success) return jsonError(firstIssue(parsed.error), 400, NO_STORE);
  const headers = new Headers(NO_STORE);
  const extra = await record(parsed.data);
  if (extra) for (const [name, value] of new Headers(extra)) headers.append(name, value);
  return Response.json({ ok: true }, { status: 202, headers });
}

/** POST /api/analytics/pageview (analytics consent). */
export function pageViewAction(request: Request, context: Context) {
  return beacon(request, context, "analytics", PageViewReportSchema, async (report) => {
    const { setCookie } = await recordPageViewReport(request, context, report);
    return setCookie ? { "Set-Cookie": setCookie } : undefined;
  });
}

/** POST /api/analytics/vitals (performance consent). */
export function vitalsAction(request: Request, context: Context) {
  return beacon(request, context, "performance", VitalsReportSchema, async (report) => {
    await recordVital(request, report);
    return undefined;
  });
}

/** POST /api/analytics/performance (performance consent). */
export function performanceAction(request: Request, context: Context) {
  return beacon(request, context, "performance", PerformanceReportSchema, async (report) => {
    await recordPerformance(request, report);
    return undefined;
  });
}

const REPORTS = {
  "reading-time": readingTimeReport,
  devices: devicesReport,
  engagement: engagementReport,
} as const;

/** GET /api/analytics/{reading-time,devices,engagement}-test?from&to: admins only (401 / 403 JSON otherwise). */
export async function adminReport(request: Request, kind: keyof typeof REPORTS): Promise<Response> {
  const user = await getOptionalUser(request);
  if (!user) return jsonError("Sign in as an administrator to see the analytics.", 401, NO_STORE);
  if (!user.isAdmin) return jsonError("You don't have permission to access this page.", 403, NO_STORE);
  const url = new URL(request.url);
  const input = DateRangeSchema.safeParse({
    from: url.searchParams.get("from") || undefined,
    to: url.searchParams.get("to") || undefined,
  });
  if (!input.success) return jsonError(firstIssue(input.error), 400, NO_STORE);
  const range = resolveRange(input.data);
  if ("error" in range) return jsonError(range.error, 400, NO_STORE);
  return Response.json(await REPORTS[kind](range.from, range.to), { headers: NO_STORE });
}
