// Leases: a named job held by one holder until it expires, in the database, so that every
// server process on it agrees who runs the job (the content sync, the email digest). A holder
// that dies loses its lease when it runs out; nothing needs to clean up after it.
import { prisma } from "~/db.server";

/** Takes the named lease if it is free or expired; true when this holder now has it. */
export async function acquireLease(name: string, holder: string, ms: number, now = Date.now()): Promise<boolean> {
  const expiresAt = new Date(now + ms);
  const changed = await prisma.$executeRaw`
    INSERT INTO "Lease" ("name", "holder", "expiresAt") VALUES (${name}, ${holder}, ${expiresAt})
    ON CONFLICT ("name") DO UPDATE SET "holder" = excluded."holder", "expiresAt" = excluded."expiresAt"
    WHERE "Lease"."expiresAt" <= ${new Date(now)}`;
  return changed === 1;
}

export async function releaseLease(name: string, holder: string) {
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
