// How `npm test` runs work that should only take the CPU the browser tests leave idle
// (docs/decisions/026): Linux's SCHED_IDLE through chrt (util-linux), so the kernel runs it only
// on a core no other process wants; elsewhere, or without chrt, the lowest nice value.
import { spawnSync } from "node:child_process";

const hasChrt = process.platform === "linux" && spawnSync("chrt", ["--version"], { stdio: "ignore" }).status === 0;

/** The command words to put before a command to run it at the lowest CPU priority. */
export const LOW_PRIORITY: readonly string[] = hasChrt ? ["chrt", "--idle", "0"] : ["nice", "-n", "19"];
