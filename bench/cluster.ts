// Part 8 (issue 42, docs/decisions/040): several processes behind nginx with the shipped
// configuration, on the engine of --database (a fresh SQLite file, or a fresh database on the
// PostgreSQL server of a postgres: URL). Each app process is pinned to a core of its own with
// taskset; nginx and the load generator (this process) are not pinned, and their CPU time is
// reported beside the figures, so the scaling is read against what the cores really did.
//   - a story page, anonymous: one process without a proxy, 1 process behind nginx, 2 behind nginx;
//   - uncached signed-in pages (/bookmarks, a story with the reader's position), 2 processes;
//   - the peak RSS of each process under that load;
//   - a rolling restart (SIGTERM, start again, one at a time) under load: failed requests, worst p99.
import { execFileSync } from "node:child_process";
import { readFile } from "node:fs/promises";
import os from "node:os";
import type { DatabaseEngine } from "../app/database.ts";
import { startNginx } from "../scripts/nginx.ts";
import { untilProxiedTo } from "../tests/support/cluster.ts";
import { httpClient } from "../tests/support/http-client.ts";
import { freePort } from "../tests/support/ports.ts";
import { type Site, startSite } from "../tests/support/site-server.ts";
import { peakRssOf } from "./lib/app-server.ts";
import { percentile, ratio } from "./lib/stats.ts";
import { LOAD_HEADERS, type LoadPoint, type LoadRun, load, loadPoint } from "./throughput.ts";

export type ClusterResult = {
  engine: DatabaseEngine;
  durationSeconds: number;
  connections: { anonymous: number; signedIn: number };
  storyPath: string;
  throughput: {
    direct: LoadPoint;
    oneBehindProxy: LoadPoint;
    twoBehindProxy: LoadPoint;
    /** 2 processes ÷ 1 process, both behind nginx. */
    scaling: number;
    /** CPU time of the load generator and of nginx in the 2-process point, in cores (1 = one core busy). */
    loadGeneratorCores: number;
    nginxCores: number;
    appCores: number[];
  };
  signedIn: { path: string; point: LoadPoint }[];
  peakRssBytes: number[];
  rolling: { requests: number; failed: number; worstP99Ms: number; stopMs: number[]; stopCodes: (number | null)[] };
};

/** Connections for the signed-in pages (and WordPress's logged-in page beside them). */
export const CLUSTER_SIGNED_IN_CONNECTIONS = 8;

/** user + system CPU seconds of a process and its children threads (Linux /proc; 0 elsewhere). */
async function cpuSeconds(pid: number): Promise<number> {
  const stat = await readFile(`/proc/${pid}/stat`, "utf8").catch(() => "");
  const fields = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
  const ticks = Number(fields[11] ?? 0) + Number(fields[12] ?? 0);
  return ticks / 100;
}

/** nginx's master and its workers. */
async function nginxPids(master: number): Promise<number[]> {
  const children = await readFile(`/proc/${master}/task/${master}/children`, "utf8").catch(() => "");
  return [master, ...children.split(/\s+/).filter(Boolean).map(Number)];
}

function pin(pid: number | undefined, core: number) {
  if (!pid) return;
  // Every thread (libuv's pool, V8's helpers): the process as a whole gets one core.
  execFileSync("taskset", ["-a", "-c", "-p", String(core % os.cpus().length), String(pid)], { stdio: "ignore" });
}

async function measuredLoad(
  url: string,
  connections: number,
  seconds: number,
  pids: number[],
  headers: Record<string, string> = LOAD_HEADERS,
) {
  const before = await Promise.all(pids.map(cpuSeconds));
  const self = process.cpuUsage();
  const started = Date.now();
  const run = await load(url, connections, seconds, headers);
  const wall = (Date.now() - started) / 1000;
  const used = process.cpuUsage(self);
  const after = await Promise.all(pids.map(cpuSeconds));
  return {
    run,
    selfCores: (used.user + used.system) / 1e6 / wall,
    cores: after.map((value, i) => (value - (before[i] ?? 0)) / wall),
  };
}

export async function measureCluster(options: {
  engine: DatabaseEngine;
  durationSeconds: number;
  warmupSeconds: number;
  log: (line: string) => void;
}): Promise<ClusterResult> {
  const { durationSeconds: seconds, log } = options;
  const anonymous = 32;
  const signedInConnections = CLUSTER_SIGNED_IN_CONNECTIONS;
  const proxyPort = await freePort();
  const proxyUrl = `http://127.0.0.1:${proxyPort}`;
  const env = { SITE_URL: proxyUrl, TRUSTED_PROXY_HEADER: "X-Forwarded-For", TRUSTED_PROXY_HOPS: "1" };
  const first = await startSite({ engine: options.engine, env });
  const sites: Site[] = [first];
  const stops: (() => Promise<void>)[] = [];
  try {
    sites.push(await startSite({ shareDatabaseOf: first, env }));
    for (const [i, site] of sites.entries()) pin(site.pid(), i);
    const port = (site: Site) => Number(new URL(site.url).port);
    const [story] = await first.query<{ slug: string }>(
      `SELECT slug FROM "Post" WHERE status = 'published' AND "submittedAt" IS NULL ORDER BY id LIMIT 1`,
    );
    if (!story) throw new Error("no published story in the seeded database");
    const storyPath = `/story/${story.slug}`;
    log(`  ${options.engine}: 2 processes pinned to cores 0 and 1; story ${storyPath}`);

    // Anonymous story page: one process on its own, then 1 and 2 behind nginx.
    await load(first.url + storyPath, 8, options.warmupSeconds);
    const direct = await measuredLoad(first.url + storyPath, anonymous, seconds, []);
    let nginx = await startNginx(proxyPort, [port(first)], { workers: 1, tagUpstream: true });
    const one = await measuredLoad(proxyUrl + storyPath, anonymous, seconds, await nginxPids(nginx.pid));
    await nginx.stop();
    nginx = await startNginx(proxyPort, sites.map(port), { workers: 1, tagUpstream: true });
    stops.push(() => nginx.stop());
    await load(proxyUrl + storyPath, 8, options.warmupSeconds);
    const nginxProcesses = await nginxPids(nginx.pid);
    const appPids = sites.map((site) => site.pid() ?? 0);
    const two = await measuredLoad(proxyUrl + storyPath, anonymous, seconds, [...nginxProcesses, ...appPids]);
    const throughput = {
      direct: loadPoint([direct.run]),
      oneBehindProxy: loadPoint([one.run]),
      twoBehindProxy: loadPoint([two.run]),
      scaling: ratio(two.run.latencies.length / two.run.seconds, one.run.latencies.length / one.run.seconds),
      loadGeneratorCores: two.selfCores,
      nginxCores: two.cores.slice(0, nginxProcesses.length).reduce((a, b) => a + b, 0),
      appCores: two.cores.slice(nginxProcesses.length),
    };
    log(
      `  story page, ${anonymous} connections: direct ${throughput.direct.requestsPerSecond.toFixed(0)} req/s, 1 behind nginx ${throughput.oneBehindProxy.requestsPerSecond.toFixed(0)}, 2 behind nginx ${throughput.twoBehindProxy.requestsPerSecond.toFixed(0)} (×${throughput.scaling.toFixed(2)}); load generator ${throughput.loadGeneratorCores.toFixed(2)} cores, nginx ${throughput.nginxCores.toFixed(2)}, processes ${throughput.appCores.map((c) => c.toFixed(2)).join(" + ")}`,
    );

    // Signed-in pages: never from the page cache (a cookie), each rendered for its reader.
    const reader = httpClient(proxyUrl);
    const id = Math.random().toString(36).slice(2, 10);
    await reader.register({
      email: `bench-${id}@horror.test`,
      username: `bench_${id}`,
      password: `bench-${id}-password`,
    });
    const position = await reader.post("/api/reading-position", {
      body: { json: { slug: story.slug, paragraph: 3 } },
      headers: { "X-CSRF-Token": await reader.csrfToken() },
    });
    if (position.status >= 400)
      throw new Error(`the reading position was not saved: ${position.status} ${position.text}`);
    const cookie = [...reader.cookies].map(([name, value]) => `${name}=${value}`).join("; ");
    const signedIn: ClusterResult["signedIn"] = [];
    for (const path of ["/bookmarks", storyPath]) {
      await load(proxyUrl + path, 4, options.warmupSeconds, { ...LOAD_HEADERS, cookie });
      const { run } = await measuredLoad(proxyUrl + path, signedInConnections, seconds, [], {
        ...LOAD_HEADERS,
        cookie,
      });
      const point = loadPoint([run]);
      signedIn.push({ path, point });
      log(
        `  signed in ${path}, ${signedInConnections} connections: ${point.requestsPerSecond.toFixed(0)} req/s, p50 ${point.p50Ms.toFixed(1)} ms, p99 ${point.p99Ms.toFixed(1)} ms, ${point.non2xx + point.errors} failed`,
      );
    }
    const peakRssBytes = await Promise.all(appPids.map(peakRssOf));

    // Rolling restart under load: each process stopped (SIGTERM) and started again in turn.
    const endLoad = new AbortController();
    const rollingLoad = load(proxyUrl + storyPath, signedInConnections, 3600, LOAD_HEADERS, endLoad.signal);
    const stopMs: number[] = [];
    const stopCodes: (number | null)[] = [];
    const started = Date.now();
    for (const [i, site] of sites.entries()) {
      const stopped = await site.terminate();
      stopMs.push(stopped.ms);
      stopCodes.push(stopped.code);
      await site.start();
      pin(site.pid(), i);
      await untilProxiedTo({ url: proxyUrl, sites, nginx, dispose: async () => {} }, site);
    }
    const ended = Date.now();
    endLoad.abort();
    const run = await rollingLoad;
    const rolling = rollingFigures(run, started, ended, stopMs, stopCodes);
    log(
      `  rolling restart: ${rolling.requests} requests, ${rolling.failed} failed, worst p99 ${rolling.worstP99Ms.toFixed(0)} ms, stops ${stopMs.join(", ")} ms`,
    );
    return {
      engine: options.engine,
      durationSeconds: seconds,
      connections: { anonymous, signedIn: signedInConnections },
      storyPath,
      throughput,
      signedIn,
      peakRssBytes,
      rolling,
    };
  } finally {
    for (const stop of stops.reverse()) await stop().catch(() => {});
    for (const site of sites.slice(1)) await site.dispose();
    await first.dispose();
  }
}

/** The rolling restart's figures: requests and failures of the run, and the worst p99 of a second within it. */
function rollingFigures(
  run: LoadRun,
  started: number,
  ended: number,
  stopMs: number[],
  stopCodes: (number | null)[],
): ClusterResult["rolling"] {
  const seconds = new Map<number, number[]>();
  run.times.forEach((time, i) => {
    if (time < started || time > ended) return;
    const second = Math.floor((time - started) / 1000);
    const list = seconds.get(second) ?? [];
    list.push(run.latencies[i] ?? 0);
    seconds.set(second, list);
  });
  const p99s = [...seconds.values()].map((latencies) => percentile(latencies, 99));
  return {
    requests: run.latencies.length + run.non2xx + run.errors,
    failed: run.non2xx + run.errors,
    worstP99Ms: p99s.length ? Math.max(...p99s) : 0,
    stopMs,
    stopCodes,
  };
}
