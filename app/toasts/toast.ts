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
};

export const TOAST_LIMIT = 3;
export const TOAST_DURATION_MS = 5000;

export function queueToast(current: Toast[], toast: Toast): Toast[] {
  return [toast, ...current.filter((t) => t.id !== toast.id)].slice(0, TOAST_LIMIT);
}
