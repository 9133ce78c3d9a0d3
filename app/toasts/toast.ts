// Toasts (spec §3 toast, §4 toasts, §9): at most 3 visible, newest first, 5000 ms by default.
export type ToastVariant = "default" | "success" | "destructive";
/**
 * A toast's action is a form (e.g. Undo after a removal): it posts its fields
 * to `action`, so it works from a flash toast without JavaScript as well.
 */
export type ToastAction = { label: string; action: string; fields: Record<string, string> };
export type Toast = {
  id: string;
  title: string;
  description?: string;
  /** With JavaScript, confetti comes with it (a story's approval; app/shell/confetti.ts). */
  celebrate?: boolean;
  variant: ToastVariant;
  duration: number;
  action?: ToastAction;
  /** An error toast's severity (spec §8: info, warning, error, critical). */
  severity?: "info" | "warning" | "error" | "critical";
  /**
   * It answers what the reader just did, so it is brought into view if the page's flow has it out
   * of sight (a phone's toasts stand under the header, not over the page: docs/decisions/046).
   */
  reveal?: boolean;
};

/**
 * The error toasts' titles a page must hold itself (spec §8 "Error categories and toast titles"): a
 * request that got no answer, or the site's "come back later" (app/offline/unanswered.ts). Offline,
 * a chunk loaded then would not come. The other titles load with ./error-toasts.ts.
 */
export const CONNECTION_TOAST_TITLES = {
  network: "Connection Error",
  api: "API Error",
} as const;

export const TOAST_LIMIT = 3;
export const TOAST_DURATION_MS = 5000;
/** A toast with an action (Undo) stays twice as long: it takes a moment to find the button. */
export const ACTION_TOAST_MS = 10_000;

/** How long a toast stays when whoever raised it said nothing (its time stands still while held: ./toaster). */
export const toastDuration = (toast: { action?: unknown }) => (toast.action ? ACTION_TOAST_MS : TOAST_DURATION_MS);

/** The toasts shown after a new one comes, or after one is taken away (given by its id). */
export function queueToast(current: Toast[], toast: Toast | string): Toast[] {
  if (typeof toast === "string") return current.filter((t) => t.id !== toast);
  return [toast, ...current.filter((t) => t.id !== toast.id)].slice(0, TOAST_LIMIT);
}
