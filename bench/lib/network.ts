// The requests of one page load as Chromium's DevTools protocol reports them:
// encoded sizes at the end, spread over the decoded chunks' arrival. Shared by
// the page-load part (bench/page-load.ts) and the wire part (bench/wire.ts).
import type { CDPSession } from "@playwright/test";

export type NetRequest = {
  url: string;
  type: string;
  sentAt: number;
  renderBlocking?: string;
  responseAt?: number;
  headerBytes: number;
  encodedBodyBytes: number;
  chunks: { at: number; decodedBytes: number }[];
  lateEncoded: number;
  finishedAt?: number;
  done: boolean;
};

/** Starts recording (before Network.enable); `quietFor()` is how long the network has been idle, in ms. */
export function trackRequests(cdp: CDPSession) {
  const requests = new Map<string, NetRequest>();
  let lastActivity = Date.now();
  const touch = () => {
    lastActivity = Date.now();
  };
  cdp.on("Network.requestWillBeSent", (e) => {
    touch();
    if (e.request.url.startsWith("data:")) return;
    requests.set(e.requestId, {
      url: e.request.url,
      type: e.type ?? "Other",
      sentAt: e.timestamp,
      renderBlocking: e.renderBlockingBehavior,
      headerBytes: 0,
      encodedBodyBytes: 0,
      chunks: [],
      lateEncoded: 0,
      done: false,
    });
  });
  cdp.on("Network.responseReceived", (e) => {
    touch();
    const r = requests.get(e.requestId);
    if (!r) return;
    r.responseAt = e.timestamp;
    r.headerBytes = e.response.encodedDataLength;
  });
  cdp.on("Network.dataReceived", (e) => {
    touch();
    const r = requests.get(e.requestId);
    if (!r) return;
    if (e.dataLength > 0) r.chunks.push({ at: e.timestamp, decodedBytes: e.dataLength });
    r.lateEncoded += e.encodedDataLength;
  });
  cdp.on("Network.loadingFinished", (e) => {
    touch();
    const r = requests.get(e.requestId);
    if (!r) return;
    r.done = true;
    r.finishedAt = Math.max(e.timestamp, ...r.chunks.map((c) => c.at));
    r.encodedBodyBytes = Math.max(0, e.encodedDataLength - r.headerBytes);
  });
  cdp.on("Network.loadingFailed", (e) => {
    touch();
    const r = requests.get(e.requestId);
    if (!r) return;
    r.done = true;
    r.finishedAt = e.timestamp;
    r.encodedBodyBytes = r.lateEncoded;
  });
  return {
    requests,
    /** True once nothing is in flight and nothing happened for `ms`. */
    quietFor: (ms: number) => ![...requests.values()].some((r) => !r.done) && Date.now() - lastActivity >= ms,
  };
}

/** A trace event of the categories startTrace records. */
export type TraceEvent = { name: string; ts: number; args?: { frame?: string; data?: Record<string, unknown> } };

/** Starts a loading trace; the returned function ends it and resolves with its events. */
export async function startTrace(cdp: CDPSession): Promise<() => Promise<TraceEvent[]>> {
  const trace: TraceEvent[] = [];
  cdp.on("Tracing.dataCollected", (e) => {
    trace.push(...(e.value as unknown as TraceEvent[]));
  });
  const traced = new Promise<void>((resolve) => cdp.once("Tracing.tracingComplete", () => resolve()));
  await cdp.send("Tracing.start", {
    transferMode: "ReportEvents",
    traceConfig: { includedCategories: ["loading", "blink.user_timing", "devtools.timeline"] },
  });
  return async () => {
    await cdp.send("Tracing.end");
    await traced;
    return trace;
  };
}

/** Waits until the network has been quiet for `quietMs` (whatever the page fetches on its own counts), at most `maxMs`. */
export async function settle(quietFor: (ms: number) => boolean, quietMs: number, maxMs: number) {
  const by = Date.now() + maxMs;
  while (Date.now() < by && !quietFor(quietMs)) await new Promise((resolve) => setTimeout(resolve, 100));
}
