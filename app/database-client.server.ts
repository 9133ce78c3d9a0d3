// The Prisma client for a DATABASE_URL, on either engine (docs/decisions/039):
// SQLite through @prisma/adapter-libsql, PostgreSQL through @prisma/adapter-pg.
// Prisma generates one client per provider (prisma/schema/ and its
// generated PostgreSQL copy); both have the same model API, so callers see one
// type, the SQLite client's. Relative imports: the database scripts
// (prisma/seed.ts) run this file under plain Node, without the `~` alias.

import { PrismaLibSql } from "@prisma/adapter-libsql";
import type { SqlDriverAdapterFactory } from "@prisma/driver-adapter-utils";
import {
  databaseEngine,
  POSTGRES_CONNECT_TIMEOUT_MS,
  POSTGRES_QUERY_TIMEOUT_MS,
  SQLITE_BUSY_TIMEOUT_MS,
} from "./database.ts";
import { PrismaClient } from "./generated/prisma/client.ts";

export type DatabaseClient = PrismaClient;

/** The libSQL adapter for a SQLite URL (db.server.ts gives its own, with busy retries). */
export type SqliteAdapter = (url: string) => SqlDriverAdapterFactory;

const plainSqlite: SqliteAdapter = (url) => new PrismaLibSql({ url, timeout: SQLITE_BUSY_TIMEOUT_MS });

export type DatabaseClientOptions = {
  sqliteAdapter?: SqliteAdapter;
  /** PostgreSQL: how long a query waits for a connection, free or new, before it fails. */
  connectTimeoutMs?: number;
  /** PostgreSQL: how long a query waits for the server's answer before it fails. */
  queryTimeoutMs?: number;
};

export async function createDatabaseClient(
  url: string,
  {
    sqliteAdapter = plainSqlite,
    connectTimeoutMs = POSTGRES_CONNECT_TIMEOUT_MS,
    queryTimeoutMs = POSTGRES_QUERY_TIMEOUT_MS,
  }: DatabaseClientOptions = {},
): Promise<DatabaseClient> {
  if (databaseEngine(url) === "postgresql") {
    // Loaded only here: a SQLite site never loads the PostgreSQL client and driver (a few MB of
    // memory, decision 030's budget).
    const [{ PrismaPg }, { PrismaClient: PostgresPrismaClient }] = await Promise.all([
      import("@prisma/adapter-pg"),
      import("./generated/prisma-postgres/client.ts"),
    ]);
    // pg's pool: 10 connections at most per process, the driver's default, and
    // idle ones closed after 10 s. The models and their methods are the same;
    // only the types are separate copies.
    // Each connection reaches the database's address as last resolved (database-address.server.ts):
    // a pool that grows for a reader's page never waits on DNS.
    // Nothing waits on the database for ever (docs/decisions/045): pg's defaults are no limit
    // on the wait for a connection, nor on a query's answer, and a network that holds the
    // packets back left every page waiting as long as it did.
    const { databaseSocket } = await import("./database-address.server.ts");
    const client = new PostgresPrismaClient({
      adapter: new PrismaPg({
        connectionString: url,
        stream: databaseSocket,
        connectionTimeoutMillis: connectTimeoutMs,
        query_timeout: queryTimeoutMs,
      }),
    });
    return client as unknown as DatabaseClient;
  }
  return new PrismaClient({ adapter: sqliteAdapter(url) });
}
