// How `npm test` and the browser suite run work that should only take the CPU the rest leaves
// idle (docs/decisions/026): Linux's SCHED_IDLE through chrt (util-linux), so the kernel runs it
// only on a core no other process wants; elsewhere, or without chrt, the lowest nice value.
import { spawnSync } from "node:child_process";

const hasChrt = process.platform === "linux" && spawnSync("chrt", ["--version"], { stdio: "ignore" }).status === 0;

/** The command words to put before a command to run it at the lowest CPU priority. */
export const LOW_PRIORITY: readonly string[] = hasChrt ? ["chrt", "--idle", "0"] : ["nice", "-n", "19"];

/**
 * Gives a process started with LOW_PRIORITY (every thread of it) the normal priority again, once
 * what it does is what the run waits for. Best effort: without chrt, raising a nice value back
 * needs privileges a developer's account may not have.
 */
export function normalPriority(pid: number) {
  const [command, args] = hasChrt
    ? ["chrt", ["--other", "--all-tasks", "--pid", "0", String(pid)]]
    : ["renice", ["-n", "0", "-p", String(pid)]];
  spawnSync(command as string, args as string[], { stdio: "ignore" });
}
