// The JavaScript and bytes targets (bench/wire.ts, bench/lighthouse.ts,
// scripts/js-bytes.ts): verdicts and tables, joined into report.ts.
import { type RouteJs, routeFor } from "../../scripts/js-bytes.ts";
import { CATEGORIES, type LighthouseResult } from "../lighthouse.ts";
import type { WireResult } from "../wire.ts";
import { fmt, kb, type Table } from "./format.ts";
import { firstBytesSection, firstBytesTargets } from "./report-first-bytes.ts";
import { ratio, type Target, target } from "./stats.ts";

export const JS_LIMITS = {
  storyJsOnKb: 60,
  storyJsOffKb: 30,
  notNeededBeforeLcpBytes: 0,
  lighthouseScore: 1,
  cls: 0,
  lighthouseLcpRatio: 1,
};

export type JsResults = {
  wire?: WireResult;
  lighthouse?: LighthouseResult;
  /** JavaScript per page route on a fast link, from the build (scripts/js-bytes.ts). */
  jsPerRoute?: RouteJs[];
  storyPath?: string;
};

export function jsTargets(result: JsResults): Target[] {
  const targets: Target[] = [];
  const wire = result.wire;
  if (wire) {
    const story = wire.pages.find((p) => p.path === result.storyPath);
    if (story) {
      targets.push(
        target(
          "bytes-story-js-on",
          `Slow-2g ${story.path}, all bytes, JS on`,
          story.jsOn.totalBytes / 1024,
          "at most",
          JS_LIMITS.storyJsOnKb,
          "KB",
        ),
        target(
          "bytes-story-js-off",
          `Slow-2g ${story.path}, all bytes, JS off`,
          story.jsOff.totalBytes / 1024,
          "at most",
          JS_LIMITS.storyJsOffKb,
          "KB",
        ),
      );
    }
    for (const page of wire.pages) {
      targets.push(
        target(
          `before-lcp-${page.path}`,
          `Slow-2g ${page.path}: bytes before the LCP it did not need (JS, fonts, other images; JS on and off)`,
          Math.max(page.jsOn.notNeededBytes, page.jsOff.notNeededBytes),
          "at most",
          JS_LIMITS.notNeededBeforeLcpBytes,
          "B",
        ),
      );
    }
    targets.push(...firstBytesTargets(wire));
  }
  const lighthouse = result.lighthouse;
  if (lighthouse) {
    for (const page of lighthouse.pages) {
      for (const category of CATEGORIES) {
        targets.push(
          target(
            `lighthouse-${category}-${page.path}`,
            `Lighthouse mobile ${category}, ${page.path}`,
            page.scores[category],
            "at least",
            JS_LIMITS.lighthouseScore,
            "",
          ),
        );
      }
      targets.push(
        target(`cls-${page.path}`, `Lighthouse CLS, ${page.path} (worst run)`, page.cls, "at most", JS_LIMITS.cls, ""),
      );
      if (page.wordpress) {
        targets.push(
          target(
            `lighthouse-lcp-${page.path}`,
            `Lighthouse LCP, ${page.path}: product ÷ WordPress`,
            ratio(page.lcpMs, page.wordpress.lcpMs),
            "at most",
            JS_LIMITS.lighthouseLcpRatio,
            "×",
          ),
        );
      }
    }
  }
  // Scores are 0..1 with two decimals, CLS three: the generic formatter shows integers for "".
  return targets.map((t) => (t.unit === "" ? { ...t, unit: "score" } : t));
}

export function jsSections(result: JsResults): { title: string; table: Table }[] {
  const out: { title: string; table: Table }[] = [];
  const wire = result.wire;
  if (wire) {
    out.push({
      title: `Bytes on the wire, slow-2g, cold cache (median of ${wire.runsPerCase}; no interaction: on slow-2g the JavaScript waits for the load event and a first interaction)`,
      table: [
        [
          "page",
          "JS",
          "total bytes",
          "of it JavaScript",
          "requests",
          "page LCP",
          "before the LCP without need (worst run)",
        ],
        ...wire.pages.flatMap((p) =>
          (["jsOn", "jsOff"] as const).map((key) => {
            const s = p[key];
            return [
              p.path,
              key === "jsOn" ? "on" : "off",
              kb(s.totalBytes),
              kb(s.jsBytes),
              fmt(s.requests),
              `${fmt(s.lcpMs)} ms`,
              s.notNeeded.length ? s.notNeeded.join(", ") : "nothing",
            ];
          }),
        ),
      ],
    });
    out.push(firstBytesSection(wire));
  }
  const lighthouse = result.lighthouse;
  if (lighthouse) {
    out.push({
      title: `Lighthouse ${lighthouse.lighthouseVersion} mobile (default config: simulated slow 4G, 4× CPU), median of ${lighthouse.pages[0]?.runs.length ?? 0} runs`,
      table: [
        ["page", ...CATEGORIES, "LCP", "CLS (worst)", "TBT", "WordPress LCP", "audits below 1"],
        ...lighthouse.pages.map((p) => [
          p.path,
          ...CATEGORIES.map((c) => fmt(p.scores[c], 2)),
          `${fmt(p.lcpMs)} ms`,
          fmt(p.cls, 3),
          `${fmt(Math.min(...p.runs.map((r) => r.tbtMs)))}–${fmt(Math.max(...p.runs.map((r) => r.tbtMs)))} ms`,
          p.wordpress ? `${fmt(p.wordpress.lcpMs)} ms` : "not run",
          p.failing.map((f) => f.id).join(", ") || "none",
        ]),
      ],
    });
  }
  const routes = result.jsPerRoute;
  if (routes?.length) {
    const reading = ["/", "/stories", result.storyPath ?? "/story/x"];
    const rows = reading.map((p) => routeFor(routes, p)).filter((r): r is RouteJs => Boolean(r));
    const heaviest = routes[0];
    out.push({
      title:
        "JavaScript per page on a fast link, from the build (brotli as served; `npm run build` prints every route)",
      table: [
        ["route", "files", "bytes", "brotli"],
        ...rows.map((r) => [r.path, fmt(r.files), kb(r.bytes), kb(r.brotliBytes)]),
        ...(heaviest
          ? [[`heaviest: ${heaviest.path}`, fmt(heaviest.files), kb(heaviest.bytes), kb(heaviest.brotliBytes)]]
          : []),
      ],
    });
  }
  return out;
}
