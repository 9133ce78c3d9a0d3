// The current location in session storage (spec §2 Shell behaviour): every
// page the reader reaches is written under one key, for this tab only;
// error pages are not (they render outside the site shell that calls this).
import { useEffect } from "react";
import { useLocation } from "react-router";

export const CURRENT_LOCATION_KEY = "currentLocation";

/** Whether a path is one of the error routes (/errors/{code}). */
export function isErrorPath(pathname: string): boolean {
  return /^\/errors(\/|$)/.test(pathname);
}

export function rememberLocation(path: string, storage: Storage = sessionStorage): void {
  if (isErrorPath(new URL(path, "http://x").pathname)) return;
  try {
    storage.setItem(CURRENT_LOCATION_KEY, path);
  } catch {
    // Storage blocked or full: nothing depends on it.
  }
}

/**
 * Keeps the location after each navigation. Called by the site shell's
 * component, which does not render when a page failed (its error boundary
 * shows the error page instead), so error pages never replace the kept one.
 */
export function useRememberLocation(): void {
  const { pathname, search, hash } = useLocation();
  useEffect(() => {
    rememberLocation(pathname + search + hash);
  }, [pathname, search, hash]);
}
