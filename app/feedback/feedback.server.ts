import type { RouterContextProvider } from "react-router";
import type { z } from "zod";
import { clientAddress } from "~/auth/client-address.server";
import { enforceRateLimit, giveBackRateLimit } from "~/auth/rate-limit.server";
import { prisma } from "~/db.server";
import { issueMessage, jsonError, readJsonBody } from "~/utils/api-errors";
import { clientInfo } from "~/utils/user-agent.server";
import type { FeedbackSchema } from "./feedback-form";

/** 10 submissions per client address an hour (with the other public forms' limits). */
export const FEEDBACK_LIMIT = { limit: 10, windowMs: 60 * 60_000 };

/** Stores a feedback submission; browser, OS and user agent come from the request, not the form. */
/**
 * A feedback API's JSON body (POST /api/feedback, /api/user-feedback), checked against `schema`. It is
 * counted against the client's feedback limit first, shared with /feedback (parallel posts cannot slip
 * past); a body the schema refuses gives its count back (a typo does not use up the limit) and is
 * answered 400 with the issue's message (`bare`: fields whose message is the spec's, word for word).
 */
export async function readFeedbackApiBody<Schema extends z.ZodType>(
  request: Request,
  context: Readonly<RouterContextProvider>,
  schema: Schema,
  refused: { fallback: string; bare?: readonly string[] },
): Promise<z.output<Schema>> {
  const limitKey = `feedback:${clientAddress(context)}`;
  await enforceRateLimit(limitKey, FEEDBACK_LIMIT, { json: true });
  const parsed = schema.safeParse(await readJsonBody(request));
  if (parsed.success) return parsed.data;
  await giveBackRateLimit(limitKey);
  throw jsonError(issueMessage(parsed.error, refused.fallback, refused.bare), 400);
}

export async function saveFeedback(input: z.output<typeof FeedbackSchema>, request: Request, userId: string | null) {
  const client = clientInfo(request.headers.get("User-Agent"));
  return prisma.feedback.create({
    data: {
      type: input.type,
      content: input.content,
      page: input.page || null,
      category: input.category,
      screenResolution: input.screenResolution ?? null,
      browser: client.browser,
      operatingSystem: client.operatingSystem,
      userAgent: client.userAgent,
      userId,
    },
    select: { id: true },
  });
}

/** The page a reader came from, as a same-site path (the form is filled in from it). */
export function pageFromReferer(request: Request): string | undefined {
  const referer = request.headers.get("Referer");
  if (!referer || !URL.canParse(referer)) return undefined;
  const url = new URL(referer);
  if (url.host !== new URL(request.url).host || url.pathname.startsWith("/feedback")) return undefined;
  return (url.pathname + url.search).slice(0, 500);
}

/** A reader's own submissions, newest first. */
export function listUserFeedback(userId: string) {
  return prisma.feedback.findMany({
    where: { userId },
    orderBy: { createdAt: "desc" },
    take: 100,
    select: { id: true, type: true, category: true, content: true, status: true, createdAt: true },
  });
}

/** The bug reports a signed-in reader sent (/report-bug), newest first, for their own page. */
export function listUserBugReports(userId: string) {
  return prisma.bugReport.findMany({
    where: { userId },
    orderBy: { createdAt: "desc" },
    take: 100,
    select: { id: true, whatHappened: true, severity: true, status: true, createdAt: true },
  });
}
