// `npm test` (scripts/test.ts) run as a person runs it, with an `npm` on the PATH that records
// which script it was asked for and answers with the exit status the case gives it.
import { spawn } from "node:child_process";
import { chmodSync, existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";

const script = path.resolve(import.meta.dirname, "test.ts");

// `npm run -s <script>`: the script is the third word. The browser tests either answer at once
// or, with FAKE_E2E_WAIT, wait until they are stopped (their process id is kept to check that),
// and the checks start once they have.
const FAKE_NPM = `#!/usr/bin/env bash
name="$3"
echo "$name" >> "$FAKE_LOG"
if [ -n "$HS_CHECKS_AT_LOW_PRIORITY" ]; then echo "$name" >> "$FAKE_LOG.low-priority"; fi
if [ -n "$FAKE_E2E_WAIT" ]; then
  if [ "$name" = "test:e2e" ]; then
    # Playwright shuts its servers down on SIGINT (Ctrl-C); on SIGTERM it leaves them running.
    trap 'echo INT >> "$FAKE_LOG.e2e-signal"; kill $!; exit 130' INT
    trap 'echo TERM >> "$FAKE_LOG.e2e-signal"; kill $!; exit 143' TERM
    echo $$ > "$FAKE_LOG.e2e-pid"
    sleep 600 & wait
  fi
  # The checks wait until the browser tests have started, so there is something to stop.
  while [ "$name" != build ] && [ ! -s "$FAKE_LOG.e2e-pid" ]; do sleep 0.05; done
fi
if [ "$name" = build ] && [ -n "$FAKE_BUILD_OUTPUT" ]; then printf '%s\n' "$FAKE_BUILD_OUTPUT"; fi
var="FAKE_EXIT_\${name//[^a-z]/_}"
exit "\${!var:-0}"
`;

let dir: string;
let log: string;

beforeEach(() => {
  dir = mkdtempSync(path.join(tmpdir(), "hs-npm-test-"));
  log = path.join(dir, "calls.txt");
  writeFileSync(path.join(dir, "npm"), FAKE_NPM);
  chmodSync(path.join(dir, "npm"), 0o755);
});
afterEach(() => {
  // A run that failed to stop its browser tests leaves them waiting: stop them here.
  const pid = existsSync(`${log}.e2e-pid`) ? Number(readFileSync(`${log}.e2e-pid`, "utf8")) : 0;
  if (pid && isRunning(pid)) process.kill(pid, "SIGKILL");
  rmSync(dir, { recursive: true, force: true });
});

function npmTest(env: Record<string, string> = {}) {
  return new Promise<{ code: number | null; stdout: string }>((resolve) => {
    const child = spawn(process.execPath, [script], {
      // Without the variable `npm test` gives its checks: this file is one of them in a real run.
      env: { ...withoutLowPriority(process.env), PATH: `${dir}:${process.env.PATH}`, FAKE_LOG: log, ...env },
      stdio: ["ignore", "pipe", "inherit"],
    });
    let stdout = "";
    child.stdout.on("data", (chunk: Buffer) => {
      stdout += chunk.toString();
    });
    child.on("exit", (code) => resolve({ code, stdout }));
  });
}

function withoutLowPriority(env: NodeJS.ProcessEnv) {
  const { HS_CHECKS_AT_LOW_PRIORITY: _, ...rest } = env;
  return rest;
}

const calls = () => readFileSync(log, "utf8").trim().split("\n");

function isRunning(pid: number) {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

describe("npm test", () => {
  it("builds first, then runs the browser tests and, beside them, the type check, the lint and the unit tests in order", async () => {
    const { code, stdout } = await npmTest();
    expect(code).toBe(0);
    const order = calls();
    expect(order[0]).toBe("build");
    expect(order.slice(1).sort()).toEqual(["lint", "test:e2e", "test:unit", "typecheck"]);
    const checks = order.filter((name) => ["typecheck", "lint", "test:unit"].includes(name));
    expect(checks).toEqual(["typecheck", "lint", "test:unit"]);
    expect(stdout).toContain("end of typecheck, lint, test:unit: passed");
    // Only the checks are told they run at the lowest priority (vitest.config.ts reads it).
    expect(readFileSync(`${log}.low-priority`, "utf8").trim().split("\n")).toEqual(["typecheck", "lint", "test:unit"]);
  });

  it("stops at a failed build, with its exit status", async () => {
    const { code } = await npmTest({ FAKE_EXIT_build: "3" });
    expect(code).toBe(3);
    expect(calls()).toEqual(["build"]);
  });

  it("fails at a build that printed a warning, before the browser tests (issue 40: a clean console)", async () => {
    const { code, stdout } = await npmTest({
      FAKE_BUILD_OUTPUT: "build/start.js: server/index.ts without its types\n.env not found. Continuing without it.",
    });
    expect(code).toBe(1);
    expect(calls()).toEqual(["build"]);
    // The build's own output is still shown as it runs.
    expect(stdout).toContain("build/start.js: server/index.ts without its types");
  });

  it("a failed check stops the browser tests and the checks after it, and gives its exit status", async () => {
    const { code, stdout } = await npmTest({ FAKE_EXIT_lint: "2", FAKE_E2E_WAIT: "1" });
    expect(code).toBe(2);
    expect(calls()).not.toContain("test:unit");
    expect(stdout).toContain("npm run lint failed (exit status 2)");
    const e2e = Number(readFileSync(`${log}.e2e-pid`, "utf8"));
    expect(isRunning(e2e)).toBe(false);
    // Asked to stop as Ctrl-C asks, so that Playwright stops the suite's servers too.
    expect(readFileSync(`${log}.e2e-signal`, "utf8").trim()).toBe("INT");
  });

  it("failed browser tests fail the run when the checks pass", async () => {
    const { code, stdout } = await npmTest({ FAKE_EXIT_test_e_e: "1" });
    expect(code).toBe(1);
    expect(stdout).toContain("end of typecheck, lint, test:unit: passed");
  });
});
