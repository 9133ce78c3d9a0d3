// Toasts raised in the browser (a dialog's result, an error report), next to
// the flash toasts that arrive from the server. The Toaster listens here.
import { TOAST_DURATION_MS, type Toast, type ToastAction, type ToastVariant } from "./toast";

type Listener = (toast: Toast) => void;
const listeners = new Set<Listener>();

export function subscribeToasts(listener: Listener): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** Shows a toast now (JavaScript only). Error toasts are destructive, like every toast they last 5000 ms. */
export function showToast(toast: {
  title: string;
  description?: string;
  variant?: ToastVariant;
  duration?: number;
  action?: ToastAction;
  severity?: Toast["severity"];
  reveal?: boolean;
}) {
  const full: Toast = {
    id: `toast_${Date.now().toString(36)}_${Math.random().toString(36).slice(2, 8)}`,
    variant: "default",
    duration: TOAST_DURATION_MS,
    ...toast,
  };
  for (const listener of listeners) listener(full);
}
