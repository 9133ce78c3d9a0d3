// The database's migration history against this code's, checked once before the server listens
// (server/index.ts). `npm start` applies no migration (`npm run db:migrate` does, and the Docker
// image at its start): a server on a database that lacks a migration, or on one that a newer
// version migrated, would answer readers with 500s wherever a table or column differs. It refuses
// to start instead, with a line that says what to do (docs/decisions/059).
import { readdir } from "node:fs/promises";
import path from "node:path";
import { databaseEngine } from "~/database";
import { prisma } from "~/db.server";
import { env } from "~/env.server";

/** A row of Prisma's `_prisma_migrations` table, as far as this check reads it. */
export type MigrationRow = {
  migration_name: string;
  finished_at: unknown;
  rolled_back_at: unknown;
};

export type MigrationState = {
  /** No `_prisma_migrations` table: a database never migrated (a fresh clone's). */
  empty: boolean;
  /** The code's migrations the database lacks. */
  pending: string[];
  /** Migrations the database has that this code does not know: a newer version applied them. */
  unknown: string[];
  /** Migrations that began and never finished (nor were rolled back). */
  failed: string[];
};

/** Where the migrations of the engine that `url` names live, from the project's folder. */
export function migrationsDir(root: string, url: string): string {
  return databaseEngine(url) === "postgresql"
    ? path.join(root, "prisma", "postgres", "migrations")
    : path.join(root, "prisma", "migrations");
}

/** Compares the code's migrations with the database's history (`rows` null: no history table). */
export function compareMigrations(code: string[], rows: MigrationRow[] | null): MigrationState {
  if (rows === null) return { empty: true, pending: [...code], unknown: [], failed: [] };
  const live = rows.filter((row) => row.rolled_back_at == null);
  const applied = new Set(live.filter((row) => row.finished_at != null).map((row) => row.migration_name));
  const failed = [...new Set(live.filter((row) => row.finished_at == null).map((row) => row.migration_name))].sort();
  const known = new Set(code);
  return {
    empty: false,
    pending: code.filter((name) => !applied.has(name) && !failed.includes(name)),
    unknown: [...applied].filter((name) => !known.has(name)).sort(),
    failed,
  };
}

const listed = (names: string[]) =>
  names.length <= 3 ? names.join(", ") : `${names.slice(0, 3).join(", ")} and ${names.length - 3} more`;

/** What the operator reads when the server will not start, or null when the database fits the code. */
export function refusalMessage(state: MigrationState, database: string): string | null {
  const lines: string[] = [];
  if (state.empty) {
    lines.push(
      `the database (${database}) has no tables yet: run \`npm run db:migrate\` (or \`npm run setup\`, which also adds the demo stories), then start again.`,
    );
  }
  if (state.failed.length) {
    lines.push(
      `a migration failed part-way on the database (${database}): ${listed(state.failed)}. Restore the backup taken before it (README "Back up"), then run \`npm run db:migrate\` again.`,
    );
  }
  if (state.unknown.length) {
    lines.push(
      `the database (${database}) is newer than this code: a later version applied ${state.unknown.length} migration(s) this version does not have (${listed(state.unknown)}). Start the version that migrated it (or a newer one), or restore the backup taken before that upgrade.`,
    );
  }
  if (!state.empty && !state.failed.length && state.pending.length) {
    lines.push(
      `the database (${database}) lacks ${state.pending.length} migration(s) of this code (${listed(state.pending)}): run \`npm run db:migrate\` (the Docker image runs it at its start), then start again.`,
    );
  }
  return lines.length ? `Cannot start: ${lines.join("\nCannot start: ")}` : null;
}

/** Names the database without its credentials: the SQLite file, or PostgreSQL's host and database. */
function databaseName(url: string): string {
  if (url.startsWith("file:")) return path.resolve(url.slice("file:".length).replace(/\?.*$/, ""));
  try {
    const parsed = new URL(url);
    return `${parsed.protocol}//${parsed.host}${parsed.pathname}`;
  } catch {
    return "DATABASE_URL";
  }
}

async function historyRows(): Promise<MigrationRow[] | null> {
  const exists =
    databaseEngine(env.DATABASE_URL) === "postgresql"
      ? await prisma.$queryRawUnsafe<{ found: unknown }[]>(
          "SELECT to_regclass('_prisma_migrations') IS NOT NULL AS found",
        )
      : await prisma.$queryRawUnsafe<{ found: unknown }[]>(
          "SELECT COUNT(*) AS found FROM sqlite_master WHERE type = 'table' AND name = '_prisma_migrations'",
        );
  const found = exists[0]?.found;
  if (!(found === true || Number(found) > 0)) return null;
  return prisma.$queryRawUnsafe<MigrationRow[]>(
    'SELECT migration_name, finished_at, rolled_back_at FROM "_prisma_migrations"',
  );
}

/**
 * The refusal to print before the server listens, or null to start. A database out of reach at
 * this moment is no reason to refuse: the site answers 503 until it is back (docs/decisions/045),
 * so the check is skipped with a warning.
 */
export async function checkMigrations(root: string): Promise<string | null> {
  const dir = migrationsDir(root, env.DATABASE_URL);
  const entries = await readdir(dir, { withFileTypes: true }).catch(() => null);
  if (!entries) {
    console.warn(`Warning: no migrations at ${dir}, so the database's were not checked against them.`);
    return null;
  }
  const code = entries
    .filter((entry) => entry.isDirectory())
    .map((entry) => entry.name)
    .sort();
  let rows: MigrationRow[] | null;
  try {
    rows = await historyRows();
  } catch (error) {
    console.warn(
      `Warning: the database's migrations could not be checked (${error instanceof Error ? error.message.split("\n")[0] : String(error)}); starting anyway.`,
    );
    return null;
  }
  return refusalMessage(compareMigrations(code, rows), databaseName(env.DATABASE_URL));
}
