// The lease on the engine of this run (Vitest runs it on SQLite and on PostgreSQL).
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { prisma } from "~/db.server";
import {
  acquireLease,
  keepLease,
  leaseHeld,
  releaseHeldLeases,
  releaseLease,
  renewLease,
  withLease,
} from "./lease.server";
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

afterEach(() => {
  vi.useRealTimers();
});

const waitUntil = async (check: () => Promise<boolean>) => {
  for (let i = 0; i < 200 && !(await check()); i++) await new Promise((resolve) => setTimeout(resolve, 10));
};

describe("leases across processes", () => {
  // SQLite's lease is the expiring row; on PostgreSQL the holder's session lock decides (above).
  it.skipIf(onPostgres)(
    "a kept lease outlives its first term while its job runs, and lapses one term after the keeper stops",
    async () => {
      expect(await acquireLease("kept", "a", 300)).toBe(true);
      const stop = keepLease("kept", "a", 300);
      await new Promise((resolve) => setTimeout(resolve, 700));
      // Past two of its terms, still held: another holder is refused.
      expect(await acquireLease("kept", "b", 300)).toBe(false);
      stop();
      // A keeper that died (kill -9): the lease runs out, and the next holder takes it.
      await waitUntil(async () => !(await leaseHeld("kept")));
      expect(await acquireLease("kept", "b", 300)).toBe(true);
    },
  );

  it("a clean shutdown gives back every lease this process holds, and only those", async () => {
    expect(await acquireLease("mine", "me", 60_000)).toBe(true);
    await prisma.lease.create({ data: { name: "theirs", holder: "other", expiresAt: new Date(Date.now() + 60_000) } });
    expect(await releaseHeldLeases()).toBe(1);
    expect(await leaseHeld("mine")).toBe(false);
    // Another process's lease row stays (PostgreSQL reads who holds a lease from its locks).
    expect(await prisma.lease.findUnique({ where: { name: "theirs" } })).not.toBeNull();
  });

  it("withLease runs the job in one holder at a time and gives the lease back after it", async () => {
    let release: (() => void) | undefined;
    const first = withLease("single", 60_000, () => new Promise<string>((resolve) => (release = () => resolve("ran"))));
    // Wait for the job itself: on PostgreSQL the lock is seen held before the job has started.
    await waitUntil(async () => release !== undefined);
    expect(await leaseHeld("single")).toBe(true);
    expect(await withLease("single", 60_000, async () => "second")).toBeUndefined();
    release?.();
    expect(await first).toBe("ran");
    expect(await leaseHeld("single")).toBe(false);
    expect(await withLease("single", 60_000, async () => "again")).toBe("again");
  });
});
