// Issue 42 (bench/cluster.ts, docs/decisions/040): several processes behind nginx. Its verdicts
// (a rolling restart fails no request; each process keeps the 200 MB budget under load) and its
// tables, joined into report.ts.
import type { ClusterResult } from "../cluster.ts";
import type { LoadPoint } from "../throughput.ts";
import { fmt, MB, ms, type Table } from "./format.ts";
import { ratio, type Target, target } from "./stats.ts";

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

/** One engine's tables. */
function engineSections(result: ClusterResult): { title: string; table: Table }[] {
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

const rate = (p: LoadPoint) => p.requestsPerSecond;

/**
 * Part 8's tables: each engine's, then the signed-in pages of both engines beside WordPress's
 * logged-in story page, and PostgreSQL's throughput against one SQLite process (today's default).
 */
export function clusterSections(
  results: ClusterResult[],
  wordpress?: { url: string; point: LoadPoint },
): { title: string; table: Table }[] {
  const sqlite = results.find((r) => r.engine === "sqlite");
  const postgres = results.find((r) => r.engine === "postgresql");
  const signedInRows = results.flatMap((r) => r.signedIn.map((s) => row(`${s.path} (${r.engine})`, s.point)));
  if (wordpress) signedInRows.push(row(`WordPress, logged in: ${new URL(wordpress.url).pathname}`, wordpress.point));
  const connections = results[0]?.connections.signedIn ?? 0;
  const sections = [
    ...results.flatMap(engineSections),
    {
      title: `Signed-in pages, never from a page cache, 2 processes behind nginx, ${connections} connections${wordpress ? "; WordPress's logged-in story page under the same load" : " (WordPress's logged-in page: not run, needs --wordpress and --wordpress-user)"}`,
      table: [["", "req/s", "p50", "p99", "failed"], ...signedInRows],
    },
  ];
  if (sqlite && postgres) {
    const base = rate(sqlite.throughput.direct);
    const story = (r: ClusterResult) => r.signedIn.find((s) => s.path === r.storyPath)?.point;
    const pgStory = story(postgres);
    const sqliteStory = story(sqlite);
    sections.push({
      title: `PostgreSQL against one SQLite process (today's default), the anonymous story page; and the signed-in story page`,
      table: [
        ["", "req/s", "÷ 1 SQLite process"],
        ["1 SQLite process, no proxy", fmt(base), "×1.00"],
        [
          "1 PostgreSQL process, no proxy",
          fmt(rate(postgres.throughput.direct)),
          `×${fmt(ratio(rate(postgres.throughput.direct), base), 2)}`,
        ],
        [
          "2 PostgreSQL processes behind nginx",
          fmt(rate(postgres.throughput.twoBehindProxy)),
          `×${fmt(ratio(rate(postgres.throughput.twoBehindProxy), base), 2)}`,
        ],
        [
          "2 SQLite processes behind nginx",
          fmt(rate(sqlite.throughput.twoBehindProxy)),
          `×${fmt(ratio(rate(sqlite.throughput.twoBehindProxy), base), 2)}`,
        ],
        ...(pgStory && sqliteStory
          ? [
              [
                "signed-in story page, PostgreSQL ÷ SQLite (2 behind nginx)",
                fmt(rate(pgStory)),
                `×${fmt(ratio(rate(pgStory), rate(sqliteStory)), 2)}`,
              ],
            ]
          : []),
        ...(pgStory && wordpress
          ? [
              [
                "signed-in story page, PostgreSQL ÷ WordPress logged in",
                "",
                `×${fmt(ratio(rate(pgStory), rate(wordpress.point)), 2)}`,
              ],
            ]
          : []),
      ],
    });
  }
  return sections;
}
