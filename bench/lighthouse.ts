// Lighthouse mobile (its default config: a moto g power, simulated slow 4G,
// 4x CPU) over the reading pages, with Debian's Chromium driven over its
// DevTools port: the four category scores, LCP and CLS, and LCP against the
// WordPress reference when one is given.
import { type ChildProcess, spawn } from "node:child_process";
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import lighthouse from "lighthouse";
import { CHROMIUM_ARGS, FULL_CHROMIUM_EXECUTABLE } from "../tests/support/chromium.ts";
import { freePort } from "../tests/support/ports.ts";
import { waitForQuietCpu } from "./lib/quiet.ts";
import { median } from "./lib/stats.ts";

export const CATEGORIES = ["performance", "accessibility", "best-practices", "seo"] as const;
export type Category = (typeof CATEGORIES)[number];

export type LighthouseRun = {
  scores: Record<Category, number>;
  lcpMs: number;
  cls: number;
  fcpMs: number;
  tbtMs: number;
  /** The LCP element as Lighthouse names it (its node label and tag), to tell the image from the text. */
  lcpElement: string;
  /** Audits below a full score, with their titles (what keeps a category under 1). */
  failing: { id: string; title: string; score: number; category: Category }[];
};

export type LighthousePage = {
  path: string;
  runs: LighthouseRun[];
  /** Median over the runs. */
  scores: Record<Category, number>;
  lcpMs: number;
  cls: number;
  failing: LighthouseRun["failing"];
  wordpress?: { url: string; lcpMs: number; scores: Record<Category, number> };
};

export type LighthouseResult = { lighthouseVersion: string; pages: LighthousePage[] };

type Chromium = { port: number; stop(): Promise<void> };

async function startChromium(): Promise<Chromium> {
  const port = await freePort();
  const profile = await mkdtemp(path.join(tmpdir(), "hs-lighthouse-"));
  if (!FULL_CHROMIUM_EXECUTABLE) throw new Error("Lighthouse needs a Chromium binary: set CHROME_PATH");
  const child: ChildProcess = spawn(
    FULL_CHROMIUM_EXECUTABLE,
    [...CHROMIUM_ARGS, `--remote-debugging-port=${port}`, `--user-data-dir=${profile}`, "about:blank"],
    { stdio: "ignore" },
  );
  const deadline = Date.now() + 20_000;
  for (;;) {
    try {
      const response = await fetch(`http://127.0.0.1:${port}/json/version`);
      if (response.ok) break;
    } catch {
      // not yet listening
    }
    if (Date.now() > deadline) throw new Error("Chromium did not open its DevTools port");
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  return {
    port,
    async stop() {
      if (child.exitCode === null) {
        const exited = new Promise((resolve) => child.once("exit", resolve));
        child.kill("SIGTERM");
        await exited;
      }
      await rm(profile, { recursive: true, force: true });
    },
  };
}

/** One Lighthouse run; a run Lighthouse itself reports as broken (e.g. NO_NAVSTART on a busy machine) is tried again, twice at most. */
async function runOnce(
  port: number,
  url: string,
  categories: readonly Category[],
  attempt = 1,
): Promise<{ run: LighthouseRun; version: string }> {
  // Each run, this site's and WordPress's alike, starts on a quiet machine: what one server
  // still does after its run (WordPress's cron, a GC) would otherwise count as the next page's
  // blocking time.
  await waitForQuietCpu();
  const result = await lighthouse(url, { port, output: "json", logLevel: "error", onlyCategories: [...categories] });
  if (!result) throw new Error(`Lighthouse returned nothing for ${url}`);
  const lhr = result.lhr;
  if (lhr.runtimeError) {
    if (attempt < 3) return runOnce(port, url, categories, attempt + 1);
    throw new Error(`Lighthouse on ${url}: ${lhr.runtimeError.message}`);
  }
  const scores = Object.fromEntries(CATEGORIES.map((c) => [c, lhr.categories[c]?.score ?? Number.NaN])) as Record<
    Category,
    number
  >;
  const failing: LighthouseRun["failing"] = [];
  for (const category of categories) {
    for (const ref of lhr.categories[category]?.auditRefs ?? []) {
      const audit = lhr.audits[ref.id];
      if (!audit || ref.weight === 0 || audit.score === null || audit.score >= 1) continue;
      failing.push({ id: ref.id, title: audit.title, score: audit.score, category });
    }
  }
  const numeric = (id: string) => lhr.audits[id]?.numericValue ?? Number.NaN;
  const lcpNode = findNode(lhr.audits["lcp-breakdown-insight"]?.details);
  return {
    version: lhr.lighthouseVersion,
    run: {
      scores,
      lcpMs: numeric("largest-contentful-paint"),
      cls: numeric("cumulative-layout-shift"),
      fcpMs: numeric("first-contentful-paint"),
      tbtMs: numeric("total-blocking-time"),
      lcpElement: lcpNode
        ? `${lcpNode.nodeLabel ?? ""} <${(lcpNode.snippet ?? "").match(/^<([a-z0-9-]+)/i)?.[1] ?? "?"}>`
        : "?",
      failing,
    },
  };
}

/** The first DOM node an audit's details name (the LCP element audit nests it in a table in a list). */
function findNode(details: unknown): { nodeLabel?: string; snippet?: string } | undefined {
  if (!details || typeof details !== "object") return undefined;
  const value = details as Record<string, unknown>;
  if (typeof value.snippet === "string" || typeof value.nodeLabel === "string")
    return value as { nodeLabel?: string; snippet?: string };
  for (const child of Object.values(value)) {
    const found = Array.isArray(child) ? child.map(findNode).find(Boolean) : findNode(child);
    if (found) return found;
  }
  return undefined;
}

export async function measureLighthouse(options: {
  origin: string;
  paths: string[];
  runs: number;
  /** The same pages on a WordPress, by path on this site → URL there. */
  wordpress?: Record<string, string>;
  log: (line: string) => void;
}): Promise<LighthouseResult> {
  const chromium = await startChromium();
  let version = "";
  try {
    const pages: LighthousePage[] = [];
    for (const p of options.paths) {
      const wpUrl = options.wordpress?.[p];
      const runs: LighthouseRun[] = [];
      const wpRuns: LighthouseRun[] = [];
      // Product and WordPress alternate, so each pair of runs meets the same load on the machine.
      for (let i = 0; i < options.runs; i++) {
        const { run, version: v } = await runOnce(chromium.port, options.origin + p, CATEGORIES);
        version = v;
        runs.push(run);
        options.log(
          `  ${p} run ${i + 1}: ${CATEGORIES.map((c) => `${c} ${run.scores[c].toFixed(2)}`).join(", ")}; LCP ${Math.round(run.lcpMs)} ms (${run.lcpElement}), CLS ${run.cls.toFixed(3)}${run.failing.length ? `; below 1: ${run.failing.map((f) => f.id).join(", ")}` : ""}`,
        );
        if (wpUrl) {
          const wpRun = (await runOnce(chromium.port, wpUrl, CATEGORIES)).run;
          wpRuns.push(wpRun);
          options.log(`  WordPress ${wpUrl} run ${i + 1}: LCP ${Math.round(wpRun.lcpMs)} ms (${wpRun.lcpElement})`);
        }
      }
      const page: LighthousePage = {
        path: p,
        runs,
        scores: Object.fromEntries(CATEGORIES.map((c) => [c, median(runs.map((r) => r.scores[c]))])) as Record<
          Category,
          number
        >,
        lcpMs: median(runs.map((r) => r.lcpMs)),
        cls: Math.max(...runs.map((r) => r.cls)),
        failing: [...new Map(runs.flatMap((r) => r.failing).map((f) => [f.id, f])).values()],
      };
      if (wpUrl) {
        page.wordpress = {
          url: wpUrl,
          lcpMs: median(wpRuns.map((r) => r.lcpMs)),
          scores: Object.fromEntries(CATEGORIES.map((c) => [c, median(wpRuns.map((r) => r.scores[c]))])) as Record<
            Category,
            number
          >,
        };
      }
      pages.push(page);
    }
    return { lighthouseVersion: version, pages };
  } finally {
    await chromium.stop();
  }
}
