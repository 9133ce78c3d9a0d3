// What the browser needs to decide whether to report
// (docs/decisions/023), without zod: the reporter in every page's bundle
// imports this, so it stays a few hundred bytes.
import type { CookiePreferences } from "~/consent/consent";

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

/** The browser's Do Not Track and Global Privacy Control signals. */
export function privacySignals(): { doNotTrack: boolean; globalPrivacyControl: boolean } {
  const nav = navigator as Navigator & { globalPrivacyControl?: boolean; msDoNotTrack?: string };
  const win = window as Window & { doNotTrack?: string };
  return {
    doNotTrack: nav.doNotTrack === "1" || win.doNotTrack === "1" || nav.msDoNotTrack === "1",
    globalPrivacyControl: nav.globalPrivacyControl === true,
  };
}
