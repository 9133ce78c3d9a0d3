// Prints, after the run, the spec files (per project) and the tests that took
// the longest, so that a slow suite says where its minutes go. Durations are
// each test's own time, retries included, summed per file: with N workers the
// run takes about the total divided by N.
import path from "node:path";
import type { FullResult, Reporter, TestCase, TestResult } from "@playwright/test/reporter";

const FILES = 12;
const TESTS = 8;

export default class SlowestReporter implements Reporter {
  private files = new Map<string, { ms: number; tests: number }>();
  private tests: { ms: number; title: string }[] = [];
  private started = Date.now();

  onTestEnd(test: TestCase, result: TestResult) {
    const project = test.parent.project()?.name ?? "";
    const file = path.relative(process.cwd(), test.location.file);
    const key = `${project.padEnd(12)} ${file}`;
    const entry = this.files.get(key) ?? { ms: 0, tests: 0 };
    entry.ms += result.duration;
    entry.tests += 1;
    this.files.set(key, entry);
    this.tests.push({ ms: result.duration, title: `[${project}] ${file}:${test.location.line} ${test.title}` });
  }

  onEnd(_result: FullResult) {
    if (!this.tests.length) return;
    const seconds = (ms: number) => `${(ms / 1000).toFixed(1).padStart(6)} s`;
    const total = [...this.files.values()].reduce((sum, f) => sum + f.ms, 0);
    const lines = [
      "",
      `Slowest spec files (${seconds(total).trim()} of test time in all, ${seconds(Date.now() - this.started).trim()} of wall time):`,
      ...[...this.files.entries()]
        .sort((a, b) => b[1].ms - a[1].ms)
        .slice(0, FILES)
        .map(([key, f]) => `${seconds(f.ms)}  ${String(f.tests).padStart(3)} tests  ${key}`),
      "Slowest tests:",
      ...this.tests
        .sort((a, b) => b.ms - a.ms)
        .slice(0, TESTS)
        .map((t) => `${seconds(t.ms)}  ${t.title}`),
    ];
    console.log(lines.join("\n"));
  }

  printsToStdio() {
    return false;
  }
}
