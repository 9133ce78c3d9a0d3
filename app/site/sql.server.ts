// SQL fragments that raw queries across the site share: one copy of each rule, in the
// dialect of the engine DATABASE_URL names (docs/decisions/039). Each rule keeps its
// SQLite and PostgreSQL forms side by side; sql.server.test.ts runs them on both.
// The fragments take SQL the caller writes (quoted column names), never user input.
import { databaseEngine, numberedPlaceholders } from "~/database";
import { env } from "~/env.server";
import { Prisma } from "~/generated/prisma/client";

export const onPostgres = databaseEngine(env.DATABASE_URL) === "postgresql";

/** A $queryRawUnsafe statement written with `?` placeholders, numbered for PostgreSQL. */
export const placeholders = (sql: string) => (onPostgres ? numberedPlaceholders(sql) : sql);

/**
 * A date column as a Julian day number (days, fractional). Prisma's SQLite adapter writes dates
 * as ISO text, and rows written by other tools may hold epoch milliseconds (integer or real):
 * both read the same. PostgreSQL's column is a timestamp (UTC, without a zone).
 */
export const julian = (column: string) =>
  onPostgres
    ? `(EXTRACT(EPOCH FROM ${column})::float8 / 86400.0 + 2440587.5)`
    : `(CASE typeof(${column}) WHEN 'integer' THEN ${column} / 86400000.0 + 2440587.5 WHEN 'real' THEN ${column} / 86400000.0 + 2440587.5 ELSE julianday(${column}) END)`;

/** The UTC day (YYYY-MM-DD) of a date column. */
export const dayOfColumn = (column: string) =>
  onPostgres ? `to_char(${column}, 'YYYY-MM-DD')` : `date(${julian(column)})`;

/** The Monday (YYYY-MM-DD) of the ISO week of a date column. */
export const mondayOfColumn = (column: string) =>
  onPostgres
    ? `to_char(date_trunc('week', ${column}), 'YYYY-MM-DD')`
    : `date(${julian(column)}, '-6 days', 'weekday 1')`;

/** A `?` parameter holding a day (YYYY-MM-DD) or an ISO time, as the engine compares it with a date column. */
export const timeParameter = (days = 0) =>
  onPostgres
    ? `(CAST(? AS timestamp) + interval '${days} days')`
    : days
      ? `julianday(?, '${days >= 0 ? "+" : ""}${days} day')`
      : "julianday(?)";

/** A date column compared with timeParameter(): its Julian day on SQLite, the column itself on PostgreSQL. */
export const comparableTime = (column: string) => (onPostgres ? column : julian(column));

/** The larger of two numbers (SQLite's scalar max(); PostgreSQL's GREATEST). */
export const greatest = (a: string, b: string) => (onPostgres ? `GREATEST(${a}, ${b})` : `MAX(${a}, ${b})`);

/** A time for a tagged raw query, compared with a date column (ISO text on SQLite, a timestamp on PostgreSQL). */
export const timeValue = (time: Date) =>
  onPostgres ? Prisma.sql`CAST(${time.toISOString()} AS timestamp)` : Prisma.sql`${time.toISOString()}`;

/** Raw statements that may run in a transaction. */
type Raw = Pick<typeof import("~/db.server").prisma, "$queryRaw">;

/**
 * Makes the rest of the transaction run alone among those that take the same `key`: a
 * check-then-write rule over several rows (the last administrator, the last way to sign
 * in) that SQLite keeps by taking the write lock at BEGIN (db.server.ts), and PostgreSQL
 * by a transaction-scoped advisory lock (its READ COMMITTED snapshots would let two such
 * transactions each see the other's row and both go ahead).
 */
export async function serializeOn(tx: Raw, key: string): Promise<void> {
  if (!onPostgres) return;
  await tx.$queryRaw`SELECT 1 AS locked FROM (SELECT pg_advisory_xact_lock(hashtextextended(${key}, 0))) AS l`;
}

/**
 * A search filter for Prisma's `contains` that matches without regard to case on both engines:
 * SQLite's LIKE already does (for ASCII), PostgreSQL's needs `mode: "insensitive"` (ILIKE, any
 * script), which the SQLite client's types do not know.
 */
export const containsText = (value: string) =>
  (onPostgres ? { contains: value, mode: "insensitive" } : { contains: value }) as { contains: string };
