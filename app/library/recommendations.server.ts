// /recommendations: stories the reader has not finished, ranked in one SQL
// query over the library's own tables (Bookmark, StoryRecord, StoryTerm), so
// no story is loaded into memory to rank it. Each of the reader's shelved
// stories is a signal, weighted by its shelf and how recently it changed; a
// candidate scores the weighted sum of the terms (author, category, tag) it
// shares with the signals, and is explained by its strongest one. A reader
// without signals (or whose signals match nothing) gets the most-read stories
// of the last 30 days, "read" meaning a saved reading position.
import { prisma } from "~/db.server";
import { greatest, julian, placeholders } from "~/site/sql.server";
import { withStoryPaths } from "./library.server";
import { SHELVES, type Shelf } from "./shelves";
import { refreshStoryRecords } from "./story-records.server";

/** How much a shelved story says about the reader's taste. */
export const SHELF_WEIGHTS: Record<Shelf, number> = { finished: 3, reading: 2, bookmarked: 1.5, "read-later": 1 };
/** How much sharing each kind of term counts: the same author says most. */
export const TERM_WEIGHTS = { author: 1.5, category: 1, tag: 0.7 } as const;
/** A signal counts half after this many days (weight / (1 + days / HALF_DAYS)). */
export const RECENCY_HALF_DAYS = 30;
/** The window of the fallback for new readers. */
export const POPULAR_WINDOW_DAYS = 30;
export const RECOMMENDATIONS_LIMIT = 12;

export type Reason =
  | {
      kind: "signal";
      shelf: Shelf;
      fromSlug: string;
      fromTitle: string;
      term: "author" | "category" | "tag";
      termName: string;
    }
  | { kind: "popular"; readers: number }
  | { kind: "new" };

export type Recommendation = {
  slug: string;
  title: string;
  excerpt: string;
  author: string | null;
  date: string;
  score: number;
  reason: Reason;
};

type SignalRow = {
  slug: string;
  title: string;
  excerpt: string;
  author: string | null;
  date: string | number | Date;
  score: number;
  fromSlug: string;
  fromTitle: string;
  shelf: string;
  kind: string;
  termName: string;
};

/** The ranked recommendations from the reader's shelves (empty for a reader without matching signals). */
export async function rankFromShelves(userId: string, now = new Date(), limit = RECOMMENDATIONS_LIMIT) {
  const nowJulian = now.getTime() / 86400000 + 2440587.5;
  const shelfWeight = `CASE b."shelf" ${SHELVES.map((s) => `WHEN '${s}' THEN ${SHELF_WEIGHTS[s]}`).join(" ")} ELSE 1 END`;
  const termWeight = `CASE c."kind" ${Object.entries(TERM_WEIGHTS)
    .map(([k, w]) => `WHEN '${k}' THEN ${w}`)
    .join(" ")} ELSE 0 END`;
  const sql = `
    WITH signal AS (
      SELECT b."storySlug" AS slug, b."shelf" AS shelf,
        (${shelfWeight}) / (1.0 + ${greatest("0", `? - ${julian('b."updatedAt"')}`)} / ${RECENCY_HALF_DAYS}.0) AS weight
      FROM "Bookmark" b WHERE b."userId" = ?
    ),
    pair AS (
      SELECT c."storySlug" AS slug, s.slug AS fromSlug, s.shelf AS shelf, c."kind" AS kind, c."name" AS termName,
        s.weight * (${termWeight}) AS contribution
      FROM signal s
      JOIN "StoryTerm" t ON t."storySlug" = s.slug
      JOIN "StoryTerm" c ON c."kind" = t."kind" AND c."slug" = t."slug" AND c."storySlug" <> s.slug
      WHERE c."storySlug" NOT IN (SELECT slug FROM signal WHERE shelf = 'finished')
    ),
    ranked AS (
      SELECT slug, fromSlug, shelf, kind, termName,
        SUM(contribution) OVER (PARTITION BY slug) AS score,
        ROW_NUMBER() OVER (PARTITION BY slug ORDER BY contribution DESC, fromSlug, kind, termName) AS position
      FROM pair
    )
    SELECT r.slug, rec."title" AS title, rec."excerpt" AS excerpt, rec."author" AS author, rec."date" AS date,
      r.score AS score, r.fromSlug AS "fromSlug", f."title" AS "fromTitle", r.shelf AS shelf, r.kind AS kind,
      r.termName AS "termName"
    FROM ranked r
    JOIN "StoryRecord" rec ON rec."slug" = r.slug
    JOIN "StoryRecord" f ON f."slug" = r.fromSlug
    WHERE r.position = 1
    ORDER BY r.score DESC, rec."date" DESC, r.slug
    LIMIT ?`;
  // The names the rows are read by are quoted: PostgreSQL folds unquoted ones to lower case.
  const rows = await prisma.$queryRawUnsafe<SignalRow[]>(placeholders(sql), nowJulian, userId, limit);
  return rows.map((row) =>
    recommendation(row, Number(row.score), {
      kind: "signal",
      shelf: (SHELVES as readonly string[]).includes(row.shelf) ? (row.shelf as Shelf) : "bookmarked",
      fromSlug: row.fromSlug,
      fromTitle: row.fromTitle,
      term: row.kind as "author" | "category" | "tag",
      termName: row.termName,
    }),
  );
}

type PopularRow = {
  slug: string;
  title: string;
  excerpt: string;
  author: string | null;
  date: string | number | Date;
  readers: number | bigint;
};

/**
 * The most-read stories of the last 30 days (distinct readers with a saved
 * position), then the newest, leaving out what the reader finished.
 */
export async function popularStories(userId: string, now = new Date(), limit = RECOMMENDATIONS_LIMIT) {
  const since = now.getTime() / 86400000 + 2440587.5 - POPULAR_WINDOW_DAYS;
  const sql = `
    SELECT rec."slug" AS slug, rec."title" AS title, rec."excerpt" AS excerpt, rec."author" AS author,
      rec."date" AS date,
      (SELECT COUNT(DISTINCT p."userId") FROM "ReadingPosition" p
        WHERE p."storySlug" = rec."slug" AND ${julian('p."updatedAt"')} >= ?) AS readers
    FROM "StoryRecord" rec
    WHERE rec."slug" NOT IN (SELECT "storySlug" FROM "Bookmark" WHERE "userId" = ? AND "shelf" = 'finished')
    ORDER BY readers DESC, rec."date" DESC, rec."slug"
    LIMIT ?`;
  const rows = await prisma.$queryRawUnsafe<PopularRow[]>(placeholders(sql), since, userId, limit);
  return rows.map((row) =>
    recommendation(
      row,
      Number(row.readers),
      Number(row.readers) > 0 ? { kind: "popular", readers: Number(row.readers) } : { kind: "new" },
    ),
  );
}

/** A story record of either query, with its score and the reason it is offered. */
function recommendation(
  row: Pick<PopularRow, "slug" | "title" | "excerpt" | "author" | "date">,
  score: number,
  reason: Recommendation["reason"],
): Recommendation {
  const { slug, title, excerpt, author } = row;
  return { slug, title, excerpt, author, date: new Date(row.date).toISOString(), score, reason };
}

/** The reader's recommendations: from their shelves, else what others read this month. */
export async function recommendationsFor(userId: string, now = new Date()) {
  await refreshStoryRecords(now.getTime());
  const ranked = await rankFromShelves(userId, now);
  if (ranked.length) return { basis: "shelves" as const, items: await withStoryPaths(ranked) };
  return { basis: "popular" as const, items: await withStoryPaths(await popularStories(userId, now)) };
}

const SHELF_VERBS: Record<Shelf, string> = {
  finished: "you finished",
  reading: "you are reading",
  bookmarked: "you bookmarked",
  "read-later": "you saved for later",
};
const TERM_PHRASES = {
  author: (name: string) => `also by ${name}`,
  category: (name: string) => `also in ${name}`,
  tag: (name: string) => `also tagged ${name}`,
} as const;

/** The few words that explain an item ("Because you finished The Well: also in Folk Horror"). */
export function explain(reason: Reason): string {
  if (reason.kind === "popular")
    return `Read by ${reason.readers} ${reason.readers === 1 ? "reader" : "readers"} in the last ${POPULAR_WINDOW_DAYS} days`;
  if (reason.kind === "new") return "New on Horror Stories";
  return `Because ${SHELF_VERBS[reason.shelf]} ${reason.fromTitle}: ${TERM_PHRASES[reason.term](reason.termName)}`;
}
