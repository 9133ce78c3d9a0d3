// Issue 45's second page (bench/second-page.ts): a tap on a story's link on the index, slow-2g,
// to the story's title painted; its verdicts and its table, joined into report.ts.
import { SECOND_PAGE_LIMITS, type SecondPageResult } from "../second-page.ts";
import { fmt, ms, type Table } from "./format.ts";
import { type Target, target } from "./stats.ts";

export type { SecondPageResult };

export function secondPageTargets(result: SecondPageResult): Target[] {
  const targets: Target[] = [];
  for (const c of result.cases) {
    if (!c.wordpress) continue;
    targets.push(
      target(
        `second-page-wordpress-js-${c.js}`,
        `Slow-2g tap on the index → the story's title, JS ${c.js}: product ÷ WordPress`,
        c.wordpressRatio,
        "at most",
        SECOND_PAGE_LIMITS.wordpressRatio,
        "×",
      ),
    );
  }
  targets.push(
    target(
      "second-page-js-on-off",
      "Slow-2g tap on the index → the story's title: JS on ÷ JS off",
      result.jsOnToOffRatio,
      "at most",
      SECOND_PAGE_LIMITS.jsOnToOffRatio,
      "×",
    ),
  );
  return targets;
}

export function secondPageSection(result: SecondPageResult): { title: string; table: Table } {
  const how = (runs: SecondPageResult["cases"][number]["product"]["runs"]) =>
    [...new Set(runs.map((r) => `${r.navigation} navigation, ${r.method}`))].join(" | ");
  const off = result.cases.find((c) => c.js === "off")?.product.tapToTitleMs ?? Number.NaN;
  return {
    title: `Slow-2g second page: on the index, a swipe, ${fmt(result.readingMs / 1000)} s of reading, a tap on /story/${result.story}; from the tap to the story's title painted (Element Timing), median of ${result.runsPerCase}${result.wordpress ? "" : "; no WordPress given: JS on against JS off only"}`,
    table: [
      ["JS", "product", "how", "JS on the wire before the tap", "÷ JS off", "WordPress", "÷ WordPress"],
      ...result.cases.map((c) => [
        c.js,
        ms(c.product.tapToTitleMs),
        how(c.product.runs),
        `${fmt(Math.max(...c.product.runs.map((r) => r.jsBytesBeforeTap)) / 1024, 1)} KB (most of any run)`,
        fmt(c.product.tapToTitleMs / off, 2),
        c.wordpress ? ms(c.wordpress.tapToTitleMs) : "not run",
        c.wordpress ? fmt(c.wordpressRatio, 2) : "",
      ]),
      [
        "on, once the app runs (no target)",
        ms(result.hydrated.tapToTitleMs),
        how(result.hydrated.runs),
        "(the app, before the swipe)",
        fmt(result.hydrated.tapToTitleMs / off, 2),
        "",
        "",
      ],
    ],
  };
}
