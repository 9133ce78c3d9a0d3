// When the JavaScript shell plays (spec §2 Shell behaviour): pure rules, tested without
// a browser, and small, since the site layout loads them on every page. Timings are in
// ./animation-rules.ts and pull-to-refresh in ./pull-rules.ts, which only the shell's
// lazy chunk loads. How the spec is read: docs/decisions/025-shell-animations.md.
import { type Connection, isSlowConnection } from "~/utils/connection";

/** The session-storage key that marks a browser session's first visit as over. */
export const VISITED_KEY = "hs-visited";

/** Pages whose main content is a story's text: nothing may cover it once the server has painted it. */
export function isStoryTextPath(pathname: string): boolean {
  return /^\/(?:reader|story|community-story)\/[^/]+\/?$/.test(pathname);
}

/** The floating widget (the Feedback button) is hidden on home, stories, reader, community-story and community (spec §2). */
export function isWidgetHidden(pathname: string): boolean {
  return /^\/(?:home\/?|stories\/?|reader(?:\/.*)?|story\/.*|community-story\/.*|community(?:\/.*)?|feedback\/?)?$/.test(
    pathname,
  );
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
