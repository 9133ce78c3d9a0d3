// Waits for the machine to be quiet before a measurement that reads the CPU's time (Lighthouse
// scales the main-thread tasks it observes by its 4x CPU factor, so another process's work
// during a run shows up as the page's blocking time). Used for both sides of a comparison.
import { readFile } from "node:fs/promises";

/** Busy and total jiffies over all CPUs, from the first line of /proc/stat. */
async function cpuTimes(): Promise<{ busy: number; total: number } | null> {
  try {
    const line = (await readFile("/proc/stat", "utf8")).split("\n")[0] ?? "";
    const [, ...fields] = line.trim().split(/\s+/);
    const values = fields.map(Number);
    const idle = (values[3] ?? 0) + (values[4] ?? 0);
    const total = values.reduce((a, b) => a + b, 0);
    return { busy: total - idle, total };
  } catch {
    return null; // not Linux: nothing to wait for
  }
}

/**
 * Resolves once the machine's CPUs were busy less than `threshold` (a share of all cores) over
 * a window of `windowMs`, or after `maxMs` whatever the load (the figure is then measured on a
 * busy machine, as before). Returns how long it waited.
 */
export async function waitForQuietCpu({ threshold = 0.1, windowMs = 500, maxMs = 15_000 } = {}): Promise<number> {
  const start = Date.now();
  let before = await cpuTimes();
  if (!before) return 0;
  while (Date.now() - start < maxMs) {
    await new Promise((resolve) => setTimeout(resolve, windowMs));
    const after = await cpuTimes();
    if (!after) return 0;
    const share = (after.busy - before.busy) / Math.max(1, after.total - before.total);
    if (share < threshold) return Date.now() - start;
    before = after;
  }
  return Date.now() - start;
}
