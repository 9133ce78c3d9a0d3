// What the browser needs to decide whether to report (issue 16,
// docs/decisions/023), without zod: the reporter in every page's bundle
// imports this, so it stays a few hundred bytes.
import type { CookiePreferences } from "~/consent/consent";

/** The metrics reported. FID is gone from web-vitals (v5): INP, its successor, is reported in its place. */
export const VITAL_NAMES = ["CLS", "INP", "LCP", "FCP", "TTFB"] as const;
export type VitalName = (typeof VITAL_NAMES)[number];

/**
 * Whether the browser may send a report of this kind: page views need the
 * analytics category, vitals and performance reports the performance one (§3),
 * and Do Not Track or Global Privacy Control stops all of them.
 */
export function mayReport(
  kind: "pageview" | "vitals" | "performance",
  consent: Pick<CookiePreferences, "analytics" | "performance"> | null | undefined,
  signals: { doNotTrack?: boolean; globalPrivacyControl?: boolean } = {},
): boolean {
  if (!consent || signals.doNotTrack || signals.globalPrivacyControl) return false;
  return kind === "pageview" ? consent.analytics === true : consent.performance === true;
}

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

/** The browser's Do Not Track and Global Privacy Control signals. */
export function privacySignals(): { doNotTrack: boolean; globalPrivacyControl: boolean } {
  const nav = navigator as Navigator & { globalPrivacyControl?: boolean; msDoNotTrack?: string };
  const win = window as Window & { doNotTrack?: string };
  return {
    doNotTrack: nav.doNotTrack === "1" || win.doNotTrack === "1" || nav.msDoNotTrack === "1",
    globalPrivacyControl: nav.globalPrivacyControl === true,
  };
}
