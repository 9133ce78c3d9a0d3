// /admin/bug-reports (docs/decisions/020): the error log grouped by
// message and route, with a count, first and last seen and a status an admin
// sets; bug reports with their status; and one log entry looked up by its id
// (the id an error screen shows and a reader's report carries).
//
// The log holds what browsers send (/api/errors, app/errors/) and what the
// server itself caught (app/errors/server-errors.server.ts, source "server").
import { createHash } from "node:crypto";
import { data } from "react-router";
import { prisma } from "~/db.server";
import { type AuditActor, recordAdminAction } from "~/site/audit.server";
import { listParamNames, pageOf, readListQuery } from "~/site/list-query";
import { matchesWords } from "~/site/search-text";
import { ERROR_GROUP_PREFIX, ERROR_GROUP_SORTS, ERROR_SOURCES } from "./error-list";
import { auditAction, STATUSES } from "./feedback-review";

export type ErrorRecordLite = {
  id: string;
  message: string;
  url: string | null;
  timestamp: Date;
  source?: string;
};

export type ErrorGroup = {
  key: string;
  message: string;
  route: string;
  count: number;
  firstSeen: string;
  lastSeen: string;
  /** The newest entry's id (its details open from the group). */
  latestId: string;
  status: string;
  /** Where its records came from: "browser", "server" or both. */
  sources: string[];
};

/** The route part of a recorded address: its path, without query or fragment; "(unknown)" if none. */
export function routeOf(url: string | null): string {
  if (!url) return "(unknown)";
  const path = URL.canParse(url) ? new URL(url).pathname : (url.split(/[?#]/)[0] ?? "");
  return path.startsWith("/") ? path : "(unknown)";
}

/** A group's stable key: the same message on the same route is one group. */
export function groupKey(message: string, route: string): string {
  return createHash("sha256").update(`${message}\n${route}`).digest("hex");
}

/**
 * Groups records by message and route: count, first and last seen, the newest id.
 * Most recently seen first; statuses come from `statuses` (key -> status), "new" otherwise.
 */
export function groupErrors(records: ErrorRecordLite[], statuses: Map<string, string> = new Map()): ErrorGroup[] {
  const groups = new Map<string, ErrorGroup & { first: number; last: number }>();
  for (const r of records) {
    const route = routeOf(r.url);
    const key = groupKey(r.message, route);
    const t = r.timestamp.getTime();
    const g = groups.get(key);
    if (!g) {
      groups.set(key, {
        key,
        message: r.message,
        route,
        count: 1,
        first: t,
        last: t,
        firstSeen: "",
        lastSeen: "",
        latestId: r.id,
        status: statuses.get(key) ?? "new",
        sources: [r.source ?? "browser"],
      });
      continue;
    }
    g.count++;
    if (!g.sources.includes(r.source ?? "browser")) g.sources.push(r.source ?? "browser");
    if (t < g.first) g.first = t;
    if (t >= g.last) {
      g.last = t;
      g.latestId = r.id;
    }
  }
  return [...groups.values()]
    .sort((a, b) => b.last - a.last || b.count - a.count || a.key.localeCompare(b.key))
    .map(({ first, last, ...g }) => ({
      ...g,
      firstSeen: new Date(first).toISOString(),
      lastSeen: new Date(last).toISOString(),
    }));
}

/** Every group of the log (the log keeps the latest 1000 records, so this stays small). */
export async function listErrorGroups(status: string | null = null): Promise<ErrorGroup[]> {
  const [records, rows] = await Promise.all([
    prisma.errorLog.findMany({ select: { id: true, message: true, url: true, timestamp: true, source: true } }),
    prisma.errorGroupStatus.findMany({ select: { key: true, status: true } }),
  ]);
  const groups = groupErrors(records, new Map(rows.map((r) => [r.key, r.status])));
  return status ? groups.filter((g) => g.status === status) : groups;
}

/** One log entry by its id, with its group's key and status; null when the log no longer has it. */
export async function findErrorEntry(id: string) {
  const entry = await prisma.errorLog.findUnique({ where: { id } });
  if (!entry) return null;
  const route = routeOf(entry.url);
  const key = groupKey(entry.message, route);
  const [group, reports] = await Promise.all([
    prisma.errorGroupStatus.findUnique({ where: { key }, select: { status: true } }),
    prisma.bugReport.findMany({ where: { errorId: id }, select: { id: true }, take: 20 }),
  ]);
  return {
    id: entry.id,
    message: entry.message,
    route,
    url: entry.url,
    timestamp: entry.timestamp.toISOString(),
    receivedAt: entry.receivedAt.toISOString(),
    stack: entry.stack,
    componentStack: entry.componentStack,
    userAgent: entry.userAgent,
    context: entry.context,
    source: entry.source,
    groupKey: key,
    groupStatus: group?.status ?? "new",
    reportIds: reports.map((r) => r.id),
  };
}

/** Sets an error group's status with its `error.status` audit row; the group must have entries in the log. */
export async function setErrorGroupStatus(admin: AuditActor, key: string, status: string) {
  if (!(STATUSES.error as readonly string[]).includes(status))
    throw data({ message: "No such status." }, { status: 400 });
  const group = (await listErrorGroups()).find((g) => g.key === key);
  if (!group) throw data({ message: "That error group is no longer in the log." }, { status: 404 });
  await prisma.$transaction(async (tx) => {
    const before = (await tx.errorGroupStatus.findUnique({ where: { key } }))?.status ?? "new";
    await tx.errorGroupStatus.upsert({
      where: { key },
      create: { key, message: group.message, route: group.route, status },
      update: { status },
    });
    await recordAdminAction(tx, admin, {
      action: auditAction("error", "status"),
      objectType: "error",
      objectId: key,
      before: { status: before },
      after: { status, message: group.message.slice(0, 200), route: group.route },
    });
  });
}

/** One page of the groups, searched by message or route, of one source, sorted (pure). */
export function errorGroupPage(groups: ErrorGroup[], request: Request, size = 25) {
  const params = new URL(request.url).searchParams;
  const query = readListQuery(params, ERROR_GROUP_SORTS, ERROR_GROUP_PREFIX);
  const wanted = params.get(`${ERROR_GROUP_PREFIX}source`);
  const source = ERROR_SOURCES.find((s) => s === wanted) ?? null;
  const found = groups.filter(
    (g) => matchesWords(query.q, g.message, g.route) && (!source || g.sources.includes(source)),
  );
  if (query.sort === "count") found.sort((a, b) => b.count - a.count || b.lastSeen.localeCompare(a.lastSeen));
  else if (query.sort === "first")
    found.sort((a, b) => a.firstSeen.localeCompare(b.firstSeen) || a.key.localeCompare(b.key));
  const { items, page, pages, total } = pageOf(
    request,
    found,
    query.page,
    size,
    listParamNames(ERROR_GROUP_PREFIX).page,
  );
  return { groups: items, query: { ...query, page }, pages, total, source };
}
