// The rules of the JavaScript shell (spec §2 Shell behaviour, §4 Pull-to-refresh and
// Refresh helper, §9 Timings): pure functions, so they are tested without a browser.
// How the spec's splash and animations are read is docs/decisions/025-shell-animations.md.

/** Spec §9 Timings. */
export const SPLASH_MS = 2500;
export const FIRST_LOAD_ANIMATION_MS = 1500;
export const NAVIGATION_ANIMATION_MS = 800;
export const STYLESHEET_FALLBACK_MS = 3000;
/** "Shortly after the window load event": the spec gives no number; one frame and a bit. */
export const AFTER_LOAD_MS = 100;
export const REFRESH_DELAY_MS = 500;
/** Spec §9 Pull-to-refresh: threshold 100, max 150, damping 0.4. */
export const PULL = { damping: 0.4, max: 150, threshold: 100 } as const;
/** "Then a brief success flash" (spec §4): long enough to be read. */
export const PULL_SUCCESS_MS = 800;
/** Spec §2 Miscellaneous UI. */
export const CONFETTI_PARTICLES = 18;
export const CONFETTI_COLOURS = ["#b91c1c", "#f59e0b", "#7c3aed", "#e5e7eb"] as const;

/** The session-storage key that marks a browser session's first visit as over. */
export const VISITED_KEY = "hs-visited";

/** Pages whose main content is a story's text: nothing may cover it once the server has painted it. */
export function isStoryTextPath(pathname: string): boolean {
  return /^\/(?:reader|story|community-story)\/[^/]+\/?$/.test(pathname);
}

/** Navigating to reader, stories and home plays no animation (spec §2); every other page 0.8 s. */
export function navigationAnimationMs(pathname: string): number {
  return /^\/(?:home|stories|reader(?:\/.*)?)?\/?$/.test(pathname) ? 0 : NAVIGATION_ANIMATION_MS;
}

/** The floating widget (the Feedback button) is hidden on home, stories, reader, community-story and community (spec §2). */
export function isWidgetHidden(pathname: string): boolean {
  return /^\/(?:home\/?|stories\/?|reader(?:\/.*)?|story\/.*|community-story\/.*|community(?:\/.*)?|feedback\/?)?$/.test(
    pathname,
  );
}

export type Connection = { effectiveType?: string; saveData?: boolean };

/** 2g, slow-2g or Save-Data: a reader who pays for every byte and every second. */
export function isSlowConnection(connection: Connection | undefined | null): boolean {
  if (!connection) return false;
  return connection.saveData === true || connection.effectiveType === "2g" || connection.effectiveType === "slow-2g";
}

export type MotionConditions = {
  connection: Connection | undefined | null;
  /** prefers-reduced-motion: reduce */
  prefersReducedMotion: boolean;
  /** The reader's reduced-motion setting (data-motion="reduce" on <html>). */
  reducedMotionSetting: boolean;
};

/** Motion the shell adds is allowed at all: not on a slow connection, not for a reader who asked for less motion. */
export function motionAllowed(c: MotionConditions): boolean {
  return !c.prefersReducedMotion && !c.reducedMotionSetting && !isSlowConnection(c.connection);
}

/**
 * The overlay, the LOADING splash and the first-load animation play together
 * only on the first visit of a browser session, when motion is allowed, and
 * never over the story text the server has already painted.
 */
export function shouldPlayIntro(c: MotionConditions & { firstVisit: boolean; pathname: string }): boolean {
  return c.firstVisit && motionAllowed(c) && !isStoryTextPath(c.pathname);
}

/**
 * When the loading overlay goes (spec §2): once the stylesheets have loaded,
 * after at most 3 s, or shortly after the window load event, whichever comes
 * first. Returns the delay in ms from `now` (0: at once).
 */
export function overlayDelayMs(state: {
  stylesheetsLoaded: boolean;
  loadEventAt: number | null;
  startedAt: number;
  now: number;
}): number {
  if (state.stylesheetsLoaded) return 0;
  const candidates = [state.startedAt + STYLESHEET_FALLBACK_MS];
  if (state.loadEventAt !== null) candidates.push(state.loadEventAt + AFTER_LOAD_MS);
  return Math.max(0, Math.min(...candidates) - state.now);
}

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
