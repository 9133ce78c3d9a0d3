// Part 3: /stories while the site's WordPress is healthy, hung (accepts the
// connection and never answers) and down (connection refused). Each case is a
// fresh server on a fresh database, so a cold start into the failure counts;
// its first request is timed but left out of the percentiles. The three
// servers run side by side and the requests go round them in turn, so
// background load on the machine falls on all three alike.
//
// Two kinds of reader: anonymous (the page cache may answer) and one with a
// theme cookie, whose every request is rendered and goes through the content
// chain.
import { Agent, request } from "node:http";
import { freePort } from "../tests/support/ports.ts";
import { startWordPressServer, type WordPressServer } from "../tests/support/wordpress-server.ts";
import { type AppServer, startAppServer } from "./lib/app-server.ts";
import { percentile } from "./lib/stats.ts";
import { LOAD_HEADERS } from "./throughput.ts";

export const DEGRADED_MODES = ["healthy", "hung", "down"] as const;
export type DegradedMode = (typeof DEGRADED_MODES)[number];

/** A dark-theme preference (app/theme/theme-cookies.server.ts): the page is private and rendered for each request. */
const COOKIE_READER = { Cookie: "hs_theme=ImRhcmsi" };
export const READERS = { anonymous: {}, cookie: COOKIE_READER } as const;
export type Reader = keyof typeof READERS;

export type DegradedCase = {
  mode: DegradedMode;
  reader: Reader;
  requests: number;
  p50Ms: number;
  p95Ms: number;
  maxMs: number;
  statuses: Record<string, number>;
};

export type DegradedResult = {
  path: string;
  requests: number;
  firstMs: Record<DegradedMode, number>;
  cases: DegradedCase[];
};

/** One GET, timed from the request to the last byte of the body. */
function timedGet(
  url: string,
  headers: Record<string, string>,
  agent: Agent,
  timeoutMs: number,
): Promise<{ ms: number; status: number }> {
  return new Promise((resolve, reject) => {
    const started = performance.now();
    const req = request(url, { headers: { ...LOAD_HEADERS, ...headers }, agent }, (res) => {
      res.resume();
      res.on("end", () => resolve({ ms: performance.now() - started, status: res.statusCode ?? 0 }));
      res.on("error", reject);
    });
    req.setTimeout(timeoutMs, () => req.destroy(new Error(`${url} took over ${timeoutMs} ms`)));
    req.on("error", reject);
    req.end();
  });
}

type Site = { mode: DegradedMode; app: AppServer; wordpress: WordPressServer | null; agent: Agent };

async function startSite(mode: DegradedMode): Promise<Site> {
  const wordpress =
    mode === "down"
      ? null
      : await startWordPressServer({ port: await freePort(), mode: mode === "hung" ? "hang" : "healthy" });
  // Nothing listens on a free port: connections are refused.
  const wpUrl = wordpress?.wpUrl ?? `http://127.0.0.1:${await freePort()}`;
  try {
    const app = await startAppServer({ wpUrl, name: `degraded-${mode}` });
    return { mode, app, wordpress, agent: new Agent({ keepAlive: true, maxSockets: 1 }) };
  } catch (error) {
    await wordpress?.close();
    throw error;
  }
}

export async function measureDegraded(options: {
  path: string;
  requests: number;
  log: (line: string) => void;
}): Promise<DegradedResult> {
  const sites: Site[] = [];
  try {
    for (const mode of DEGRADED_MODES) sites.push(await startSite(mode));
    const url = (site: Site) => site.app.origin + options.path;
    // The first request of each (a cold start: the hung one waits for its availability probe).
    const firsts = await Promise.all(sites.map((site) => timedGet(url(site), {}, site.agent, 60_000)));
    const firstMs = Object.fromEntries(sites.map((site, i) => [site.mode, firsts[i]?.ms ?? Number.NaN])) as Record<
      DegradedMode,
      number
    >;
    options.log(`  first requests: ${sites.map((s) => `${s.mode} ${firstMs[s.mode].toFixed(0)} ms`).join(", ")}`);
    const cases: DegradedCase[] = [];
    for (const reader of Object.keys(READERS) as Reader[]) {
      const times = new Map<DegradedMode, number[]>(sites.map((s) => [s.mode, []]));
      const statuses = new Map<DegradedMode, Record<string, number>>(sites.map((s) => [s.mode, {}]));
      for (let i = 0; i < options.requests; i++) {
        // Round the sites in turn, starting one further each round.
        for (let j = 0; j < sites.length; j++) {
          const site = sites[(i + j) % sites.length] as Site;
          const { ms, status } = await timedGet(url(site), READERS[reader], site.agent, 60_000);
          times.get(site.mode)?.push(ms);
          const counts = statuses.get(site.mode) ?? {};
          counts[status] = (counts[status] ?? 0) + 1;
        }
      }
      for (const site of sites) {
        const list = times.get(site.mode) ?? [];
        const result: DegradedCase = {
          mode: site.mode,
          reader,
          requests: list.length,
          p50Ms: percentile(list, 50),
          p95Ms: percentile(list, 95),
          maxMs: Math.max(...list),
          statuses: statuses.get(site.mode) ?? {},
        };
        cases.push(result);
        options.log(
          `  ${reader.padEnd(9)} ${site.mode.padEnd(7)}: p50 ${result.p50Ms.toFixed(1)} ms, p95 ${result.p95Ms.toFixed(1)} ms, max ${result.maxMs.toFixed(1)} ms (${JSON.stringify(result.statuses)})`,
        );
      }
    }
    return { path: options.path, requests: options.requests, firstMs, cases };
  } finally {
    for (const site of sites) {
      site.agent.destroy();
      await site.app.stop();
      await site.wordpress?.close();
    }
  }
}
