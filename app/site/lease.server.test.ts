import { afterEach, describe, expect, it, vi } from "vitest";
import { prisma } from "~/db.server";
import { acquireLease, keepLease, leaseHeld, releaseHeldLeases, withLease } from "./lease.server";

afterEach(async () => {
  vi.useRealTimers();
  await prisma.lease.deleteMany();
});

const waitUntil = async (check: () => Promise<boolean>) => {
  for (let i = 0; i < 200 && !(await check()); i++) await new Promise((resolve) => setTimeout(resolve, 10));
};

describe("leases across processes", () => {
  it("a kept lease outlives its first term while its job runs, and lapses one term after the keeper stops", async () => {
    expect(await acquireLease("kept", "a", 300)).toBe(true);
    const stop = keepLease("kept", "a", 300);
    await new Promise((resolve) => setTimeout(resolve, 700));
    // Past two of its terms, still held: another holder is refused.
    expect(await acquireLease("kept", "b", 300)).toBe(false);
    stop();
    // A keeper that died (kill -9): the lease runs out, and the next holder takes it.
    await waitUntil(async () => !(await leaseHeld("kept")));
    expect(await acquireLease("kept", "b", 300)).toBe(true);
  });

  it("a clean shutdown gives back every lease this process holds, and only those", async () => {
    expect(await acquireLease("mine", "me", 60_000)).toBe(true);
    await prisma.lease.create({ data: { name: "theirs", holder: "other", expiresAt: new Date(Date.now() + 60_000) } });
    expect(await releaseHeldLeases()).toBe(1);
    expect(await leaseHeld("mine")).toBe(false);
    expect(await leaseHeld("theirs")).toBe(true);
  });

  it("withLease runs the job in one holder at a time and gives the lease back after it", async () => {
    let release: () => void = () => {};
    const first = withLease("single", 60_000, () => new Promise<string>((resolve) => (release = () => resolve("ran"))));
    await waitUntil(() => leaseHeld("single"));
    expect(await withLease("single", 60_000, async () => "second")).toBeUndefined();
    release();
    expect(await first).toBe("ran");
    expect(await leaseHeld("single")).toBe(false);
    expect(await withLease("single", 60_000, async () => "again")).toBe("again");
  });
});
