// The performance report's score (spec §3 performanceScore), shared by the
// lazy beacons chunk and the server (which scores a report that has none).
// Kept apart from gate.ts so that the root bundle does not split off a chunk.

/** A rough 0-100 score from the navigation timing (the spec's performanceScore; its formula is not given). */
export function performanceScore(metrics: { firstByte: number; domContentLoaded: number; loadEvent: number }): number {
  const part = (value: number, good: number, poor: number) =>
    value <= good ? 1 : value >= poor ? 0 : 1 - (value - good) / (poor - good);
  const score =
    0.3 * part(metrics.firstByte, 800, 1800) +
    0.4 * part(metrics.domContentLoaded, 1800, 4000) +
    0.3 * part(metrics.loadEvent, 2500, 6000);
  return Math.round(score * 100);
}
