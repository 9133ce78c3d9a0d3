import { useSyncExternalStore } from "react";
import { useRouteLoaderData } from "react-router";
import type { loader as rootLoader } from "~/root";
import { DEFAULT_PREFERENCES, type Preferences } from "./preferences";

/** The reader's reading preferences, as the root loader read them (defaults on an error page without data). */
export function usePreferences(): Preferences {
  return useRouteLoaderData<typeof rootLoader>("root")?.preferences ?? DEFAULT_PREFERENCES;
}

const REDUCE_QUERY = "(prefers-reduced-motion: reduce)";

/**
 * True when motion must stop: the reader chose reduced motion on the site,
 * or their system asks for it. Outside React (a splash, confetti) read
 * `prefersReducedMotion()` instead; both look at the same two things.
 */
export function prefersReducedMotion(): boolean {
  if (typeof document === "undefined") return false;
  if (document.documentElement.dataset.motion === "reduce") return true;
  return typeof matchMedia === "function" && matchMedia(REDUCE_QUERY).matches;
}

function subscribe(onChange: () => void) {
  if (typeof matchMedia !== "function") return () => {};
  const query = matchMedia(REDUCE_QUERY);
  query.addEventListener("change", onChange);
  return () => query.removeEventListener("change", onChange);
}

const systemReduces = () => typeof matchMedia === "function" && matchMedia(REDUCE_QUERY).matches;

/** The reduced-motion flag for components: the site setting (server-rendered) or the system's wish. */
export function useReducedMotion(): boolean {
  const chosen = usePreferences().reducedMotion;
  const system = useSyncExternalStore(subscribe, systemReduces, () => false);
  return chosen || system;
}
