// Leases: a named job held by one holder at a time, agreed in the database, so that every
// server process on it agrees who runs the job (the content sync, the email digest, every
// scheduled job). A process that stops cleanly gives back what it holds (releaseHeldLeases, on
// SIGTERM: docs/decisions/040).
//
// SQLite: a row with an expiry. A holder that dies loses its lease when it runs out; nothing
// needs to clean up after it. A long job keeps its lease short and renews it as it goes
// (keepLease), so that another process takes over within one lease after a `kill -9`.
//
// PostgreSQL (docs/decisions/039): the holder keeps a session advisory lock on a connection of
// its own for as long as it holds the lease. PostgreSQL ends that session, and with it the lock,
// the moment the holder's process dies (kill -9 included), so another process takes the job over
// at once instead of waiting for an expiry; and a holder that is alive keeps it, however long
// its job takes. The row is still written, for whoever reads who holds it.
import type pg from "pg";
import { databaseSocket } from "~/database-address.server";
import { prisma } from "~/db.server";
import { env } from "~/env.server";
import { onPostgres } from "./sql.server";

/** The advisory lock's 64-bit key of a lease, from its name (the statement's $1). */
const LOCK_KEY = "hashtextextended($1::text, 0)";

/** This process's sessions that hold a lease's lock, by lease name. */
const sessions = new Map<string, { holder: string; client: pg.Client }>();

/**
 * One connection holding no lock, kept a few seconds for the next lease (a sync every few
 * minutes, the tests' many in a row), so that taking a lease seldom opens a connection.
 */
let spare: pg.Client | undefined;
let spareTimer: NodeJS.Timeout | undefined;
const SPARE_IDLE_MS = 10_000;

async function connection(): Promise<pg.Client> {
  if (spare) {
    const client = spare;
    spare = undefined;
    clearTimeout(spareTimer);
    return client;
  }
  // Loaded here, on PostgreSQL only.
  const { default: postgres } = await import("pg");
  const client = new postgres.Client({ connectionString: env.DATABASE_URL, stream: databaseSocket });
  // A session that fails later (the server restarted) has lost its lock: forget it.
  client.on("error", () => {
    for (const [key, session] of sessions) if (session.client === client) sessions.delete(key);
    if (spare === client) spare = undefined;
  });
  await client.connect();
  return client;
}

/** Keeps a connection that holds no lock as the spare, or closes it. */
async function putBack(client: pg.Client) {
  if (spare) return client.end().catch(() => {});
  spare = client;
  spareTimer = setTimeout(() => {
    if (spare === client) spare = undefined;
    void client.end().catch(() => {});
  }, SPARE_IDLE_MS);
  spareTimer.unref();
}

const lockArgs = (name: string) => [`lease:${name}`];

/** The named lease's lock in a session of its own, or null when a live holder has it. */
async function lockSession(name: string): Promise<pg.Client | null> {
  const client = await connection();
  try {
    const { rows } = await client.query<{ locked: boolean }>(
      `SELECT pg_try_advisory_lock(${LOCK_KEY}) AS locked`,
      lockArgs(name),
    );
    if (rows[0]?.locked) return client;
  } catch (error) {
    await client.end().catch(() => {});
    throw error;
  }
  await putBack(client);
  return null;
}

async function endSession(name: string, holder: string) {
  const session = sessions.get(name);
  if (!session || session.holder !== holder) return;
  sessions.delete(name);
  try {
    await session.client.query(`SELECT pg_advisory_unlock(${LOCK_KEY})`, lockArgs(name));
    await putBack(session.client);
  } catch {
    // Closing the session releases its lock too.
    await session.client.end().catch(() => {});
  }
}

/** Takes the named lease if nobody holds it (SQLite: or the holder's lease ran out); true when this holder now has it. */
export async function acquireLease(name: string, holder: string, ms: number, now = Date.now()): Promise<boolean> {
  const expiresAt = new Date(now + ms);
  if (onPostgres) {
    const session = await lockSession(name);
    if (!session) return false;
    sessions.set(name, { holder, client: session });
    await prisma.$executeRaw`
      INSERT INTO "Lease" ("name", "holder", "expiresAt") VALUES (${name}, ${holder}, ${expiresAt})
      ON CONFLICT ("name") DO UPDATE SET "holder" = excluded."holder", "expiresAt" = excluded."expiresAt"`;
    held().set(name, holder);
    return true;
  }
  const changed = await prisma.$executeRaw`
    INSERT INTO "Lease" ("name", "holder", "expiresAt") VALUES (${name}, ${holder}, ${expiresAt})
    ON CONFLICT ("name") DO UPDATE SET "holder" = excluded."holder", "expiresAt" = excluded."expiresAt"
    WHERE "Lease"."expiresAt" <= ${new Date(now)}`;
  if (changed === 1) held().set(name, holder);
  return changed === 1;
}

export async function releaseLease(name: string, holder: string) {
  if (held().get(name) === holder) held().delete(name);
  await prisma.lease.deleteMany({ where: { name, holder } });
  if (onPostgres) await endSession(name, holder);
}

/** Extends the holder's lease (a job that takes longer than one lease, such as a full backfill). */
export async function renewLease(name: string, holder: string, ms: number, now = Date.now()) {
  await prisma.lease.updateMany({ where: { name, holder }, data: { expiresAt: new Date(now + ms) } });
}

/** Whether anyone holds the named lease now (SQLite: an expired lease is held by no one; PostgreSQL: a live session holds its lock). */
export async function leaseHeld(name: string, now = Date.now()): Promise<boolean> {
  if (onPostgres) {
    const [row] = await prisma.$queryRawUnsafe<{ held: boolean }[]>(
      `SELECT EXISTS (SELECT 1 FROM pg_locks WHERE locktype = 'advisory' AND granted AND objsubid = 1
         AND ((classid::int8 << 32) | objid::int8) = ${LOCK_KEY}) AS held`,
      ...lockArgs(name),
    );
    return Boolean(row?.held);
  }
  const lease = await prisma.lease.findUnique({ where: { name } });
  return Boolean(lease && lease.expiresAt.getTime() > now);
}

/**
 * Renews a lease the holder has every third of `ms` until the returned stop is called: the lease
 * outlives its job only by one `ms` when the process dies. A failed renewal is tried again at the
 * next beat (a busy database must not end the job; two more beats fit before the lease runs out).
 * On PostgreSQL the session's lock is what counts; the renewal only keeps the row's expiry true.
 */
export function keepLease(name: string, holder: string, ms: number): () => void {
  const beat = setInterval(
    () =>
      void renewLease(name, holder, ms).catch((error) =>
        console.error(`[lease ${name}] renewal failed:`, error instanceof Error ? error.message : error),
      ),
    Math.max(10, Math.floor(ms / 3)),
  );
  beat.unref();
  return () => clearInterval(beat);
}

/** Runs `job` under the named lease (kept alive while it runs), or not at all when another holder has it. */
export async function withLease<T>(name: string, ms: number, job: () => Promise<T>): Promise<T | undefined> {
  const holder = `${process.pid}-${crypto.randomUUID()}`;
  if (!(await acquireLease(name, holder, ms))) return undefined;
  const stop = keepLease(name, holder, ms);
  try {
    return await job();
  } finally {
    stop();
    await releaseLease(name, holder);
  }
}

// The leases this process holds now, by name: on globalThis, as development loads modules twice.
const state = globalThis as { __heldLeases?: Map<string, string> };
function held(): Map<string, string> {
  state.__heldLeases ??= new Map();
  return state.__heldLeases;
}

/**
 * Gives back every lease this process holds (a clean shutdown): another process may take the
 * job at once instead of waiting for the lease to run out. Never throws.
 */
export async function releaseHeldLeases(): Promise<number> {
  const leases = [...held()];
  held().clear();
  const results = await Promise.allSettled(
    leases.map(async ([name, holder]) => {
      const { count } = await prisma.lease.deleteMany({ where: { name, holder } });
      if (onPostgres) await endSession(name, holder);
      return count;
    }),
  );
  return results.filter((r) => r.status === "fulfilled" && r.value > 0).length;
}
