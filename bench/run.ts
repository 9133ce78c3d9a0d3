// npm run bench: the performance targets (docs/decisions/006), measured on the
// production build against references measured in the same run. Prints every
// figure with its target, writes bench/results/latest.json and the figures in
// docs/performance.md. Never fails on a timing: the exit code is 0 whenever
// the measurements ran, met or not.
//
//   npx node bench/run.ts [--quick] [--only page,throughput,degraded,lcp,second-page,sign-in,cluster] [--wordpress URL] [--probe]
//                         [--database URL] [--wordpress-user NAME:PASSWORD]
//
// --wordpress URL (e.g. http://127.0.0.1:8088, a local WordPress with the demo stories): part 4
// reads its stories from that WordPress and sets each page LCP beside the same
// page of it; without it, part 4 reads the WordPress-shaped test server and
// compares with the static copy only. The second-page part (a tap from the index to a story)
// likewise reads the given WordPress and sets each mode beside the same tap on its front page;
// without it, it sets JS on against JS off only.
//
// --probe loads bench/lib/loop-probe.ts into the sign-in part's server and prints where
// its event loop waited during the sign-ins and at rest (for diagnosis only).
//
// Part 8 (several processes behind nginx) runs on both engines: a fresh SQLite file, then a fresh
// database on PostgreSQL. --database URL names the PostgreSQL server the run makes its database
// on (a `postgres:` URL with a host); without it, the run starts one (tests/support/postgres.ts).
// HS_BENCH_ENGINES=sqlite (or postgresql) runs part 8 on that engine only, for diagnosis: a
// report without both engines does not meet the part's targets.
//
// --wordpress-user NAME:PASSWORD: an account on the --wordpress site; part 8 then measures
// WordPress's logged-in story page beside the signed-in pages (WordPress renders it anew for
// every request: no page cache serves a logged-in cookie).
//
// --quick (1 run, 2 s points, 50 requests) and --only are for working on the
// bench; they write bench/results/partial.json and leave the docs alone.
import { existsSync } from "node:fs";
import { mkdir, readFile, writeFile } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { parseArgs } from "node:util";
import type { DatabaseEngine } from "../app/database.ts";
import { jsBytesPerRoute } from "../scripts/js-bytes.ts";
import { freePort } from "../tests/support/ports.ts";
import { startWordPressServer } from "../tests/support/wordpress-server.ts";
import { CLUSTER_SIGNED_IN_CONNECTIONS, measureCluster } from "./cluster.ts";
import { measureDegraded } from "./degraded.ts";
import { type AppServer, root, startAppServer, waitFor } from "./lib/app-server.ts";
import { startReference } from "./lib/reference.ts";
import { type BenchResult, targetsOf, toMarkdown, toText } from "./lib/report.ts";
import { measureLighthouse } from "./lighthouse.ts";
import { type LcpPage, measurePageLcp } from "./page-lcp.ts";
import { launchBrowser, measurePageLoad } from "./page-load.ts";
import { measureSecondPage, storyToTap } from "./second-page.ts";
import { measureSignInLoad } from "./sign-in-load.ts";
import { measureThroughput } from "./throughput.ts";
import { measureWire } from "./wire.ts";
import { measureWordPressSignedIn } from "./wordpress-signed-in.ts";

/** The newest story of the WordPress-shaped server: text, categories, tags and a featured image. */
export const STORY_PATH = "/story/last-ferry-to-hollin-isle";
export const LIST_PATH = "/stories";

/** The reading pages whose weight and speed are measured: the home page, the list and a story with a featured image. */
export const READING_PATHS = ["/", LIST_PATH, STORY_PATH];

/** Part 4: the pages whose page LCP is measured, and the same content on a WordPress. */
export const LCP_PAGES: LcpPage[] = [
  { name: "story", path: STORY_PATH, wordpressPath: "/last-ferry-to-hollin-isle/" },
  { name: "home", path: "/", wordpressPath: "/" },
  // WordPress's list of every story is its front page.
  { name: "stories", path: LIST_PATH, wordpressPath: "/" },
];

const PARTS = [
  "page",
  "throughput",
  "degraded",
  "lcp",
  "second-page",
  "wire",
  "lighthouse",
  "sign-in",
  "cluster",
] as const;
type Part = (typeof PARTS)[number];

const { values } = parseArgs({
  options: {
    quick: { type: "boolean", default: false },
    only: { type: "string" },
    wordpress: { type: "string" },
    "lcp-pages": { type: "string" },
    probe: { type: "boolean", default: false },
    database: { type: "string" },
    "wordpress-user": { type: "string" },
  },
});
const quick = values.quick ?? false;
const wordpressUrl = values.wordpress ? new URL(values.wordpress).origin : null;
/** --lcp-pages story,home: part 4 on some of its pages only (for working on the bench). */
const lcpPages = values["lcp-pages"]
  ? LCP_PAGES.filter((p) => values["lcp-pages"]?.split(",").includes(p.name))
  : LCP_PAGES;
const only = (values.only?.split(",") ?? [...PARTS]) as Part[];
for (const part of only) if (!PARTS.includes(part)) throw new Error(`unknown part "${part}" (${PARTS.join(", ")})`);
const full = !quick && PARTS.every((p) => only.includes(p)) && !values["lcp-pages"];
const settings = quick
  ? { runs: 1, durationSeconds: 2, slices: 2, warmupSeconds: 1, degradedRequests: 50 }
  : { runs: 3, durationSeconds: 10, slices: 10, warmupSeconds: 2, degradedRequests: 200 };

const started = Date.now();
const log = (line: string) => console.log(`[${((Date.now() - started) / 1000).toFixed(0).padStart(3)} s] ${line}`);

/** The same pages on that WordPress: its front page lists the stories; a story's permalink is /{slug}/. */
const wordpressPages: Record<string, string> | undefined = wordpressUrl
  ? {
      "/": `${wordpressUrl}/`,
      [LIST_PATH]: `${wordpressUrl}/`,
      [STORY_PATH]: `${wordpressUrl}/${STORY_PATH.split("/").at(-1)}/`,
    }
  : undefined;

if (!existsSync(path.join(root, "build/server/index.js"))) {
  throw new Error("No production build: run `npm run build` first (npm run bench does).");
}

const cleanups: (() => Promise<void>)[] = [];
async function cleanUp() {
  while (cleanups.length)
    await cleanups
      .pop()?.()
      .catch((error) => console.error(error));
}
for (const signal of ["SIGINT", "SIGTERM"] as const) {
  process.once(signal, () => {
    cleanUp().finally(() => process.exit(130));
  });
}

const result: Omit<BenchResult, "targets"> = {
  startedAt: new Date(started).toISOString(),
  durationSeconds: 0,
  machine: {
    cpus: os.cpus().length,
    cpuModel: os.cpus()[0]?.model.trim() ?? "unknown",
    memoryGb: os.totalmem() / 1024 ** 3,
    node: process.versions.node,
  },
  quick,
};

try {
  if (only.includes("page") || only.includes("throughput") || only.includes("wire") || only.includes("lighthouse")) {
    const wordpress = await startWordPressServer({ port: await freePort() });
    cleanups.push(() => wordpress.close());
    log(`WordPress-shaped server on ${wordpress.origin}; starting the production server`);
    const app: AppServer = await startAppServer({ wpUrl: wordpress.wpUrl, name: "product" });
    cleanups.push(() => app.stop());
    // The content caches are warm before anything is measured, as on a running site.
    for (const p of [STORY_PATH, LIST_PATH]) await waitFor(app.origin + p);
    const { server: reference, pages } = await startReference(app.origin, [STORY_PATH, LIST_PATH]);
    cleanups.push(() => reference.stop());
    log(`product on ${app.origin}, reference on ${reference.origin}`);
    const story = pages[0];
    if (!story) throw new Error("the story page was not saved");

    if (only.includes("page")) {
      log(`1. slow-2g ${STORY_PATH}, ${settings.runs} cold loads per case`);
      result.pageLoad = await measurePageLoad({
        productOrigin: app.origin,
        referenceOrigin: reference.origin,
        path: STORY_PATH,
        runs: settings.runs,
        html: story.html,
        documentBrotliBytes: story.bytes.br ?? Number.NaN,
        log,
      });
      result.machine.chromium = result.pageLoad.chromium;
    }
    if (only.includes("throughput")) {
      log(`2. throughput, ${settings.durationSeconds} s per point`);
      result.throughput = await measureThroughput({
        productOrigin: app.origin,
        referenceOrigin: reference.origin,
        paths: [STORY_PATH, LIST_PATH],
        durationSeconds: settings.durationSeconds,
        slices: settings.slices,
        warmupSeconds: settings.warmupSeconds,
        peakRss: app.peakRss,
        log,
      });
    }
    result.js = { storyPath: STORY_PATH, jsPerRoute: jsBytesPerRoute(path.join(root, "build/client")) };
    if (only.includes("wire")) {
      log(`5. bytes on the wire, slow-2g, ${READING_PATHS.join(" ")}, ${settings.runs} cold loads per case`);
      const browser = await launchBrowser();
      try {
        result.js.wire = await measureWire({
          browser,
          origin: app.origin,
          paths: READING_PATHS,
          runs: settings.runs,
          log,
        });
      } finally {
        await browser.close();
      }
    }
    if (only.includes("lighthouse")) {
      log(`6. Lighthouse mobile, ${READING_PATHS.join(" ")}${wordpressUrl ? ` and WordPress at ${wordpressUrl}` : ""}`);
      result.js.lighthouse = await measureLighthouse({
        origin: app.origin,
        paths: READING_PATHS,
        runs: settings.runs,
        wordpress: wordpressPages,
        log,
      });
    }
    await cleanUp();
  }
  if (only.includes("lcp")) {
    const fake = wordpressUrl ? null : await startWordPressServer({ port: await freePort() });
    if (fake) cleanups.push(() => fake.close());
    const sourceUrl = wordpressUrl ?? (fake?.wpUrl as string);
    const app: AppServer = await startAppServer({ wpUrl: sourceUrl, name: "product-lcp" });
    cleanups.push(() => app.stop());
    // Warm: the content caches and the image endpoint's renditions, as on a running site.
    for (const p of lcpPages) await waitFor(app.origin + p.path);
    // Twice, past the 1-second page cache: the first render may not have waited for a new image's preview.
    await new Promise((resolve) => setTimeout(resolve, 1_500));
    for (const p of lcpPages) await waitFor(app.origin + p.path);
    const { server: copy } = await startReference(
      app.origin,
      lcpPages.map((p) => p.path),
      { withImages: true },
    );
    cleanups.push(() => copy.stop());
    log(
      `4. slow-2g page LCP of ${lcpPages.map((p) => p.path).join(", ")}, ${settings.runs} cold loads per case; stories from ${sourceUrl}; static copy on ${copy.origin}${wordpressUrl ? `; WordPress ${wordpressUrl}` : ""}`,
    );
    result.pageLcp = await measurePageLcp({
      productOrigin: app.origin,
      staticOrigin: copy.origin,
      wordpressOrigin: wordpressUrl,
      source: wordpressUrl ? "the WordPress given" : "the WordPress-shaped test server",
      pages: lcpPages,
      runs: settings.runs,
      saveData: true,
      log,
    });
    await cleanUp();
  }
  if (only.includes("second-page")) {
    const fake = wordpressUrl ? null : await startWordPressServer({ port: await freePort() });
    if (fake) cleanups.push(() => fake.close());
    const app: AppServer = await startAppServer({
      wpUrl: wordpressUrl ?? (fake?.wpUrl as string),
      name: "product-nav",
    });
    cleanups.push(() => app.stop());
    await waitFor(`${app.origin}/`);
    const slug = await storyToTap(app.origin);
    await waitFor(`${app.origin}/story/${slug}`);
    log(
      `9. slow-2g second page: the index, a scroll, ${settings.runs} × (8 s of reading, a tap on /story/${slug}), JS on and off${wordpressUrl ? `; WordPress ${wordpressUrl}` : "; no WordPress given: JS on against JS off only"}`,
    );
    const browser = await launchBrowser();
    cleanups.push(() => browser.close());
    result.secondPage = await measureSecondPage({
      browser,
      productOrigin: app.origin,
      wordpressOrigin: wordpressUrl,
      slug,
      runs: settings.runs,
      log,
    });
    await cleanUp();
  }
  if (only.includes("degraded")) {
    log(`3. degraded upstream, ${settings.degradedRequests} requests after the first`);
    result.degraded = await measureDegraded({ path: LIST_PATH, requests: settings.degradedRequests, log });
  }
  if (only.includes("sign-in")) {
    log("7. GET /api/health during 20 parallel sign-ins (bcrypt cost 12) and at rest");
    result.signInLoad = await measureSignInLoad({ runs: settings.runs, probe: values.probe ?? false, log });
  }
  if (only.includes("cluster")) {
    // A postgres: URL with a host names the server the run's database is made on; without one the
    // run starts a PostgreSQL of its own (tests/support/postgres.ts).
    if (values.database && new URL(values.database).hostname) process.env.TEST_DATABASE_URL = values.database;
    result.cluster = [];
    const engines = (process.env.HS_BENCH_ENGINES?.split(",") ?? ["sqlite", "postgresql"]) as DatabaseEngine[];
    for (const engine of engines) {
      log(`8. several processes behind nginx on ${engine}, ${settings.durationSeconds} s per point`);
      result.cluster.push(
        await measureCluster({
          engine,
          durationSeconds: settings.durationSeconds,
          warmupSeconds: settings.warmupSeconds,
          log,
        }),
      );
    }
    const [user, password] = (values["wordpress-user"] ?? "").split(/:(.*)/s);
    if (wordpressPages && user && password) {
      const url = wordpressPages[STORY_PATH] as string;
      log(`8. WordPress's story page for a logged-in reader: ${url}`);
      result.wordpressSignedIn = await measureWordPressSignedIn({
        url,
        user,
        password,
        connections: CLUSTER_SIGNED_IN_CONNECTIONS,
        durationSeconds: settings.durationSeconds,
        warmupSeconds: settings.warmupSeconds,
      });
      log(
        `  ${result.wordpressSignedIn.point.requestsPerSecond.toFixed(0)} req/s, p50 ${result.wordpressSignedIn.point.p50Ms.toFixed(1)} ms`,
      );
    }
  }
} finally {
  await cleanUp();
}

result.durationSeconds = (Date.now() - started) / 1000;
const final: BenchResult = { ...result, targets: targetsOf(result) };
console.log(`\n${toText(final)}\n`);

const resultsDir = path.join(root, "bench/results");
await mkdir(resultsDir, { recursive: true });
const jsonPath = path.join(resultsDir, full ? "latest.json" : "partial.json");
await writeFile(jsonPath, `${JSON.stringify(final, null, 2)}\n`);
log(`wrote ${path.relative(root, jsonPath)}`);

if (full) {
  const docPath = path.join(root, "docs/performance.md");
  const doc = await readFile(docPath, "utf8").catch(() => "");
  const begin = "<!-- bench:begin -->";
  const end = "<!-- bench:end -->";
  const from = doc.indexOf(begin);
  const to = doc.indexOf(end);
  if (from < 0 || to < from) {
    log(`docs/performance.md has no ${begin} … ${end} block: figures not written there`);
  } else {
    const figures = `${begin}\n${toMarkdown(final)}\n${end}`;
    await writeFile(docPath, doc.slice(0, from) + figures + doc.slice(to + end.length));
    log("wrote the figures into docs/performance.md");
  }
}
const missed = final.targets.filter((t) => !t.met).length;
log(`${final.targets.length - missed} of ${final.targets.length} targets met`);
