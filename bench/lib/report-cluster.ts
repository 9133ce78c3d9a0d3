// Issue 42 (bench/cluster.ts, docs/decisions/040): several processes behind nginx. Its verdicts
// (a rolling restart fails no request; each process keeps the 200 MB budget under load) and its
// tables, joined into report.ts.
import type { ClusterResult } from "../cluster.ts";
import type { LoadPoint } from "../throughput.ts";
import { fmt, MB, ms, type Table } from "./format.ts";
import { type Target, target } from "./stats.ts";

export type { ClusterResult };

const RSS_LIMIT_MB = 200;

export function clusterTargets(result: ClusterResult): Target[] {
  return [
    target(
      "cluster-rolling-failed",
      `requests failed at nginx during a rolling restart of 2 processes under load (${result.engine})`,
      result.rolling.failed,
      "at most",
      0,
      "",
    ),
    target(
      "cluster-rss",
      `peak RSS of the busiest of 2 processes behind nginx, under load (${result.engine})`,
      Math.max(...result.peakRssBytes) / MB,
      "at most",
      RSS_LIMIT_MB,
      "MB",
    ),
  ];
}

const row = (name: string, p: LoadPoint) => [
  name,
  fmt(p.requestsPerSecond),
  ms(p.p50Ms),
  ms(p.p99Ms),
  String(p.non2xx + p.errors),
];

export function clusterSections(result: ClusterResult): { title: string; table: Table }[] {
  const t = result.throughput;
  const cores = (value: number) => `${fmt(value, 2)} cores`;
  return [
    {
      title: `Several processes behind nginx (${result.engine}): ${result.storyPath}, anonymous, ${result.connections.anonymous} connections, ${result.durationSeconds} s per point; each process pinned to a core of its own`,
      table: [
        ["", "req/s", "p50", "p99", "failed"],
        row("1 process, no proxy", t.direct),
        row("1 process behind nginx", t.oneBehindProxy),
        row("2 processes behind nginx", t.twoBehindProxy),
        ["2 ÷ 1 behind nginx", `×${fmt(t.scaling, 2)}`, "", "", ""],
        [
          "CPU during the 2-process point",
          `load generator ${cores(t.loadGeneratorCores)}, nginx ${cores(t.nginxCores)}, processes ${t.appCores.map((c) => fmt(c, 2)).join(" + ")}`,
          "",
          "",
          "",
        ],
      ],
    },
    {
      title: `Signed-in pages, never from the page cache, 2 processes behind nginx (${result.engine}), ${result.connections.signedIn} connections`,
      table: [["", "req/s", "p50", "p99", "failed"], ...result.signedIn.map((s) => row(s.path, s.point))],
    },
    {
      title: `Memory and a rolling restart under load (${result.engine})`,
      table: [
        ["", "value"],
        ["peak RSS per process under load", result.peakRssBytes.map((b) => `${fmt(b / MB, 1)} MB`).join(", ")],
        ["rolling restart: requests, failed at nginx", `${result.rolling.requests}, ${result.rolling.failed}`],
        ["rolling restart: worst p99 of a second", ms(result.rolling.worstP99Ms)],
        [
          "SIGTERM to exit, per process (exit code)",
          result.rolling.stopMs.map((v, i) => `${ms(v)} (${result.rolling.stopCodes[i]})`).join(", "),
        ],
      ],
    },
  ];
}
