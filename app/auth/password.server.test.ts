import { stat } from "node:fs";
import bcryptjs from "bcryptjs";
import { describe, expect, it } from "vitest";
import { HASH_SLOTS, hashing, hashPassword, verifyPassword } from "./password.server";

describe("password hashes", () => {
  it("are bcrypt, never the password as given", async () => {
    const hash = await hashPassword("candle wax");
    expect(hash).toMatch(/^\$2[aby]\$/);
    expect(hash).not.toContain("candle");
    expect(await verifyPassword("candle wax", hash)).toBe(true);
    expect(await verifyPassword("candle wa", hash)).toBe(false);
  });

  it("made by bcryptjs, as stored before, still verify ($2b$, and $2a$ of older versions)", async () => {
    const made = await bcryptjs.hash("old candle", 8);
    expect(made).toMatch(/^\$2b\$08\$/);
    expect(await verifyPassword("old candle", made)).toBe(true);
    expect(await verifyPassword("new candle", made)).toBe(false);
    // bcryptjs 2 wrote $2a$; for passwords under 255 bytes it is the same hash.
    const older = made.replace(/^\$2b\$/, "$2a$");
    expect(await verifyPassword("old candle", older)).toBe(true);
    expect(await verifyPassword("new candle", older)).toBe(false);
    // And what this module writes, bcryptjs reads: the format is the same.
    expect(await bcryptjs.compare("candle wax", await hashPassword("candle wax"))).toBe(true);
  });

  it("a malformed stored hash is a refusal, not an error", async () => {
    expect(await verifyPassword("x", "not a hash")).toBe(false);
  });

  it("are computed off the event loop: it stays free while many hash at once", async () => {
    // CPU time, not wall time: under load (the checks run beside the browser tests at the lowest
    // priority) a busy share of the loop's wall time also counts the waits for a core, and went
    // past a half once in a run where the hashing was off the loop all along.
    const processBefore = process.cpuUsage();
    const loopBefore = process.threadCpuUsage();
    let settled = 0;
    const hashes = Array.from({ length: 8 }, (_, i) =>
      hashPassword(`password number ${i}`).then(() => {
        settled += 1;
      }),
    );
    // The next turn of the loop comes before the hashes are done: nothing holds the loop meanwhile.
    const settledAtNextTurn = await new Promise<number>((resolve) => setImmediate(() => resolve(settled)));
    await Promise.all(hashes);
    const loop = process.threadCpuUsage(loopBefore);
    const all = process.cpuUsage(processBefore);
    expect(settledAtNextTurn).toBeLessThan(hashes.length);
    // The loop's own share of the CPU the eight hashes cost: bcryptjs keeps it near 1 (it hashes
    // on the loop, in slices); the thread pool leaves the loop a small part.
    expect((loop.user + loop.system) / (all.user + all.system)).toBeLessThan(0.5);
  });

  it("leave libuv's thread pool a thread: a file's stat during a burst of hashes is not queued behind them", async () => {
    // Issue 39: twenty sign-ins filled the pool's four threads, and express.static's stat of
    // /api/health waited for a second of hashes. Order, not time: how many hashes were done first.
    let settled = 0;
    let most = 0;
    const hashes = Array.from({ length: 8 }, (_, i) => {
      const done = hashPassword(`burst password ${i}`).then(() => {
        settled += 1;
      });
      most = Math.max(most, hashing.running);
      return done;
    });
    const settledAtStat = await new Promise<number>((resolve, reject) =>
      stat(import.meta.filename, (error) => (error ? reject(error) : resolve(settled))),
    );
    await Promise.all(hashes);
    // Without the limit the stat was ninth in the pool's queue: five hashes or more came first.
    expect(settledAtStat).toBeLessThan(4);
    expect(most).toBe(HASH_SLOTS);
  });
});
