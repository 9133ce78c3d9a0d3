// Issue 39, item 7 (docs/performance.md, section 6): GET /api/health while 20 readers sign in at once,
// beside the same check at rest, on the production server with production's
// bcrypt cost (12). A burst of sign-ins must not stall every other reader.
//
// The accounts are registered through the JSON API first. Each run then gives
// every reader a client of its own (its own address, as a proxy names it, so
// the per-address limit of five sign-ins does not refuse the burst), fetches
// its CSRF token, and fires the 20 sign-ins together. Meanwhile one health
// check after another is timed to its last byte, 50 ms apart. "At rest" is the
// same sampling for as long as the burst took, with nothing else going on.
//
// With --probe the server also loads bench/lib/loop-probe.ts, which says where
// its event loop waited in each phase (loop delay, thread-pool wait, CPU).
import { Agent, request } from "node:http";
import path from "node:path";
import { httpClient } from "../tests/support/http-client.ts";
import { type AppServer, root, startAppServer } from "./lib/app-server.ts";
import { percentile, ratio } from "./lib/stats.ts";

/** Issue 39: a health check stays under 500 ms during 20 parallel sign-ins. */
const HEALTH_MAX_MS = 500;
const SIGN_INS = 20;
const HASH_COST = 12;
const SAMPLE_GAP_MS = 50;

export type HealthSample = { p50Ms: number; p95Ms: number; maxMs: number; samples: number; failures: number };
export type ProbeLine = {
  loopDelayMs: { p50: number; p99: number; max: number };
  poolWaitMs: { samples: number; p50: number; p99: number; max: number };
  loopUtilisation: number;
  cpuMs: { mainThread: number; process: number };
  mainThreadRunQueueWaitMs: number;
};

export type SignInLoadResult = {
  /** The target: the slowest health check during the sign-ins, at most this. */
  limitMs: number;
  signIns: number;
  hashCost: number;
  runs: number;
  rest: HealthSample;
  load: HealthSample;
  /** load max ÷ rest max. */
  maxRatio: number;
  /** Time from the burst's start to each sign-in's answer. */
  signInMs: { p50: number; max: number };
  signInStatuses: Record<string, number>;
  /** Where the server's loop waited, per phase of the last run (--probe only). */
  probe?: { rest: ProbeLine; load: ProbeLine };
};

/** GET a path, timed from the request to the last byte of the body. */
function timedGet(url: string, agent: Agent): Promise<{ ms: number; status: number }> {
  return new Promise((resolve, reject) => {
    const started = performance.now();
    const req = request(url, { agent }, (res) => {
      res.resume();
      res.on("end", () => resolve({ ms: performance.now() - started, status: res.statusCode ?? 0 }));
      res.on("error", reject);
    });
    req.setTimeout(120_000, () => req.destroy(new Error(`${url} took over 120 s`)));
    req.on("error", reject);
    req.end();
  });
}

/**
 * One health check after another, each 50 ms after the last answer, until `stop` resolves: a
 * reader who asks again and again. Never more than one at a time, so on a busy machine the
 * checks themselves cannot pile up on the server and become the load they measure.
 */
async function sampleHealth(origin: string, stop: Promise<unknown>): Promise<{ times: number[]; failures: number }> {
  const agent = new Agent({ keepAlive: true, maxSockets: 1 });
  const times: number[] = [];
  let failures = 0;
  let stopped = false;
  void stop.finally(() => {
    stopped = true;
  });
  try {
    while (!stopped) {
      // A check that failed or timed out counts with the time it took too: a stall must not drop out of the maximum.
      const started = performance.now();
      const answer = await timedGet(`${origin}/api/health`, agent).catch(() => null);
      times.push(answer?.ms ?? performance.now() - started);
      if (answer?.status !== 200) failures++;
      await Promise.race([stop, new Promise((resolve) => setTimeout(resolve, SAMPLE_GAP_MS))]);
    }
    return { times, failures };
  } finally {
    agent.destroy();
  }
}

const summary = ({ times, failures }: { times: number[]; failures: number }): HealthSample => ({
  p50Ms: percentile(times, 50),
  p95Ms: percentile(times, 95),
  maxMs: times.length ? Math.max(...times) : Number.NaN,
  samples: times.length,
  failures,
});

/** Asks the probe for its figures since the last ask and reads its line from the server's output. */
async function readProbe(app: AppServer): Promise<ProbeLine> {
  const before = app.log().split("\n").length;
  process.kill(app.pid, "SIGUSR2");
  for (let i = 0; i < 100; i++) {
    const line = app
      .log()
      .split("\n")
      .slice(before - 1)
      .find((l) => l.startsWith("loop-probe "));
    if (line) return JSON.parse(line.slice("loop-probe ".length)) as ProbeLine;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  throw new Error("the loop probe did not answer");
}

export async function measureSignInLoad(options: {
  runs: number;
  probe: boolean;
  log: (line: string) => void;
}): Promise<SignInLoadResult> {
  const app = await startAppServer({
    wpUrl: "",
    name: "sign-in",
    env: { PASSWORD_HASH_COST: String(HASH_COST), TRUSTED_PROXY_HEADER: "X-Test-Client", CONTENT_SYNC: "off" },
    nodeArgs: options.probe ? ["--import", path.join(root, "bench/lib/loop-probe.ts")] : [],
  });
  try {
    const readers = Array.from({ length: SIGN_INS }, (_, i) => ({
      email: `bench-reader-${i}@horror.test`,
      username: `bench_reader_${i}`,
      password: `bench-candle-${i}-wax`,
    }));
    for (const reader of readers) await httpClient(app.origin).register(reader);
    options.log(`  ${SIGN_INS} readers registered (bcrypt cost ${HASH_COST}) on ${app.origin}`);

    const rest: number[] = [];
    const load: number[] = [];
    let restFailures = 0;
    let loadFailures = 0;
    const signInMs: number[] = [];
    const signInStatuses: Record<string, number> = {};
    let probe: SignInLoadResult["probe"];
    for (let run = 1; run <= options.runs; run++) {
      const clients = readers.map(() => httpClient(app.origin));
      const tokens = await Promise.all(clients.map((client) => client.csrfToken()));
      if (options.probe) await readProbe(app);
      // The burst: every sign-in at once, health checks throughout.
      const burstStarted = performance.now();
      const burst = Promise.all(
        clients.map(async (client, i) => {
          const reader = readers[i] as (typeof readers)[number];
          const reply = await client.post("/api/auth/login", {
            body: { json: { email: reader.email, password: reader.password } },
            headers: { "X-CSRF-Token": tokens[i] as string },
            timeoutMs: 60_000,
          });
          signInMs.push(performance.now() - burstStarted);
          signInStatuses[reply.status] = (signInStatuses[reply.status] ?? 0) + 1;
        }),
      );
      const during = await sampleHealth(app.origin, burst);
      await burst;
      const burstMs = performance.now() - burstStarted;
      const loadProbe = options.probe ? await readProbe(app) : undefined;
      // At rest: as long as the burst took, nothing else going on.
      await new Promise((resolve) => setTimeout(resolve, 500));
      if (options.probe) await readProbe(app);
      const calm = await sampleHealth(app.origin, new Promise((resolve) => setTimeout(resolve, burstMs)));
      if (loadProbe) probe = { load: loadProbe, rest: await readProbe(app) };
      load.push(...during.times);
      loadFailures += during.failures;
      rest.push(...calm.times);
      restFailures += calm.failures;
      options.log(
        `  run ${run}: burst ${burstMs.toFixed(0)} ms; health during it max ${Math.max(...during.times).toFixed(0)} ms (${during.times.length} checks), at rest max ${Math.max(...calm.times).toFixed(0)} ms (${calm.times.length})`,
      );
      if (probe)
        options.log(`  probe: load ${JSON.stringify(probe.load)}\n         rest ${JSON.stringify(probe.rest)}`);
    }
    const restSummary = summary({ times: rest, failures: restFailures });
    const loadSummary = summary({ times: load, failures: loadFailures });
    return {
      limitMs: HEALTH_MAX_MS,
      signIns: SIGN_INS,
      hashCost: HASH_COST,
      runs: options.runs,
      rest: restSummary,
      load: loadSummary,
      maxRatio: ratio(loadSummary.maxMs, restSummary.maxMs),
      signInMs: { p50: percentile(signInMs, 50), max: Math.max(...signInMs) },
      signInStatuses,
      probe,
    };
  } finally {
    await app.stop();
  }
}
