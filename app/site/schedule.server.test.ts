import { afterEach, describe, expect, it, vi } from "vitest";
import { scheduleJob } from "./schedule.server";

const stops: (() => void)[] = [];
afterEach(() => {
  for (const stop of stops.splice(0)) stop();
  vi.useRealTimers();
  vi.restoreAllMocks();
});

describe("scheduleJob", () => {
  it("runs first after firstAfterMs, then every everyMs, and one timer per name", async () => {
    vi.useFakeTimers();
    const run = vi.fn(async () => {});
    stops.push(scheduleJob({ name: "t1", everyMs: 1_000, firstAfterMs: 100, run }));
    // A second start in the same process (a dev reload, a second call) adds no timer.
    stops.push(scheduleJob({ name: "t1", everyMs: 1_000, firstAfterMs: 100, run }));
    await vi.advanceTimersByTimeAsync(99);
    expect(run).toHaveBeenCalledTimes(0);
    await vi.advanceTimersByTimeAsync(1);
    expect(run).toHaveBeenCalledTimes(1);
    await vi.advanceTimersByTimeAsync(2_000);
    expect(run).toHaveBeenCalledTimes(3);
  });

  it("never overlaps a run that is still going, and a failure is logged, not thrown", async () => {
    vi.useFakeTimers();
    const error = vi.spyOn(console, "error").mockImplementation(() => {});
    let finish: () => void = () => {};
    let calls = 0;
    const run = vi.fn(() => {
      calls++;
      if (calls === 1) return new Promise<void>((resolve) => (finish = resolve));
      return Promise.reject(new Error("boom"));
    });
    stops.push(scheduleJob({ name: "t2", everyMs: 100, firstAfterMs: 0, run }));
    await vi.advanceTimersByTimeAsync(550);
    expect(run).toHaveBeenCalledTimes(1);
    finish();
    await vi.advanceTimersByTimeAsync(100);
    expect(run).toHaveBeenCalledTimes(2);
    expect(error).toHaveBeenCalledWith("[t2] failed:", "boom");
  });

  it("a stopped job can be started again", async () => {
    vi.useFakeTimers();
    const run = vi.fn(async () => {});
    scheduleJob({ name: "t3", everyMs: 100, firstAfterMs: 0, run })();
    await vi.advanceTimersByTimeAsync(300);
    expect(run).toHaveBeenCalledTimes(0);
    stops.push(scheduleJob({ name: "t3", everyMs: 100, firstAfterMs: 0, run }));
    await vi.advanceTimersByTimeAsync(0);
    expect(run).toHaveBeenCalledTimes(1);
  });
});

describe("single jobs", () => {
  it("run in one process at a time: a turn is skipped while another process holds the job's lease", async () => {
    const { prisma } = await import("~/db.server");
    const { acquireLease, releaseLease } = await import("./lease.server");
    // Another holder (on PostgreSQL a session of its own, as another process's would be).
    expect(await acquireLease("job:t5", "other-process", 60_000)).toBe(true);
    const run = vi.fn(async () => {});
    stops.push(scheduleJob({ name: "t5", everyMs: 50, firstAfterMs: 0, single: true, run }));
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(run).not.toHaveBeenCalled();
    await releaseLease("job:t5", "other-process");
    await expect.poll(() => run.mock.calls.length).toBeGreaterThan(0);
    await expect.poll(() => prisma.lease.count({ where: { name: "job:t5" } })).toBe(0);
  });
});

describe("runAfterAnswer", () => {
  it("runs at once, logs a failure as a job's, and a clean shutdown waits for it", async () => {
    const { runAfterAnswer, stopScheduledJobs } = await import("./schedule.server");
    const error = vi.spyOn(console, "error").mockImplementation(() => {});
    runAfterAnswer("t9", async () => {
      throw new Error("Email could not be sent: connect ECONNREFUSED");
    });
    await expect.poll(() => error.mock.calls.length).toBe(1);
    expect(error).toHaveBeenCalledWith("[t9] failed:", "Email could not be sent: connect ECONNREFUSED");

    let finished = false;
    let finish: () => void = () => {};
    runAfterAnswer(
      "t10",
      () =>
        new Promise<void>((resolve) => {
          finish = () => {
            finished = true;
            resolve();
          };
        }),
    );
    const stopping = stopScheduledJobs(5_000);
    setTimeout(() => finish(), 100);
    await stopping;
    expect(finished).toBe(true);
  });
});

describe("stopScheduledJobs", () => {
  it("stops every timer and waits for the runs under way, up to its limit", async () => {
    const { stopScheduledJobs } = await import("./schedule.server");
    let finish: () => void = () => {};
    let finished = false;
    const run = vi.fn(
      () =>
        new Promise<void>((resolve) => {
          finish = () => {
            finished = true;
            resolve();
          };
        }),
    );
    scheduleJob({ name: "t6", everyMs: 20, firstAfterMs: 0, run });
    await expect.poll(() => run.mock.calls.length).toBe(1);
    const stopping = stopScheduledJobs(5_000);
    setTimeout(() => finish(), 100);
    await stopping;
    expect(finished).toBe(true);
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(run).toHaveBeenCalledTimes(1);
    // A run that does not end in time is left behind.
    scheduleJob({ name: "t7", everyMs: 20, firstAfterMs: 0, run: () => new Promise<void>(() => {}) });
    await new Promise((resolve) => setTimeout(resolve, 50));
    const started = Date.now();
    await stopScheduledJobs(100);
    expect(Date.now() - started).toBeLessThan(2_000);
  });
});
