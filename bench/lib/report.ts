// The bench's verdicts and how they are shown: a plain-text table for the
// terminal and Markdown for docs/performance.md.
import { lcpLimits, type PageLcpResult } from "../page-lcp.ts";
import type { LoadSummary, PageLoadResult } from "../page-load.ts";
import type { LoadPoint, ThroughputResult } from "../throughput.ts";
import { fmt, kb, MB, ms, type Table } from "./format.ts";
import { type ClusterResult, clusterSections, clusterTargets } from "./report-cluster.ts";
import { type DegradedResult, degradedTable, degradedTargets } from "./report-degraded.ts";
import { type JsResults, jsSections, jsTargets } from "./report-js.ts";
import { type SecondPageResult, secondPageSection, secondPageTargets } from "./report-second-page.ts";
import { type SignInLoadResult, signInSection, signInTargets } from "./report-sign-in.ts";
import { ratio, type Target, target } from "./stats.ts";

export const LIMITS = {
  lcpRatio: 1.2,
  budgetKb: 14,
  renderBlockingScripts: 0,
  throughputRatio: 0.5,
  throughputConnections: 8,
  rssMb: 200,
  degradedP95Ratio: 2,
};

export type BenchResult = {
  startedAt: string;
  durationSeconds: number;
  machine: { cpus: number; cpuModel: string; memoryGb: number; node: string; chromium?: string };
  quick: boolean;
  pageLoad?: PageLoadResult;
  throughput?: ThroughputResult;
  degraded?: DegradedResult;
  /** Bytes on the wire, Lighthouse, JavaScript per route (bench/lib/report-js.ts). */
  js?: JsResults;
  pageLcp?: PageLcpResult;
  /** A tap from the index to a story, slow-2g (bench/second-page.ts). */
  secondPage?: SecondPageResult;
  signInLoad?: SignInLoadResult;
  /** Part 8, once per engine: SQLite, then PostgreSQL. */
  cluster?: ClusterResult[];
  /** Part 8's reference: WordPress's logged-in story page (with --wordpress and --wordpress-user). */
  wordpressSignedIn?: { url: string; point: LoadPoint };
  targets: Target[];
};

export function targetsOf(result: Omit<BenchResult, "targets">): Target[] {
  const targets: Target[] = [];
  const page = result.pageLoad;
  if (page) {
    for (const [key, label] of [
      ["jsOn", "JS on"],
      ["jsOff", "JS off"],
    ] as const) {
      const { product, reference } = page[key];
      targets.push(
        target(
          `lcp-${key === "jsOn" ? "js-on" : "js-off"}`,
          `Slow-2g story text LCP, ${label}: product ÷ reference`,
          ratio(product.storyLcpMs, reference.storyLcpMs),
          "at most",
          LIMITS.lcpRatio,
          "×",
        ),
      );
    }
    targets.push(
      target(
        "budget",
        "HTML + render-blocking CSS, gzip",
        page.budget.totalGzipBytes / 1024,
        "at most",
        LIMITS.budgetKb,
        "KB",
      ),
    );
    targets.push(
      target(
        "render-blocking-scripts",
        "Render-blocking scripts (protocol, JS on and off; and the head's markup)",
        Math.max(
          page.jsOn.product.renderBlockingScripts,
          page.jsOff.product.renderBlockingScripts,
          page.budget.blockingScripts.length,
        ),
        "at most",
        LIMITS.renderBlockingScripts,
        "",
      ),
    );
  }
  const throughput = result.throughput;
  if (throughput) {
    for (const page of throughput.pages) {
      const point = page.points.find((p) => p.connections === LIMITS.throughputConnections);
      targets.push(
        target(
          `throughput-${page.path}`,
          `${page.path} req/s at ${LIMITS.throughputConnections} connections: product ÷ reference`,
          point?.ratio ?? Number.NaN,
          "at least",
          LIMITS.throughputRatio,
          "×",
        ),
      );
    }
    targets.push(target("rss", "Server peak RSS", throughput.peakRssBytes / MB, "at most", LIMITS.rssMb, "MB"));
  }
  if (result.degraded) targets.push(...degradedTargets(result.degraded, LIMITS.degradedP95Ratio));
  if (result.js) targets.push(...jsTargets(result.js));
  if (result.pageLcp) targets.push(...pageLcpTargets(result.pageLcp));
  if (result.secondPage) targets.push(...secondPageTargets(result.secondPage));
  if (result.signInLoad) targets.push(...signInTargets(result.signInLoad));
  if (result.cluster) for (const cluster of result.cluster) targets.push(...clusterTargets(cluster));
  return targets;
}

/** Page LCP of each page, JS on and off, ÷ the static copy (always) and ÷ WordPress (when given). */
function pageLcpTargets(lcp: PageLcpResult): Target[] {
  const out: Target[] = [];
  for (const c of lcp.cases) {
    const where = `${c.page.path}, JS ${c.js}`;
    out.push(
      target(
        `page-lcp-static-${c.page.name}-js-${c.js}`,
        `Slow-2g page LCP ${where}: product ÷ static copy`,
        c.staticRatio,
        "at most",
        lcpLimits(c.page).staticRatio,
        "×",
      ),
    );
    if (c.wordpress) {
      out.push(
        target(
          `page-lcp-wordpress-${c.page.name}-js-${c.js}`,
          `Slow-2g page LCP ${where}: product ÷ WordPress ${c.page.wordpressPath}`,
          c.wordpressRatio,
          "at most",
          lcpLimits(c.page).wordpressRatio,
          "×",
        ),
      );
    }
  }
  return out;
}

function pageLcpTable(lcp: PageLcpResult): { title: string; table: Table } {
  const element = (elements: string[]) => elements.join(" | ");
  return {
    title: `Slow-2g page LCP (the last candidate, whatever its element), median of ${lcp.runsPerCase} cold loads; stories from ${lcp.source}`,
    table: [
      [
        "page",
        "JS",
        "product LCP",
        "product LCP element",
        "product bytes",
        "static copy LCP",
        "÷ static",
        "WordPress LCP",
        "WordPress bytes",
        "÷ WordPress",
      ],
      ...lcp.cases.map((c) => [
        c.page.path,
        c.js,
        ms(c.product.pageLcpMs),
        element(c.product.elements),
        kb(c.product.totalBytes),
        ms(c.static.pageLcpMs),
        fmt(c.staticRatio, 2),
        c.wordpress ? ms(c.wordpress.pageLcpMs) : "not run",
        c.wordpress ? kb(c.wordpress.totalBytes) : "",
        c.wordpress ? fmt(c.wordpressRatio, 2) : "",
      ]),
      ...(lcp.saveData
        ? [
            [
              `${lcp.cases[0]?.page.path ?? ""} with Save-Data: on`,
              "off",
              ms(lcp.saveData.product.pageLcpMs),
              element(lcp.saveData.product.elements),
              kb(lcp.saveData.product.totalBytes),
              "",
              "",
              "",
              "",
              "",
            ],
          ]
        : []),
    ],
  };
}

// ---------------------------------------------------------------------------

export function formatTarget(t: Target): string {
  const digits = t.unit === "×" ? 2 : t.unit === "" ? 0 : t.unit === "score" ? 3 : 1;
  return `${fmt(t.value, digits)}${t.unit === "" ? "" : ` ${t.unit}`}`.replace(/ ×$/, "×");
}

function pageLoadTables(page: PageLoadResult): { title: string; table: Table }[] {
  const row = (name: string, s: LoadSummary) => [
    name,
    ms(s.fcpMs),
    ms(s.storyLcpMs),
    ms(s.pageLcpMs),
    kb(s.bytesBeforeLcp),
    kb(s.totalBytes),
    String(s.renderBlockingRequests),
  ];
  const header = [
    "",
    "FCP",
    "story text LCP",
    "page LCP",
    "bytes before LCP",
    "total bytes",
    "render-blocking requests",
  ];
  const tables = (["jsOn", "jsOff"] as const).map((key) => {
    const { product, reference } = page[key];
    return {
      title: `Slow-2g ${page.path}, JavaScript ${key === "jsOn" ? "on" : "off"} (median of ${page.runsPerCase} cold loads)`,
      table: [
        header,
        row("product", product),
        row("reference", reference),
        [
          "ratio",
          fmt(ratio(product.fcpMs, reference.fcpMs), 2),
          fmt(ratio(product.storyLcpMs, reference.storyLcpMs), 2),
          fmt(ratio(product.pageLcpMs, reference.pageLcpMs), 2),
          fmt(ratio(product.bytesBeforeLcp, reference.bytesBeforeLcp), 2),
          fmt(ratio(product.totalBytes, reference.totalBytes), 2),
          "",
        ],
      ],
    };
  });
  return tables;
}

function throughputTables(t: ThroughputResult): { title: string; table: Table }[] {
  const ms1 = (value: number) => `${fmt(value, 1)} ms`;
  return t.pages.map((page) => ({
    title: `Throughput ${page.path} (${t.durationSeconds} s per side and point, in ${t.slices} alternating slices)`,
    table: [
      ["connections", "product req/s", "p50", "p99", "reference req/s", "p50", "p99", "ratio"],
      ...page.points.map((p) => [
        String(p.connections),
        fmt(p.product.requestsPerSecond),
        ms1(p.product.p50Ms),
        ms1(p.product.p99Ms),
        fmt(p.reference.requestsPerSecond),
        ms1(p.reference.p50Ms),
        ms1(p.reference.p99Ms),
        fmt(p.ratio, 2),
      ]),
    ],
  }));
}

function targetTable(targets: Target[]): Table {
  return [
    ["target", "value", "limit", "met"],
    ...targets.map((t) => [
      t.label,
      formatTarget(t),
      `${t.comparison} ${formatTarget({ ...t, value: t.limit })}`,
      t.met ? "yes" : "NO",
    ]),
  ];
}

function sections(result: BenchResult): { title: string; table: Table }[] {
  const out: { title: string; table: Table }[] = [];
  if (result.pageLoad) {
    out.push(...pageLoadTables(result.pageLoad));
    const b = result.pageLoad.budget;
    out.push({
      title: "Bytes of the first render",
      table: [
        ["", "value"],
        ["HTML, gzip", kb(b.htmlGzipBytes)],
        ["render-blocking CSS, gzip", `${kb(b.blockingCssGzipBytes)} (${b.blockingStylesheets.length} stylesheets)`],
        ["HTML as sent to Chromium (brotli)", kb(result.pageLoad.documentBrotliBytes)],
        [
          "story text is the largest text (JS on / off)",
          `${result.pageLoad.jsOn.product.storyTextIsLargestText ? "yes" : "NO"} / ${result.pageLoad.jsOff.product.storyTextIsLargestText ? "yes" : "NO"}`,
        ],
        [
          "page LCP element (JS on / off)",
          `${result.pageLoad.jsOn.product.pageLcpElement} / ${result.pageLoad.jsOff.product.pageLcpElement}`,
        ],
        ["navigator.connection.effectiveType", result.pageLoad.jsOn.product.effectiveType ?? "n/a"],
        ...(["jsOn", "jsOff"] as const).map((key) => {
          const s = result.pageLoad?.[key].product as LoadSummary;
          return [
            `emulation check, JS ${key === "jsOn" ? "on" : "off"}: story text LCP ≥ 2 s + bytes before it at 6,250 B/s`,
            `${s.storyLcpMs >= s.floorMs ? "yes" : "NO"} (${ms(s.storyLcpMs)} ≥ ${ms(s.floorMs)})`,
          ];
        }),
      ],
    });
  }
  if (result.throughput) {
    out.push(...throughputTables(result.throughput));
    out.push({
      title: "Server memory",
      table: [
        ["", "value"],
        ["peak RSS after start and the page loads", `${fmt(result.throughput.idleRssBytes / MB, 1)} MB`],
        ["peak RSS (VmHWM) after the throughput runs", `${fmt(result.throughput.peakRssBytes / MB, 1)} MB`],
      ],
    });
  }
  if (result.degraded) out.push(degradedTable(result.degraded));
  if (result.js) out.push(...jsSections(result.js));
  if (result.pageLcp) out.push(pageLcpTable(result.pageLcp));
  if (result.secondPage) out.push(secondPageSection(result.secondPage));
  if (result.signInLoad) out.push(signInSection(result.signInLoad));
  if (result.cluster) out.push(...clusterSections(result.cluster, result.wordpressSignedIn));
  return out;
}

function textTable(table: Table): string {
  const widths = table[0]?.map((_, i) => Math.max(...table.map((row) => (row[i] ?? "").length))) ?? [];
  return table
    .map((row, r) => {
      const line = row
        .map((cell, i) => (i === 0 ? cell.padEnd(widths[i] ?? 0) : cell.padStart(widths[i] ?? 0)))
        .join("  ");
      return r === 0 ? `${line}\n${widths.map((w) => "-".repeat(w)).join("  ")}` : line;
    })
    .join("\n");
}

function markdownTable(table: Table): string {
  const [header, ...rows] = table;
  const esc = (cell: string) => cell.replaceAll("|", "\\|");
  return [
    `| ${(header ?? []).map(esc).join(" | ")} |`,
    `| ${(header ?? []).map((_, i) => (i === 0 ? "---" : "---:")).join(" | ")} |`,
    ...rows.map((row) => `| ${row.map(esc).join(" | ")} |`),
  ].join("\n");
}

export function toText(result: BenchResult): string {
  const parts = sections(result).map((s) => `${s.title}\n${textTable(s.table)}`);
  parts.push(`Targets\n${textTable(targetTable(result.targets))}`);
  return parts.join("\n\n");
}

export function toMarkdown(result: BenchResult): string {
  const m = result.machine;
  const lines = [
    `Run of ${result.startedAt.slice(0, 16).replace("T", " ")} UTC, ${fmt(result.durationSeconds)} s, on ${m.cpus} × ${m.cpuModel}, ${fmt(m.memoryGb)} GB, Node ${m.node}${m.chromium ? `, Chromium ${m.chromium}` : ""}.`,
    "",
    "### Targets",
    "",
    markdownTable(targetTable(result.targets)),
  ];
  for (const s of sections(result)) lines.push("", `### ${s.title}`, "", markdownTable(s.table));
  return lines.join("\n");
}
