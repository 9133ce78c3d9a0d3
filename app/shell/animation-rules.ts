// The splash's, the overlay's and the loading animation's timings (spec §2 Shell
// behaviour, §9 Timings), for the shell's lazy chunk (./shell-effects.tsx).

/** Spec §9 Timings. */
export const SPLASH_MS = 2500;
export const FIRST_LOAD_ANIMATION_MS = 1500;
export const NAVIGATION_ANIMATION_MS = 800;
export const STYLESHEET_FALLBACK_MS = 3000;
/** "Shortly after the window load event": the spec gives no number; one frame and a bit. */
export const AFTER_LOAD_MS = 100;

/**
 * Navigating to reader, stories and home plays no animation (spec §2); every other page 0.8 s.
 * /story/{slug} is the same reader page as /reader/{slug} (one module, two routes).
 */
export function navigationAnimationMs(pathname: string): number {
  return /^\/(?:home|stories|reader(?:\/.*)?|story\/.*)?\/?$/.test(pathname) ? 0 : NAVIGATION_ANIMATION_MS;
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
