// "Idle callback 2 s with 1 s fallback" (spec §9 Timings): JavaScript-only extras
// start after the load event, when the browser is idle, so they never compete
// with the story text for a slow connection.
export const IDLE_TIMEOUT_MS = 2000;
export const IDLE_FALLBACK_MS = 1000;

/** Runs `callback` after the window load event once the browser is idle; returns a cancel function. */
export function afterLoadWhenIdle(callback: () => void): () => void {
  let cancelled = false;
  let cancelIdle = () => {};
  const whenIdle = () => {
    if (cancelled) return;
    if ("requestIdleCallback" in window) {
      const id = window.requestIdleCallback(() => callback(), { timeout: IDLE_TIMEOUT_MS });
      cancelIdle = () => window.cancelIdleCallback(id);
    } else {
      const id = setTimeout(callback, IDLE_FALLBACK_MS);
      cancelIdle = () => clearTimeout(id);
    }
  };
  if (document.readyState === "complete") whenIdle();
  else window.addEventListener("load", whenIdle, { once: true });
  return () => {
    cancelled = true;
    window.removeEventListener("load", whenIdle);
    cancelIdle();
  };
}

/**
 * Runs `run` in a task of its own (a zero-delay timer); returns a cancel function. Made for mount
 * effects: React runs every mount effect of a hydration in one task, so each effect that can wait
 * a task makes that task shorter. Lighthouse counts a task's time past 50 ms, on a CPU 4 times
 * slower, as blocking (docs/decisions/028, 2026-11-29).
 */
export function inOwnTask(run: () => void): () => void {
  const timer = setTimeout(run);
  return () => clearTimeout(timer);
}
