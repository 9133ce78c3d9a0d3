import { describe, expect, it } from "vitest";
import { backgroundJobSlots, concurrencyLimit } from "./concurrency-limit.server";

/** A job that runs until its `finish` is called. */
function controllable() {
  const jobs: { name: string; finish: (fail?: boolean) => void }[] = [];
  const job = (name: string) => () =>
    new Promise<string>((resolve, reject) => {
      jobs.push({ name, finish: (fail) => (fail ? reject(new Error(name)) : resolve(name)) });
    });
  return { jobs, job };
}

const turn = () => new Promise((resolve) => setImmediate(resolve));

describe("concurrencyLimit", () => {
  it("runs at most its limit at once, the others in the order they came", async () => {
    const limit = concurrencyLimit(2);
    const { jobs, job } = controllable();
    const results = Promise.allSettled(["a", "b", "c", "d", "e"].map((name) => limit(job(name))));
    await turn();
    expect(jobs.map((j) => j.name)).toEqual(["a", "b"]);
    expect([limit.running, limit.waiting]).toEqual([2, 3]);
    jobs[1]?.finish();
    await turn();
    expect(jobs.map((j) => j.name)).toEqual(["a", "b", "c"]);
    jobs[0]?.finish(true); // a failure frees its place too, and is its caller's alone
    await turn();
    expect(jobs.map((j) => j.name)).toEqual(["a", "b", "c", "d"]);
    for (const j of jobs.slice(2)) j.finish();
    await turn();
    jobs[4]?.finish();
    const settled = await results;
    expect(settled.map((s) => s.status)).toEqual(["rejected", "fulfilled", "fulfilled", "fulfilled", "fulfilled"]);
    expect([limit.running, limit.waiting]).toEqual([0, 0]);
  });

  it("refuses a limit that would run nothing", () => {
    expect(() => concurrencyLimit(0)).toThrow(RangeError);
    expect(() => concurrencyLimit(1.5)).toThrow(RangeError);
  });
});

describe("backgroundJobSlots", () => {
  it("leaves the event loop a core and libuv's pool a thread, and allows at least one job", () => {
    expect(backgroundJobSlots(2, 4)).toBe(1);
    expect(backgroundJobSlots(1, 4)).toBe(1);
    expect(backgroundJobSlots(8, 4)).toBe(3);
    expect(backgroundJobSlots(8, 64)).toBe(7);
    expect(backgroundJobSlots(16, 1)).toBe(1);
  });
});
