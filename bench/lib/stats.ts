// Pure helpers for the bench: order statistics, ratios and target verdicts.

/** The p-th percentile (0-100) by the nearest-rank method; NaN for no values. */
export function percentile(values: readonly number[], p: number): number {
  if (values.length === 0) return Number.NaN;
  if (p < 0 || p > 100) throw new RangeError(`percentile ${p} is not between 0 and 100`);
  const sorted = [...values].sort((a, b) => a - b);
  const rank = Math.max(1, Math.ceil((p / 100) * sorted.length));
  return sorted[rank - 1] as number;
}

/** The median: the middle value, or the mean of the two middle values. */
export function median(values: readonly number[]): number {
  if (values.length === 0) return Number.NaN;
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? (sorted[mid] as number) : ((sorted[mid - 1] as number) + (sorted[mid] as number)) / 2;
}

/** value / reference, NaN when the reference is 0 or missing. */
export function ratio(value: number, reference: number): number {
  return reference > 0 && Number.isFinite(value) ? value / reference : Number.NaN;
}

export type Comparison = "at most" | "at least";

export type Target = {
  id: string;
  /** What is measured, e.g. "Story text LCP, JS on, vs reference". */
  label: string;
  value: number;
  comparison: Comparison;
  limit: number;
  unit: string;
  met: boolean;
};

/** A target is met when the value is on the right side of the limit; a value that could not be measured is not. */
export function verdict(value: number, comparison: Comparison, limit: number): boolean {
  if (!Number.isFinite(value)) return false;
  return comparison === "at most" ? value <= limit : value >= limit;
}

export function target(
  id: string,
  label: string,
  value: number,
  comparison: Comparison,
  limit: number,
  unit: string,
): Target {
  return { id, label, value, comparison, limit, unit, met: verdict(value, comparison, limit) };
}

/** Encoded bytes of a response that had arrived by a time: headers once the response began, the body in proportion to the decoded bytes received so far. */
export function bytesBy(
  time: number,
  response: {
    responseAt?: number;
    headerBytes: number;
    encodedBodyBytes: number;
    chunks: readonly { at: number; decodedBytes: number }[];
    finishedAt?: number;
  },
): number {
  if (response.responseAt === undefined || response.responseAt > time) return 0;
  if (response.finishedAt !== undefined && response.finishedAt <= time) {
    return response.headerBytes + response.encodedBodyBytes;
  }
  const decodedTotal = response.chunks.reduce((sum, c) => sum + c.decodedBytes, 0);
  const decodedSoFar = response.chunks.filter((c) => c.at <= time).reduce((sum, c) => sum + c.decodedBytes, 0);
  const body = decodedTotal > 0 ? Math.round((response.encodedBodyBytes * decodedSoFar) / decodedTotal) : 0;
  return response.headerBytes + body;
}
