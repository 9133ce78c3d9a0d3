// Whether the app runs in this document yet: remix-utils' useHydrated, except when it turns true.
// Its hook turned true in hydration's own task: React checks every such store while it runs the
// page's mount effects and re-renders each mismatch at once, so the bell, the reading settings,
// the toaster and the hero image re-rendered inside the page's longest task. Here the root turns
// it true in a task of its own (markHydrated), and the components re-render there, together, in
// one short task (Lighthouse's total blocking time, docs/decisions/028, 2026-11-29).
import { useSyncExternalStore } from "react";

let hydrated = false;
const listeners = new Set<() => void>();

const subscribe = (listener: () => void) => {
  listeners.add(listener);
  return () => listeners.delete(listener);
};

/**
 * The app runs: every useHydrated turns true, and the document says so in the same task
 * (`data-hydrated`, what scripts and the browser tests wait for before they use a control that
 * only the app has). Called once by the root, after hydration, in the task that also links the
 * whole site's stylesheet (app/root.tsx, docs/decisions/043).
 */
export function markHydrated() {
  hydrated = true;
  document.documentElement.dataset.hydrated = "true";
  for (const listener of listeners) listener();
}

/** False on the server and while hydrating; true once the root has said so, and from then on for every new component. */
export function useHydrated(): boolean {
  return useSyncExternalStore(
    subscribe,
    () => hydrated,
    () => false,
  );
}
