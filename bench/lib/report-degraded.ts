// Part 3 (bench/degraded.ts): the page's p95 with WordPress hung or down beside healthy; its
// verdicts and its table, joined into report.ts.
import type { DegradedResult } from "../degraded.ts";
import { fmt, ms, type Table } from "./format.ts";
import { ratio, type Target, target } from "./stats.ts";

export type { DegradedResult };

const READER_LABEL = { anonymous: "anonymous", cookie: "with a cookie: rendered each time" } as const;

export function degradedTargets(degraded: DegradedResult, limit: number): Target[] {
  const targets: Target[] = [];
  for (const reader of ["anonymous", "cookie"] as const) {
    const healthy = degraded.cases.find((c) => c.mode === "healthy" && c.reader === reader);
    for (const mode of ["hung", "down"] as const) {
      const bad = degraded.cases.find((c) => c.mode === mode && c.reader === reader);
      targets.push(
        target(
          `degraded-${mode}-${reader}`,
          `${degraded.path} p95, WordPress ${mode} ÷ healthy (${READER_LABEL[reader]})`,
          ratio(bad?.p95Ms ?? Number.NaN, healthy?.p95Ms ?? Number.NaN),
          "at most",
          limit,
          "×",
        ),
      );
    }
  }
  return targets;
}

export function degradedTable(d: DegradedResult): { title: string; table: Table } {
  return {
    title: `Degraded upstream: ${d.path}, ${d.requests} requests per case after the first, the three sites in turn`,
    table: [
      ["WordPress", "reader", "first request", "p50", "p95", "max", "statuses"],
      ...d.cases.map((c) => [
        c.mode,
        READER_LABEL[c.reader],
        ms(d.firstMs[c.mode]),
        `${fmt(c.p50Ms, 1)} ms`,
        `${fmt(c.p95Ms, 1)} ms`,
        `${fmt(c.maxMs, 1)} ms`,
        Object.entries(c.statuses)
          .map(([status, n]) => `${n}×${status}`)
          .join(" "),
      ]),
    ],
  };
}
