import type { RouterContextProvider } from "react-router";
import type { z } from "zod";
import { clientAddress } from "~/auth/client-address.server";
import { enforceRateLimit, giveBackRateLimit } from "~/auth/rate-limit.server";
import { prisma } from "~/db.server";
import { settlePages } from "~/site/list-query";
import { issueMessage, jsonError, readJsonBody } from "~/utils/api-errors";
import { clientInfo } from "~/utils/user-agent.server";
import type { FeedbackSchema } from "./feedback-form";
import type { SentList } from "./sent-lists";

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

/** A reader's sent feedback and bug reports are each paged 20 at a time on their own page. */
export const SENT_PER_PAGE = 20;

/** What the two tables' filters have in common: the reader's rows, and those listed before one. */
type SentWhere = { userId: string; OR?: ({ createdAt: { gt: Date } } | { createdAt: Date; id: { gt: string } })[] };

/**
 * One page of what a reader sent, newest first (ties by id), and how many there are in all: counted
 * first, so that a page past the end is a redirect to the last one (settlePages, as on every list).
 * An item asked for by id is shown on its page; one that is not the reader's asks for nothing.
 */
async function sentPage<T>(
  request: Request,
  userId: string,
  list: SentList,
  table: {
    count: (where: SentWhere) => Promise<number>;
    item: (id: string) => Promise<{ id: string; createdAt: Date } | null>;
    find: (where: SentWhere, page: { skip: number; take: number }) => Promise<T[]>;
  },
) {
  const where = { userId };
  const held = list.holding ? await table.item(list.holding) : null;
  const asked = held
    ? Math.floor(
        (await table.count({
          userId,
          OR: [{ createdAt: { gt: held.createdAt } }, { createdAt: held.createdAt, id: { gt: held.id } }],
        })) / SENT_PER_PAGE,
      ) + 1
    : list.page;
  const total = await table.count(where);
  const { page, pages } = settlePages(request, { page: asked, param: list.param, total, size: SENT_PER_PAGE });
  const items = await table.find(where, { skip: (page - 1) * SENT_PER_PAGE, take: SENT_PER_PAGE });
  return { items, total, page, pages, kind: list.kind, param: list.param, named: list.named };
}

const NEWEST_FIRST = [{ createdAt: "desc" as const }, { id: "desc" as const }];

/** A reader's own feedback (/user/feedback-dashboard), a page of it. */
export function userFeedbackPage(request: Request, userId: string, list: SentList) {
  return sentPage(request, userId, list, {
    count: (where) => prisma.feedback.count({ where }),
    item: (id) => prisma.feedback.findFirst({ where: { id, userId }, select: { id: true, createdAt: true } }),
    find: (where, page) =>
      prisma.feedback.findMany({
        where,
        orderBy: NEWEST_FIRST,
        ...page,
        select: { id: true, type: true, category: true, content: true, status: true, createdAt: true },
      }),
  });
}

/** The bug reports a signed-in reader sent (/report-bug), a page of them, for their own page. */
export function userBugReportPage(request: Request, userId: string, list: SentList) {
  return sentPage(request, userId, list, {
    count: (where) => prisma.bugReport.count({ where }),
    item: (id) => prisma.bugReport.findFirst({ where: { id, userId }, select: { id: true, createdAt: true } }),
    find: (where, page) =>
      prisma.bugReport.findMany({
        where,
        orderBy: NEWEST_FIRST,
        ...page,
        select: { id: true, whatHappened: true, severity: true, status: true, createdAt: true },
      }),
  });
}
