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

/** Each kind of error and its toast's title (spec §8 "Error categories and toast titles"; ./error-toasts.ts). */
export const ERROR_TOAST_TITLES = {
  network: "Connection Error",
  api: "API Error",
  validation: "Content Error",
  wordpress: "Story Content Error",
  wordpress_timeout: "Content Loading Timeout",
  wordpress_parse: "Content Format Error",
  wordpress_cors: "Access Restriction",
  wordpress_auth: "Content Access Error",
  wordpress_rate_limit: "Rate Limit Reached",
  authentication: "Authentication Error",
  unknown: "Error",
} as const;
export type ErrorCategory = keyof typeof ERROR_TOAST_TITLES;

export const TOAST_LIMIT = 3;
export const TOAST_DURATION_MS = 5000;

export function queueToast(current: Toast[], toast: Toast): Toast[] {
  return [toast, ...current.filter((t) => t.id !== toast.id)].slice(0, TOAST_LIMIT);
}
