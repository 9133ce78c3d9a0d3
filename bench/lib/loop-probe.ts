// A probe loaded into the server under measurement (`node --import`), for
// `npx node bench/run.ts --only sign-in --probe`: where does a request wait while a burst
// of sign-ins runs? On SIGUSR2 it prints one line `loop-probe {json}` on stdout
// with what it saw since the last one, then starts over:
// - the event loop's delay (perf_hooks monitorEventLoopDelay): a turn of the
//   loop held by work on the main thread, or the main thread waiting for a core;
// - the wait of libuv's thread pool: an fs.stat every 20 ms, timed from the call
//   to its callback (it queues behind whatever else the pool's threads run);
// - the loop's utilisation, and the CPU time of the main thread and of the process;
// - on Linux, how long the main thread waited for a core: its run-queue time
//   (/proc schedstat), runnable but not running.
// Not part of the product: the bench's figures are taken without it.
import { readFileSync, stat } from "node:fs";
import { monitorEventLoopDelay, performance } from "node:perf_hooks";

const delay = monitorEventLoopDelay({ resolution: 5 });
delay.enable();
let poolWaits: number[] = [];
let utilisation = performance.eventLoopUtilization();
let thread = process.threadCpuUsage();
let all = process.cpuUsage();
let runQueue = runQueueNs();

/** The main thread's run-queue wait in ns (/proc/<pid>/task/<pid>/schedstat, second field). */
function runQueueNs(): number {
  try {
    return Number(readFileSync(`/proc/self/task/${process.pid}/schedstat`, "utf8").split(" ")[1]);
  } catch {
    return Number.NaN; // not Linux
  }
}

setInterval(() => {
  const started = performance.now();
  stat("/", () => poolWaits.push(performance.now() - started));
}, 20).unref();

const ms = (ns: number) => Math.round(ns / 1e5) / 10;
const percentile = (values: number[], p: number) =>
  values.length ? ([...values].sort((a, b) => a - b)[Math.ceil((p / 100) * values.length) - 1] ?? 0) : 0;

process.on("SIGUSR2", () => {
  const loopCpu = process.threadCpuUsage(thread);
  const processCpu = process.cpuUsage(all);
  const line = {
    loopDelayMs: { p50: ms(delay.percentile(50)), p99: ms(delay.percentile(99)), max: ms(delay.max) },
    poolWaitMs: {
      samples: poolWaits.length,
      p50: Math.round(percentile(poolWaits, 50)),
      p99: Math.round(percentile(poolWaits, 99)),
      max: Math.round(Math.max(0, ...poolWaits)),
    },
    loopUtilisation: Math.round(performance.eventLoopUtilization(utilisation).utilization * 100) / 100,
    cpuMs: {
      mainThread: Math.round((loopCpu.user + loopCpu.system) / 1000),
      process: Math.round((processCpu.user + processCpu.system) / 1000),
    },
    mainThreadRunQueueWaitMs: Math.round((runQueueNs() - runQueue) / 1e6),
  };
  console.log(`loop-probe ${JSON.stringify(line)}`);
  delay.reset();
  poolWaits = [];
  utilisation = performance.eventLoopUtilization();
  thread = process.threadCpuUsage();
  all = process.cpuUsage();
  runQueue = runQueueNs();
});
