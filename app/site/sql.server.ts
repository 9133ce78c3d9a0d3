// SQL fragments that raw queries across the site share: one copy of each rule, in the
// dialect of the engine DATABASE_URL names (docs/decisions/039). Each rule keeps its
// SQLite and PostgreSQL forms side by side; sql.server.test.ts runs them on both.
// The fragments take SQL the caller writes (quoted column names), never user input.
import { databaseEngine, numberedPlaceholders } from "~/database";
import { prisma } from "~/db.server";
import { env } from "~/env.server";
import { Prisma } from "~/generated/prisma/client";
import { searchWords, wordForms } from "./search-text";

export const onPostgres = databaseEngine(env.DATABASE_URL) === "postgresql";

/**
 * Inside a transaction: waits until no other transaction holds the lock `name`, and holds it to the
 * end of this one. PostgreSQL's read-committed transactions run a check-then-write side by side (two
 * admins who created the same category name at once both passed the name check); SQLite's write
 * transactions already run one at a time, so there it does nothing.
 */
export async function lockForTransaction(tx: Pick<typeof prisma, "$executeRawUnsafe">, name: string) {
  if (!onPostgres) return;
  await tx.$executeRawUnsafe("SELECT pg_advisory_xact_lock(hashtext($1))", name);
}

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
type Raw = Pick<typeof prisma, "$queryRaw">;

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

/** LIKE's wildcards, and PostgreSQL's default escape character for them. */
const LIKE_SPECIAL = /[\\%_]/g;

/**
 * The condition that each word of a search text (search-text.ts: words in any order, either
 * apostrophe) is in one of `columns` of `table`, literally and without regard to case, on both
 * engines. Prisma's `contains` is LIKE (SQLite, for ASCII) or ILIKE (PostgreSQL, with
 * `mode: "insensitive"`, any script) with the word put between `%` as it is: its own `%` and `_`
 * stay wildcards (prisma/prisma#19506). PostgreSQL's LIKE reads a backslash as their escape;
 * SQLite's has none unless the statement names one, which Prisma's does not, so a word with
 * one of them is found there with instr(), which takes it as it is (lower() folds ASCII, as
 * SQLite's LIKE does). The column names are the caller's (Prisma's field names, no @map).
 */
export async function wordsWhere<Where>(
  table: string,
  columns: readonly string[],
  text: string | null | undefined,
): Promise<Where> {
  const words = searchWords(text);
  if (!words.length) return {} as Where;
  const AND = await Promise.all(
    words.map(async (word) => {
      const forms = wordForms(word);
      if (onPostgres) {
        const escaped = forms.map((f) => f.replace(LIKE_SPECIAL, "\\$&"));
        return { OR: columns.flatMap((c) => escaped.map((f) => ({ [c]: { contains: f, mode: "insensitive" } }))) };
      }
      if (!/[%_]/.test(word)) return { OR: columns.flatMap((c) => forms.map((f) => ({ [c]: { contains: f } }))) };
      const test = columns.flatMap((c) => forms.map(() => `instr(lower("${c}"), lower(?)) > 0`)).join(" OR ");
      const rows = await prisma.$queryRawUnsafe<{ id: unknown }[]>(
        `SELECT "id" FROM "${table}" WHERE ${test}`,
        ...columns.flatMap(() => forms),
      );
      return { id: { in: rows.map((r) => (typeof r.id === "bigint" ? Number(r.id) : r.id)) } };
    }),
  );
  return { AND } as Where;
}
