// `npm test`: every check of the project, in the least time this machine allows
// (docs/decisions/026).
//
// The build comes first: the browser tests run on it. Then the browser tests run, and beside
// them, at the lowest CPU priority, the type check, the lint and the unit tests one after another.
// The browser tests leave part of the machine's CPU idle while pages wait on the network, on
// timers and on the servers (a tenth over a whole run, vmstat); the checks beside them take that
// share, and the kernel gives the browser tests the CPU whenever they want it. One after another
// the same checks added about 37 s to the run (docs/decisions/026 has what they save).
//
// The checks' output is printed as one block when they finish, so it never interleaves with the
// browser tests' list. A check that fails stops the run at once, as `a && b` would: its output,
// then the browser tests are stopped. The exit status is that of the first part to fail. A build
// that prints a warning fails the run before the browser tests (scripts/build-log.ts).
import { type ChildProcess, spawn, spawnSync } from "node:child_process";
import path from "node:path";
import { buildWarnings } from "./build-log.ts";

const root = path.resolve(import.meta.dirname, "..");
const npm = process.platform === "win32" ? "npm.cmd" : "npm";

/** The checks that need no build, in the order `npm test` used to run them. */
const CHECKS = ["typecheck", "lint", "test:unit"] as const;

type Run = { child: ChildProcess; done: Promise<number> };

// Linux's SCHED_IDLE (chrt, util-linux): the kernel runs the checks only on a core no other
// process wants. Elsewhere, or without chrt, the lowest nice value.
const LOW_PRIORITY =
  process.platform === "linux" && spawnSync("chrt", ["--version"], { stdio: "ignore" }).status === 0
    ? ["chrt", "--idle", "0"]
    : ["nice", "-n", "19"];

function run(script: string, options: { capture?: string[]; echo?: boolean; nice?: boolean } = {}): Run {
  const args = ["run", "-s", script];
  const [command, argv] = options.nice
    ? [LOW_PRIORITY[0] as string, [...LOW_PRIORITY.slice(1), npm, ...args]]
    : [npm, args];
  const child = spawn(command, argv, {
    cwd: root,
    // Read by vitest.config.ts: its timeouts allow for the waits a test has at this priority.
    env: { ...process.env, HS_CHECKS_AT_LOW_PRIORITY: options.nice ? "1" : "" },
    stdio: options.capture ? ["ignore", "pipe", "pipe"] : "inherit",
    // Its own process group, so that stopping it stops what it started (Playwright, its servers, Vitest's workers).
    detached: true,
  });
  if (options.capture) {
    const out = options.capture;
    child.stdout?.on("data", (chunk: Buffer) => {
      out.push(chunk.toString());
      if (options.echo) process.stdout.write(chunk);
    });
    child.stderr?.on("data", (chunk: Buffer) => {
      out.push(chunk.toString());
      if (options.echo) process.stderr.write(chunk);
    });
  }
  const done = new Promise<number>((resolve) => {
    child.once("error", () => resolve(127));
    child.once("exit", (code, signal) => resolve(code ?? (signal ? 1 : 0)));
  });
  return { child, done };
}

/**
 * Stops a part and what it started. SIGINT, as Ctrl-C would: Playwright then stops its workers and
 * the suite's servers (its webServer runs in a process group of its own, which a SIGTERM to this
 * group left running on the suite's ports, so the next run could not start). Whatever is still
 * running 20 s later is killed.
 */
async function stop(part: Run | undefined) {
  const pid = part?.child.pid;
  if (!pid || part.child.exitCode !== null) return;
  const signal = (name: NodeJS.Signals) => {
    try {
      process.kill(-pid, name);
    } catch {
      // Already gone.
    }
  };
  signal("SIGINT");
  const ended = await Promise.race([
    part.done.then(() => true),
    new Promise<false>((resolve) => setTimeout(() => resolve(false), 20_000).unref()),
  ]);
  if (!ended) signal("SIGKILL");
}

async function main(): Promise<number> {
  const buildOutput: string[] = [];
  const build = await run("build", { capture: buildOutput, echo: true }).done;
  if (build !== 0) return build;
  // A clean console (issue 40): a warning in the build is fixed, not scrolled past.
  const warnings = buildWarnings(buildOutput.join(""));
  if (warnings.length) {
    console.error(`\nThe build printed ${warnings.length} warning line(s) (scripts/build-log.ts):`);
    for (const line of warnings) console.error(`  ${line}`);
    return 1;
  }

  const browser = run("test:e2e");
  const output: string[] = [];
  let current: Run | undefined;
  for (const signal of ["SIGINT", "SIGTERM"] as const) {
    process.on(signal, async () => {
      await Promise.all([stop(browser), stop(current)]);
      process.exit(130);
    });
  }

  const checks = (async () => {
    for (const script of CHECKS) {
      output.push(`\n> npm run ${script}\n`);
      current = run(script, { capture: output, nice: true });
      const code = await current.done;
      if (code !== 0) {
        output.push(`\nnpm run ${script} failed (exit status ${code}).\n`);
        return code;
      }
    }
    return 0;
  })();

  const checksCode = await checks;
  process.stdout.write(
    `\n--- ${CHECKS.join(", ")} (run beside the browser tests, at low priority) ---${output.join("")}\n--- end of ${CHECKS.join(", ")}: ${checksCode === 0 ? "passed" : "FAILED"} ---\n\n`,
  );
  if (checksCode !== 0) {
    await stop(browser);
    await browser.done;
    return checksCode;
  }
  return browser.done;
}

process.exitCode = await main();
