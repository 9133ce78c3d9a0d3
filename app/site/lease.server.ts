// Leases: a named job held by one holder until it expires, in the database, so that every
// server process on it agrees who runs the job (the content sync, the email digest, every
// scheduled job). A holder that dies loses its lease when it runs out; nothing needs to clean
// up after it. A long job keeps its lease short and renews it as it goes (keepLease), so that
// another process takes over within one lease after a `kill -9` (docs/decisions/040), and a
// process that stops cleanly gives back what it holds (releaseHeldLeases, on SIGTERM).
import { prisma } from "~/db.server";

/** Takes the named lease if it is free or expired; true when this holder now has it. */
export async function acquireLease(name: string, holder: string, ms: number, now = Date.now()): Promise<boolean> {
  const expiresAt = new Date(now + ms);
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
}

/** Extends the holder's lease (a job that takes longer than one lease, such as a full backfill). */
export async function renewLease(name: string, holder: string, ms: number, now = Date.now()) {
  await prisma.lease.updateMany({ where: { name, holder }, data: { expiresAt: new Date(now + ms) } });
}

/** Whether anyone holds the named lease now (an expired lease is held by no one). */
export async function leaseHeld(name: string, now = Date.now()): Promise<boolean> {
  const lease = await prisma.lease.findUnique({ where: { name } });
  return Boolean(lease && lease.expiresAt.getTime() > now);
}

/**
 * Renews a lease the holder has every third of `ms` until the returned stop is called: the lease
 * outlives its job only by one `ms` when the process dies. A failed renewal is tried again at the
 * next beat (a busy database must not end the job; two more beats fit before the lease runs out).
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
    leases.map(([name, holder]) => prisma.lease.deleteMany({ where: { name, holder } })),
  );
  return results.filter((r) => r.status === "fulfilled" && r.value.count > 0).length;
}
