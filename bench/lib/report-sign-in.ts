// Issue 39, item 7 (bench/sign-in-load.ts): the health check during 20 parallel sign-ins beside
// the same check at rest; its verdict and its table, joined into report.ts.
import type { SignInLoadResult } from "../sign-in-load.ts";
import { fmt, ms, type Table } from "./format.ts";
import { ratio, type Target, target } from "./stats.ts";

export type { SignInLoadResult };

export function signInTargets(result: SignInLoadResult): Target[] {
  return [
    target(
      "sign-in-health-max",
      `GET /api/health p-max during ${result.signIns} parallel sign-ins (bcrypt cost ${result.hashCost})`,
      result.load.maxMs,
      "at most",
      result.limitMs,
      "ms",
    ),
  ];
}

export function signInSection(result: SignInLoadResult): { title: string; table: Table } {
  const { rest, load } = result;
  const ms1 = (value: number) => `${fmt(value, 1)} ms`;
  const row = (name: string, s: SignInLoadResult["rest"]) => [
    name,
    String(s.samples),
    ms1(s.p50Ms),
    ms1(s.p95Ms),
    ms1(s.maxMs),
    String(s.failures),
  ];
  const statuses = Object.entries(result.signInStatuses)
    .map(([status, n]) => `${n}×${status}`)
    .join(" ");
  return {
    title: `GET /api/health during ${result.signIns} parallel sign-ins (bcrypt cost ${result.hashCost}) and at rest, one check at a time, ${result.runs} runs`,
    table: [
      ["", "checks", "p50", "p95", "max", "failed"],
      row("at rest", rest),
      row("during the sign-ins", load),
      [
        "during ÷ at rest",
        "",
        fmt(ratio(load.p50Ms, rest.p50Ms), 2),
        fmt(ratio(load.p95Ms, rest.p95Ms), 2),
        fmt(result.maxRatio, 2),
        "",
      ],
      [
        `sign-ins (${statuses})`,
        String(result.signIns * result.runs),
        ms(result.signInMs.p50),
        "",
        ms(result.signInMs.max),
        "",
      ],
    ],
  };
}
