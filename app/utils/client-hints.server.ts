// Slow-connection hints (Save-Data, ECT, Downlink): the server holds the hero
// image back (docs/decisions/027) so it works without JavaScript. Browsers send
// ECT and Downlink only after Accept-CH asked for them (from the second page on).
export const CLIENT_HINT_HEADERS = {
  "Accept-CH": "Save-Data, ECT, Downlink",
  Vary: "Save-Data, ECT, Downlink",
} as const;

/**
 * Chromium's own 2g line (net/nqe): an effective downlink under 70 kbit/s.
 * Downlink is in Mbit/s, rounded to 25 kbit/s.
 */
const SLOW_DOWNLINK_MBPS = 0.07;

/**
 * What the request's hints say about the reader's connection: slow (Save-Data,
 * 2g, a 2g downlink), fast (ECT 3g or 4g, and no Save-Data), or unknown (no
 * hints: every first visit, since browsers send ECT only after Accept-CH).
 */
export function connectionHint(request: Request): "slow" | "fast" | "unknown" {
  if (prefersLowData(request)) return "slow";
  const ect = request.headers.get("ECT")?.toLowerCase();
  return ect === "3g" || ect === "4g" ? "fast" : "unknown";
}

export function prefersLowData(request: Request): boolean {
  if (request.headers.get("Save-Data")?.toLowerCase() === "on") return true;
  const ect = request.headers.get("ECT")?.toLowerCase();
  if (ect === "slow-2g" || ect === "2g") return true;
  const downlink = Number.parseFloat(request.headers.get("Downlink") ?? "");
  return Number.isFinite(downlink) && downlink > 0 && downlink < SLOW_DOWNLINK_MBPS;
}
