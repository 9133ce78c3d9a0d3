// The numbers of /admin/site-statistics, every one counted by the database
// (COUNT, GROUP BY, weeks computed in SQL): no rows are loaded to be counted here.
import { prisma } from "~/db.server";
import type { Count, WeekCount } from "~/site/charts.server";
import { comparableTime, mondayOfColumn, onPostgres, placeholders, timeParameter } from "~/site/sql.server";
import { isStoryStatus, STATUS_LABELS, STORY_STATUSES } from "~/stories/state";

/** How many weeks the weekly series cover (this week included). */
export const WEEKS = 12;

/** The Monday (UTC, YYYY-MM-DD) that starts the week of `date`. */
export function weekStart(date: Date): string {
  const d = new Date(Date.UTC(date.getUTCFullYear(), date.getUTCMonth(), date.getUTCDate()));
  d.setUTCDate(d.getUTCDate() - ((d.getUTCDay() + 6) % 7));
  return d.toISOString().slice(0, 10);
}

/** The Mondays of the last `weeks` weeks, oldest first. */
export function lastWeeks(now: Date, weeks = WEEKS): string[] {
  const first = new Date(`${weekStart(now)}T00:00:00Z`);
  return Array.from({ length: weeks }, (_, i) => {
    const d = new Date(first);
    d.setUTCDate(d.getUTCDate() - 7 * (weeks - 1 - i));
    return d.toISOString().slice(0, 10);
  });
}

/**
 * Rows per week of `table`.`column` since the first of the last WEEKS weeks,
 * grouped by the database (by the Monday on or before each date).
 * `table`, `column` and `where` are constants of this file, never input.
 */
async function perWeek(table: string, column: string, now: Date, where = "1 = 1"): Promise<WeekCount[]> {
  const weeks = lastWeeks(now);
  const rows = await prisma.$queryRawUnsafe<{ week: string; n: number | bigint }[]>(
    placeholders(`SELECT ${mondayOfColumn(`"${column}"`)} AS week, COUNT(*) AS n FROM "${table}"
     WHERE ${comparableTime(`"${column}"`)} >= ${timeParameter()} AND ${where} GROUP BY week`),
    weeks[0],
  );
  const byWeek = new Map(rows.map((r) => [r.week, Number(r.n)]));
  return weeks.map((week) => ({ week, value: byWeek.get(week) ?? 0 }));
}

export async function databaseSize(): Promise<number> {
  if (onPostgres) {
    const [row] = await prisma.$queryRawUnsafe<{ bytes: number | bigint }[]>(
      "SELECT pg_database_size(current_database()) AS bytes",
    );
    return Number(row?.bytes ?? 0);
  }
  const [count] = await prisma.$queryRawUnsafe<{ page_count: number | bigint }[]>("PRAGMA page_count");
  const [size] = await prisma.$queryRawUnsafe<{ page_size: number | bigint }[]>("PRAGMA page_size");
  return Number(count?.page_count ?? 0) * Number(size?.page_size ?? 0);
}

const SHELF_LABELS: Record<string, string> = {
  bookmarked: "Bookmarked",
  "read-later": "Read later",
  reading: "Reading",
  finished: "Finished",
};

export async function siteStatistics(now = new Date()) {
  const monthAgo = new Date(now.getTime() - 30 * 86_400_000);
  const [
    syncedBySource,
    ownPublished,
    communityPublished,
    byCategory,
    categories,
    readers,
    activeReaders,
    registrations,
    signIns,
    bookmarksByShelf,
    submissionsByStatus,
    submissionsPerWeek,
    comments,
    dbBytes,
  ] = await Promise.all([
    prisma.syncedPost.groupBy({ by: ["source"], _count: { _all: true } }),
    prisma.post.count({ where: { authorId: null, status: "published" } }),
    prisma.post.count({ where: { authorId: { not: null }, status: "published" } }),
    prisma.post.groupBy({ by: ["categoryId"], where: { status: "published" }, _count: { _all: true } }),
    prisma.category.findMany({ select: { id: true, name: true } }),
    prisma.user.count(),
    prisma
      .$queryRawUnsafe<{ n: number | bigint }[]>(
        placeholders(
          `SELECT COUNT(DISTINCT "userId") AS n FROM "ReadingPosition" WHERE ${comparableTime('"updatedAt"')} >= ${timeParameter()}`,
        ),
        monthAgo.toISOString(),
      )
      .then(([row]) => Number(row?.n ?? 0)),
    perWeek("User", "createdAt", now),
    // A sign-in starts a session; sessions that ended since are no longer counted.
    perWeek("Session", "createdAt", now),
    prisma.bookmark.groupBy({ by: ["shelf"], _count: { _all: true } }),
    prisma.post.groupBy({ by: ["status"], where: { authorId: { not: null } }, _count: { _all: true } }),
    perWeek("Post", "submittedAt", now, '"submittedAt" IS NOT NULL'),
    perWeek("DiscussionPost", "createdAt", now),
    databaseSize(),
  ]);
  const names = new Map(categories.map((c) => [c.id, c.name]));
  const sources: Count[] = [
    ...syncedBySource.map((s) => ({
      label: s.source === "wpcom" ? "WordPress.com (synced copy)" : "WordPress (synced copy)",
      value: s._count._all,
    })),
    { label: "Own stories", value: ownPublished },
    { label: "Community stories", value: communityPublished },
  ];
  return {
    sources,
    categories: byCategory
      .map((c) => ({
        label: c.categoryId === null ? "No category" : (names.get(c.categoryId) ?? "?"),
        value: c._count._all,
      }))
      .sort((a, b) => b.value - a.value || a.label.localeCompare(b.label)),
    readers,
    activeReaders,
    registrations,
    signIns,
    bookmarks: bookmarksByShelf.map((b) => ({ label: SHELF_LABELS[b.shelf] ?? b.shelf, value: b._count._all })),
    // By the labels the queue and the writers' pages use ("In review", not "review"), in the
    // story's order of life (docs/decisions/014); a status the machine does not know is kept as it is, last.
    submissions: submissionsByStatus
      .map((s) => ({
        order: isStoryStatus(s.status) ? STORY_STATUSES.indexOf(s.status) : STORY_STATUSES.length,
        label: isStoryStatus(s.status) ? STATUS_LABELS[s.status] : s.status,
        value: s._count._all,
      }))
      .sort((a, b) => a.order - b.order || a.label.localeCompare(b.label))
      .map(({ label, value }) => ({ label, value })),
    submissionsPerWeek,
    comments,
    dbBytes,
  };
}

export type SiteStatistics = Awaited<ReturnType<typeof siteStatistics>>;
