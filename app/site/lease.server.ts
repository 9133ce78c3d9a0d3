// Leases: a named job held by one holder until it expires, in the database, so that every
// server process on it agrees who runs the job (the content sync, the email digest). A holder
// that dies loses its lease when it runs out; nothing needs to clean up after it.
//
// On PostgreSQL the holder also keeps a session advisory lock on a connection of its own for as
// long as it holds the lease (docs/decisions/039). PostgreSQL ends that session, and with it the
// lock, the moment the holder's process dies (kill -9 included), so another process takes the job
// over at once instead of waiting for the lease to run out, and leaseHeld() no longer reports a
// dead holder's lease as running.
import type pg from "pg";
import { prisma } from "~/db.server";
import { env } from "~/env.server";
import { onPostgres } from "./sql.server";

/** The advisory lock's 64-bit key of a lease, from its name (the statement's $1). */
const LOCK_KEY = "hashtextextended($1::text, 0)";

/** This process's lock sessions, by lease name. */
const sessions = new Map<string, { holder: string; client: pg.Client }>();

/** A session holding the lease's advisory lock, or null when a live holder elsewhere has it. */
async function lockSession(name: string): Promise<pg.Client | null> {
  // Loaded here, on PostgreSQL only.
  const { default: postgres } = await import("pg");
  const client = new postgres.Client({ connectionString: env.DATABASE_URL });
  // A session that fails later (the server restarted) has lost its lock: forget it.
  client.on("error", () => {
    for (const [key, session] of sessions) if (session.client === client) sessions.delete(key);
  });
  await client.connect();
  try {
    const { rows } = await client.query<{ locked: boolean }>(`SELECT pg_try_advisory_lock(${LOCK_KEY}) AS locked`, [
      `lease:${name}`,
    ]);
    if (rows[0]?.locked) return client;
  } catch (error) {
    await client.end().catch(() => {});
    throw error;
  }
  await client.end();
  return null;
}

async function endSession(name: string, holder?: string) {
  const session = sessions.get(name);
  if (!session || (holder !== undefined && session.holder !== holder)) return;
  sessions.delete(name);
  // Closing the session releases its lock.
  await session.client.end().catch(() => {});
}

/** Takes the named lease if it is free or expired; true when this holder now has it. */
export async function acquireLease(name: string, holder: string, ms: number, now = Date.now()): Promise<boolean> {
  const expiresAt = new Date(now + ms);
  if (onPostgres) {
    const session = await lockSession(name);
    if (session) {
      // Nobody alive holds it: whatever the row says was left by a holder that died (or released it).
      await endSession(name);
      sessions.set(name, { holder, client: session });
      await prisma.$executeRaw`
        INSERT INTO "Lease" ("name", "holder", "expiresAt") VALUES (${name}, ${holder}, ${expiresAt})
        ON CONFLICT ("name") DO UPDATE SET "holder" = excluded."holder", "expiresAt" = excluded."expiresAt"`;
      return true;
    }
    // A live holder has the lock; the lease's expiry still decides (a holder that overran it without renewing).
  }
  const changed = await prisma.$executeRaw`
    INSERT INTO "Lease" ("name", "holder", "expiresAt") VALUES (${name}, ${holder}, ${expiresAt})
    ON CONFLICT ("name") DO UPDATE SET "holder" = excluded."holder", "expiresAt" = excluded."expiresAt"
    WHERE "Lease"."expiresAt" <= ${new Date(now)}`;
  return changed === 1;
}

export async function releaseLease(name: string, holder: string) {
  await prisma.lease.deleteMany({ where: { name, holder } });
  await endSession(name, holder);
}

/** Extends the holder's lease (a job that takes longer than one lease, such as a full backfill). */
export async function renewLease(name: string, holder: string, ms: number, now = Date.now()) {
  await prisma.lease.updateMany({ where: { name, holder }, data: { expiresAt: new Date(now + ms) } });
}

/**
 * Whether anyone holds the named lease now (an expired lease is held by no one; on PostgreSQL
 * neither is one whose holder's session is gone).
 */
export async function leaseHeld(name: string, now = Date.now()): Promise<boolean> {
  const lease = await prisma.lease.findUnique({ where: { name } });
  if (!lease || lease.expiresAt.getTime() <= now) return false;
  if (!onPostgres) return true;
  const [row] = await prisma.$queryRawUnsafe<{ held: boolean }[]>(
    `SELECT EXISTS (SELECT 1 FROM pg_locks WHERE locktype = 'advisory' AND granted AND objsubid = 1
       AND ((classid::int8 << 32) | objid::int8) = ${LOCK_KEY}) AS held`,
    `lease:${name}`,
  );
  return Boolean(row?.held);
}
