// Pull-to-refresh and the refresh helper (spec §2, §3, §4, §9): pure rules.

/** Spec §9 Timings: refresh delay 0.5 s. */
export const REFRESH_DELAY_MS = 500;
/** Spec §9 Pull-to-refresh: threshold 100, max 150, damping 0.4. */
export const PULL = { damping: 0.4, max: 150, threshold: 100 } as const;
/** "Then a brief success flash" (spec §4): long enough to be read. */
export const PULL_SUCCESS_MS = 800;

export type PullPhase = "idle" | "pulling" | "ready" | "refreshing" | "done";

/** Spec §4: the pull distance is the drag times 0.4, capped at 150; nothing for an upward drag. */
export function pullDistance(dragPx: number): number {
  if (dragPx <= 0) return 0;
  return Math.min(dragPx * PULL.damping, PULL.max);
}

/** While the finger is down: pulling below the threshold, ready at or past it. */
export function pullPhase(distance: number): PullPhase {
  if (distance <= 0) return "idle";
  return distance >= PULL.threshold ? "ready" : "pulling";
}

/** The spec's texts (§2). */
export function pullText(phase: PullPhase): string {
  switch (phase) {
    case "ready":
      return "Release to refresh";
    case "refreshing":
      return "Refreshing...";
    case "done":
      return "Refreshed";
    default:
      return "Pull to refresh";
  }
}

/** The refresh helper's line (spec §2): "Last updated ..." or "Never refreshed". */
export function refreshStatusText(lastRefreshed: Date | null, now: Date = new Date()): string {
  if (!lastRefreshed) return "Never refreshed";
  const seconds = Math.max(0, Math.round((now.getTime() - lastRefreshed.getTime()) / 1000));
  if (seconds < 60) return "Last updated just now";
  const minutes = Math.round(seconds / 60);
  if (minutes < 60) return `Last updated ${minutes} minute${minutes === 1 ? "" : "s"} ago`;
  return `Last updated at ${lastRefreshed.toLocaleTimeString([], { hour: "2-digit", minute: "2-digit" })}`;
}
