// Part 2: anonymous requests at 1, 8 and 32 connections against the product
// and against the reference serving the same bytes; the server's peak RSS.
import autocannon from "autocannon";
import { percentile, ratio } from "./lib/stats.ts";

export const CONNECTIONS = [1, 8, 32] as const;

/** What a browser's anonymous navigation sends that matters here (no cookie). */
export const LOAD_HEADERS = {
  accept: "text/html,application/xhtml+xml,application/xml;q=0.9,*/*;q=0.8",
  "accept-encoding": "gzip, deflate, br",
};

export type LoadPoint = {
  requestsPerSecond: number;
  p50Ms: number;
  p99Ms: number;
  requests: number;
  non2xx: number;
  errors: number;
};

export type ThroughputResult = {
  durationSeconds: number;
  slices: number;
  headers: typeof LOAD_HEADERS;
  pages: {
    path: string;
    points: { connections: number; product: LoadPoint; reference: LoadPoint; ratio: number }[];
  }[];
  idleRssBytes: number;
  peakRssBytes: number;
};

export type LoadRun = {
  latencies: number[];
  /** When each of those responses arrived (Date.now()), in the same order. */
  times: number[];
  seconds: number;
  non2xx: number;
  errors: number;
};

/** One autocannon run; every response's latency is kept so slices can be added up exactly. */
export function load(
  url: string,
  connections: number,
  durationSeconds: number,
  headers: Record<string, string> = LOAD_HEADERS,
  /** Ends the run before its duration. */
  signal?: AbortSignal,
): Promise<LoadRun> {
  const latencies: number[] = [];
  const times: number[] = [];
  let non2xx = 0;
  const instance = autocannon({ url, connections, duration: durationSeconds, headers }, () => {});
  signal?.addEventListener("abort", () => instance.stop(), { once: true });
  instance.on("response", (_client, statusCode, _bytes, responseTime) => {
    if (statusCode >= 200 && statusCode < 300) {
      latencies.push(responseTime);
      times.push(Date.now());
    } else non2xx++;
  });
  return new Promise((resolve, reject) => {
    instance.on("done", (result) =>
      resolve({ latencies, times, seconds: result.duration, non2xx, errors: result.errors + result.timeouts }),
    );
    instance.on("error", reject);
  });
}

/** Runs of one side added up. */
export function loadPoint(runs: LoadRun[]): LoadPoint {
  const latencies = runs.flatMap((r) => r.latencies);
  const seconds = runs.reduce((sum, r) => sum + r.seconds, 0);
  return {
    requestsPerSecond: latencies.length / seconds,
    p50Ms: percentile(latencies, 50),
    p99Ms: percentile(latencies, 99),
    requests: latencies.length,
    non2xx: runs.reduce((sum, r) => sum + r.non2xx, 0),
    errors: runs.reduce((sum, r) => sum + r.errors, 0),
  };
}

/**
 * One point: `durationSeconds` against each side, in slices that alternate
 * product and reference (P R R P P R …), so background load on a shared
 * machine falls on both alike.
 */
export async function measurePoint(
  productUrl: string,
  referenceUrl: string,
  connections: number,
  durationSeconds: number,
  slices: number,
): Promise<{ product: LoadPoint; reference: LoadPoint }> {
  const sides = {
    product: [] as LoadRun[],
    reference: [] as LoadRun[],
  };
  const slice = durationSeconds / slices;
  for (let i = 0; i < slices; i++) {
    const order = i % 2 === 0 ? (["product", "reference"] as const) : (["reference", "product"] as const);
    for (const side of order)
      sides[side].push(await load(side === "product" ? productUrl : referenceUrl, connections, slice));
  }
  return { product: loadPoint(sides.product), reference: loadPoint(sides.reference) };
}

export async function measureThroughput(options: {
  productOrigin: string;
  referenceOrigin: string;
  paths: string[];
  durationSeconds: number;
  slices: number;
  warmupSeconds: number;
  peakRss: () => Promise<number>;
  log: (line: string) => void;
}): Promise<ThroughputResult> {
  const idleRssBytes = await options.peakRss();
  const pages: ThroughputResult["pages"] = [];
  for (const path of options.paths) {
    // JIT and caches warm, on both sides alike; not counted.
    await load(options.productOrigin + path, 8, options.warmupSeconds);
    await load(options.referenceOrigin + path, 8, options.warmupSeconds);
    const points: ThroughputResult["pages"][number]["points"] = [];
    for (const connections of CONNECTIONS) {
      const { product, reference } = await measurePoint(
        options.productOrigin + path,
        options.referenceOrigin + path,
        connections,
        options.durationSeconds,
        options.slices,
      );
      const point = {
        connections,
        product,
        reference,
        ratio: ratio(product.requestsPerSecond, reference.requestsPerSecond),
      };
      points.push(point);
      options.log(
        `  ${path} at ${String(connections).padStart(2)} connections: product ${product.requestsPerSecond.toFixed(0)} req/s (p50 ${product.p50Ms.toFixed(1)} ms, p99 ${product.p99Ms.toFixed(1)} ms), reference ${reference.requestsPerSecond.toFixed(0)} req/s, ratio ${point.ratio.toFixed(2)}`,
      );
    }
    pages.push({ path, points });
  }
  return {
    durationSeconds: options.durationSeconds,
    slices: options.slices,
    headers: LOAD_HEADERS,
    pages,
    idleRssBytes,
    peakRssBytes: await options.peakRss(),
  };
}
