// Part 3: /stories while the site's WordPress is healthy, hung (accepts the
// connection and never answers) and down (connection refused). Each case is a
// fresh server on a fresh database, so a cold start into the failure counts;
// the first request is timed but left out of the percentiles.
import { Agent, request } from "node:http";
import { freePort } from "../tests/support/ports.ts";
import { startWordPressServer } from "../tests/support/wordpress-server.ts";
import { startAppServer } from "./lib/app-server.ts";
import { percentile } from "./lib/stats.ts";
import { LOAD_HEADERS } from "./throughput.ts";

export const DEGRADED_MODES = ["healthy", "hung", "down"] as const;
export type DegradedMode = (typeof DEGRADED_MODES)[number];

export type DegradedCase = {
  mode: DegradedMode;
  firstMs: number;
  requests: number;
  p50Ms: number;
  p95Ms: number;
  maxMs: number;
  statuses: Record<string, number>;
};

export type DegradedResult = { path: string; requests: number; cases: DegradedCase[] };

/** One GET, timed from the request to the last byte of the body. */
function timedGet(url: string, agent: Agent, timeoutMs: number): Promise<{ ms: number; status: number }> {
  return new Promise((resolve, reject) => {
    const started = performance.now();
    const req = request(url, { headers: LOAD_HEADERS, agent }, (res) => {
      res.resume();
      res.on("end", () => resolve({ ms: performance.now() - started, status: res.statusCode ?? 0 }));
      res.on("error", reject);
    });
    req.setTimeout(timeoutMs, () => req.destroy(new Error(`${url} took over ${timeoutMs} ms`)));
    req.on("error", reject);
    req.end();
  });
}

export async function measureDegraded(options: {
  path: string;
  requests: number;
  log: (line: string) => void;
}): Promise<DegradedResult> {
  const cases: DegradedCase[] = [];
  for (const mode of DEGRADED_MODES) {
    const wordpress =
      mode === "down"
        ? null
        : await startWordPressServer({ port: await freePort(), mode: mode === "hung" ? "hang" : "healthy" });
    const wpUrl = wordpress?.wpUrl ?? `http://127.0.0.1:${await freePort()}`;
    const app = await startAppServer({ wpUrl, name: `degraded-${mode}` }).catch(async (error) => {
      await wordpress?.close();
      throw error;
    });
    const agent = new Agent({ keepAlive: true, maxSockets: 1 });
    try {
      const url = app.origin + options.path;
      const statuses: Record<string, number> = {};
      const first = await timedGet(url, agent, 60_000);
      statuses[first.status] = 1;
      const times: number[] = [];
      for (let i = 0; i < options.requests; i++) {
        const { ms, status } = await timedGet(url, agent, 60_000);
        times.push(ms);
        statuses[status] = (statuses[status] ?? 0) + 1;
      }
      const result: DegradedCase = {
        mode,
        firstMs: first.ms,
        requests: times.length,
        p50Ms: percentile(times, 50),
        p95Ms: percentile(times, 95),
        maxMs: Math.max(...times),
        statuses,
      };
      cases.push(result);
      options.log(
        `  ${mode.padEnd(7)}: first ${result.firstMs.toFixed(0)} ms, then p50 ${result.p50Ms.toFixed(1)} ms, p95 ${result.p95Ms.toFixed(1)} ms, max ${result.maxMs.toFixed(1)} ms (${JSON.stringify(statuses)})`,
      );
    } finally {
      agent.destroy();
      await app.stop();
      await wordpress?.close();
    }
  }
  return { path: options.path, requests: options.requests, cases };
}
