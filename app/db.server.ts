import type { Client, Config, TransactionMode } from "@libsql/client";
import { PrismaLibSql } from "@prisma/adapter-libsql";
import { SQLITE_BUSY_TIMEOUT_MS } from "~/database";
import { createDatabaseClient, type DatabaseClient } from "~/database-client.server";
import { answerOutages } from "~/database-outage.server";
import { env } from "~/env.server";

/** Retries of a statement or transaction start that still met SQLITE_BUSY, and their jittered back-off. */
export const BUSY_RETRY: RetryPolicy = { attempts: 5, baseDelayMs: 10, maxDelayMs: 250 };
type RetryPolicy = { attempts: number; baseDelayMs: number; maxDelayMs: number };

const SQLITE_BUSY = 5;

/** A write that met a unique constraint (Prisma's P2002), on either engine. */
export const isUniqueViolation = (error: unknown) => (error as { code?: unknown } | null)?.code === "P2002";

/** SQLITE_BUSY and its extended codes (BUSY_SNAPSHOT, BUSY_RECOVERY, ...), from libSQL's error. */
export function isBusyError(error: unknown): boolean {
  const rawCode = (error as { rawCode?: unknown } | null)?.rawCode;
  return typeof rawCode === "number" && (rawCode & 0xff) === SQLITE_BUSY;
}

/**
 * Runs `operation` again while it fails with SQLITE_BUSY, up to `retry.attempts`
 * times in all, waiting a random ("full jitter") delay that doubles each time,
 * so two processes that collided do not collide again in step. `recover` runs
 * after each SQLITE_BUSY, before the wait (and before giving up).
 * Only for work that did nothing when it failed: a statement outside a
 * transaction (SQLite undoes it) or the start of one.
 */
export async function retryWhileBusy<T>(
  operation: () => Promise<T>,
  { retry = BUSY_RETRY, recover }: { retry?: RetryPolicy; recover?: () => void | Promise<void> } = {},
): Promise<T> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await operation();
    } catch (error) {
      if (!isBusyError(error)) throw error;
      await recover?.();
      if (attempt >= retry.attempts) throw error;
      const ceiling = Math.min(retry.maxDelayMs, retry.baseDelayMs * 2 ** (attempt - 1));
      await new Promise((resolve) => setTimeout(resolve, Math.random() * ceiling));
    }
  }
}

/**
 * The libSQL client the Prisma adapter runs on, with three changes for several
 * processes on one SQLite file (decision 008):
 *
 * - A transaction takes the write lock when it begins (BEGIN IMMEDIATE, where
 *   the adapter asks for a deferred one). A deferred transaction reads first
 *   and upgrades to a writer later; if another process committed in between,
 *   SQLite refuses the upgrade with SQLITE_BUSY at once, without waiting for
 *   the busy timeout (https://sqlite.org/rescode.html#busy_snapshot). Prisma's
 *   own transactions (upsert, nested writes) all end in a write, so nothing is
 *   lost by locking first, and the busy timeout then covers them.
 * - After SQLITE_BUSY the client's connections are reopened. libSQL 0.5 does
 *   not reset a statement that failed with SQLITE_BUSY, and SQLite commits an
 *   autocommit write only once no statement is active on its connection: the
 *   next writes on that connection were acknowledged but never committed, and
 *   kept the write lock from every other process (db.server.test.ts shows
 *   it). Reopening is safe here: the adapter runs one statement or transaction
 *   at a time, so when a statement fails nothing else holds a connection.
 * - A statement outside a transaction, and the start of a transaction, are
 *   retried with jitter when they fail with SQLITE_BUSY.
 *
 * Statements inside a transaction are not retried here: after BEGIN IMMEDIATE
 * the transaction holds the lock, and a failed one is the caller's to redo.
 */
function withBusyRetry(client: Client): Client {
  const options = { recover: () => client.reconnect() };
  const execute: Client["execute"] = (...args: Parameters<Client["execute"]>) =>
    retryWhileBusy(() => (client.execute as (...a: typeof args) => ReturnType<Client["execute"]>)(...args), options);
  const batch: Client["batch"] = (statements, mode) =>
    retryWhileBusy(() => client.batch(statements, writeMode(mode)), options);
  const transaction: Client["transaction"] = (mode?: TransactionMode) =>
    retryWhileBusy(() => client.transaction(writeMode(mode)), options);
  return new Proxy(client, {
    get(target, property) {
      if (property === "execute") return execute;
      if (property === "batch") return batch;
      if (property === "transaction") return transaction;
      const value = Reflect.get(target, property, target);
      // The client keeps private fields: its methods must run on it, not on the proxy.
      return typeof value === "function" ? value.bind(target) : value;
    },
  });
}

function writeMode(mode: TransactionMode | undefined): TransactionMode {
  return mode === "deferred" || mode === undefined ? "write" : mode;
}

class PrismaLibSqlWithBusyRetry extends PrismaLibSql {
  override createClient(config: Config): Client {
    return withBusyRetry(super.createClient(config));
  }
}

// One client per process; the global keeps it across dev-server reloads.
// DATABASE_URL picks the engine (docs/decisions/039); SQLite gets the busy retries above. A
// database out of reach answers a request's queries with the 503 (database-outage.server.ts).
const globalForPrisma = globalThis as unknown as { prisma?: DatabaseClient };

export const prisma =
  globalForPrisma.prisma ??
  answerOutages(
    await createDatabaseClient(env.DATABASE_URL, {
      sqliteAdapter: (url) => new PrismaLibSqlWithBusyRetry({ url, timeout: SQLITE_BUSY_TIMEOUT_MS }),
      connectTimeoutMs: env.DATABASE_CONNECT_TIMEOUT_MS,
      queryTimeoutMs: env.DATABASE_QUERY_TIMEOUT_MS,
    }),
  );

if (env.NODE_ENV !== "production") globalForPrisma.prisma = prisma;

/**
 * The last step of a clean stop (server/index.ts), once no request or job uses the database. On a
 * SQLite file, what the write-ahead log holds is copied into the database file and the log is
 * emptied (https://sqlite.org/pragma.html#pragma_wal_checkpoint, TRUNCATE): after a stop, the
 * `.db` file alone is a complete copy, for an operator who copies it or moves it elsewhere. Other
 * processes on the same file may keep reading meanwhile; a checkpoint they hold back is finished
 * by the last of them to close. Then the connections close (PostgreSQL's pool too).
 */
export async function closeDatabase(): Promise<void> {
  if (env.DATABASE_URL.startsWith("file:")) {
    const [result] = await prisma.$queryRawUnsafe<{ busy: bigint | number }[]>("PRAGMA wal_checkpoint(TRUNCATE)");
    if (Number(result?.busy ?? 0) !== 0)
      console.warn("The database's write-ahead log was not emptied: another process still uses the file.");
  }
  await prisma.$disconnect();
}
