// Database settings shared by the server (env.server.ts, db.server.ts) and the
// database scripts (scripts/migrate.ts, prisma/seed.ts), which cannot import
// the server's modules: those read the environment and open the database.

/** The development database, when DATABASE_URL is not set. */
export const DEFAULT_DATABASE_URL = "file:./prisma/data/dev.db";

/**
 * How long a local SQLite connection waits for another one's lock before it
 * fails with SQLITE_BUSY. Locks are held by other server processes, the
 * content sync, a migration, and this process too: the client keeps a pool of
 * connections. libSQL's default is not to wait at all, which turned any
 * overlap into a 500.
 */
export const SQLITE_BUSY_TIMEOUT_MS = 5000;

/**
 * PostgreSQL's limits on waiting (docs/decisions/045), DATABASE_CONNECT_TIMEOUT_MS and
 * DATABASE_QUERY_TIMEOUT_MS: for a connection from the pool (free, or new when the pool may
 * grow), and for a query's answer. Past either, the reader gets the 503 page. No query of a
 * reader's page should come near the query limit; it stays below a proxy's usual 60 s.
 */
export const POSTGRES_CONNECT_TIMEOUT_MS = 5_000;
export const POSTGRES_QUERY_TIMEOUT_MS = 15_000;

export type DatabaseEngine = "sqlite" | "postgresql";

/**
 * Which engine a DATABASE_URL names (docs/decisions/039): `postgres:` and
 * `postgresql:` are PostgreSQL through @prisma/adapter-pg; everything else
 * (`file:`, `libsql:`, a libSQL server over http(s)/ws(s)) is SQLite through
 * @prisma/adapter-libsql.
 */
export function databaseEngine(url: string): DatabaseEngine {
  return /^postgres(ql)?:/i.test(url) ? "postgresql" : "sqlite";
}

/**
 * SQLite's `?` placeholders as PostgreSQL's $1, $2, ... (outside quoted strings
 * and names), so a raw statement is written once where both engines read it alike.
 */
export function numberedPlaceholders(sql: string): string {
  let n = 0;
  return sql.replace(/'(?:[^']|'')*'|"(?:[^"]|"")*"|\?/g, (token) => (token === "?" ? `$${++n}` : token));
}
