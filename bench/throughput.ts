// Part 2: anonymous requests at 1, 8 and 32 connections against the product
// and against the reference serving the same bytes; the server's peak RSS.
import autocannon from "autocannon";
import { ratio } from "./lib/stats.ts";

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
  headers: typeof LOAD_HEADERS;
  pages: {
    path: string;
    points: { connections: number; product: LoadPoint; reference: LoadPoint; ratio: number }[];
  }[];
  idleRssBytes: number;
  peakRssBytes: number;
};

export async function load(url: string, connections: number, durationSeconds: number): Promise<LoadPoint> {
  const result = await autocannon({ url, connections, duration: durationSeconds, headers: LOAD_HEADERS });
  return {
    requestsPerSecond: result.requests.average,
    p50Ms: result.latency.p50,
    p99Ms: result.latency.p99,
    requests: result.requests.total,
    non2xx: result.non2xx,
    errors: result.errors + result.timeouts,
  };
}

export async function measureThroughput(options: {
  productOrigin: string;
  referenceOrigin: string;
  paths: string[];
  durationSeconds: number;
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
      const product = await load(options.productOrigin + path, connections, options.durationSeconds);
      const reference = await load(options.referenceOrigin + path, connections, options.durationSeconds);
      const point = {
        connections,
        product,
        reference,
        ratio: ratio(product.requestsPerSecond, reference.requestsPerSecond),
      };
      points.push(point);
      options.log(
        `  ${path} at ${String(connections).padStart(2)} connections: product ${product.requestsPerSecond.toFixed(0)} req/s (p50 ${product.p50Ms} ms, p99 ${product.p99Ms} ms), reference ${reference.requestsPerSecond.toFixed(0)} req/s, ratio ${point.ratio.toFixed(2)}`,
      );
    }
    pages.push({ path, points });
  }
  return {
    durationSeconds: options.durationSeconds,
    headers: LOAD_HEADERS,
    pages,
    idleRssBytes,
    peakRssBytes: await options.peakRss(),
  };
}
