// The lease on the engine of this run (Vitest runs it on SQLite and on PostgreSQL).
import { beforeEach, expect, it } from "vitest";
import { prisma } from "~/db.server";
import { acquireLease, leaseHeld, releaseLease, renewLease } from "./lease.server";
import { onPostgres } from "./sql.server";

const MINUTE = 60_000;

beforeEach(async () => {
  await prisma.lease.deleteMany();
});

it("has one holder at a time until it is released or runs out", async () => {
  const now = Date.now();
  expect(await acquireLease("job-a", "first", MINUTE, now)).toBe(true);
  expect(await leaseHeld("job-a", now)).toBe(true);
  expect(await acquireLease("job-a", "second", MINUTE, now + 1_000)).toBe(false);
  await renewLease("job-a", "first", MINUTE, now + 50_000);
  expect(await acquireLease("job-a", "second", MINUTE, now + 70_000)).toBe(false);
  // Another holder's release changes nothing; the holder's own frees it at once.
  await releaseLease("job-a", "second");
  expect(await leaseHeld("job-a", now + 1_000)).toBe(true);
  await releaseLease("job-a", "first");
  expect(await leaseHeld("job-a", now + 1_000)).toBe(false);
  expect(await acquireLease("job-a", "second", MINUTE, now + 2_000)).toBe(true);
  await releaseLease("job-a", "second");
});

it.runIf(onPostgres)(
  "PostgreSQL: passes on at once when its holder's session dies (kill -9), long before it runs out",
  async () => {
    const now = Date.now();
    expect(await acquireLease("job-b", "crashing", 10 * MINUTE, now)).toBe(true);
    expect(await acquireLease("job-b", "waiting", 10 * MINUTE, now)).toBe(false);
    // What PostgreSQL does when a holder's process dies: its sessions end, and their locks with them.
    const ended = await prisma.$queryRawUnsafe<{ pid: number }[]>(
      `SELECT pid FROM pg_locks WHERE locktype = 'advisory' AND granted
       AND ((classid::int8 << 32) | objid::int8) = hashtextextended('lease:job-b', 0)`,
    );
    expect(ended).toHaveLength(1);
    await prisma.$queryRawUnsafe(`SELECT pg_terminate_backend(${Number(ended[0]?.pid)})::text AS ended`);
    await expect.poll(() => leaseHeld("job-b", now)).toBe(false);
    expect(await acquireLease("job-b", "waiting", 10 * MINUTE, now)).toBe(true);
    expect(await leaseHeld("job-b", now)).toBe(true);
    await releaseLease("job-b", "waiting");
  },
);
