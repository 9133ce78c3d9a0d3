import { useRouteLoaderData } from "react-router";
import type { loader as rootLoader } from "~/root";
import { DEFAULT_PREFERENCES, type Preferences } from "./preferences";

/** The reader's reading preferences, as the root loader read them (defaults on an error page without data). */
export function usePreferences(): Preferences {
  return useRouteLoaderData<typeof rootLoader>("root")?.preferences ?? DEFAULT_PREFERENCES;
}

const REDUCE_QUERY = "(prefers-reduced-motion: reduce)";

/**
 * True when motion must stop: the reader chose reduced motion on the site
 * (data-motion on <html>), or their system asks for it. Read at the moment of
 * the motion (a splash, confetti), so a change of either counts at once.
 */
export function prefersReducedMotion(): boolean {
  if (typeof document === "undefined") return false;
  if (document.documentElement.dataset.motion === "reduce") return true;
  return typeof matchMedia === "function" && matchMedia(REDUCE_QUERY).matches;
}
