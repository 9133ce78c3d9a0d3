// Toasts raised in the browser (a dialog's result, an error report), next to
// the flash toasts that arrive from the server. The Toaster listens here.
import { type Toast, type ToastAction, type ToastVariant, toastDuration } from "./toast";

/** A toast to show, or the id of one to take away. */
type Listener = (toast: Toast | string) => void;
const listeners = new Set<Listener>();

export function subscribeToasts(listener: Listener): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** Shows a toast now (JavaScript only), and gives its id. Error toasts are destructive, like every toast they last 5000 ms. */
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
    // The server's flash toasts have UUIDs: a count of the page's own cannot meet one.
    id: `toast_${++shown}`,
    variant: "default",
    duration: toastDuration(toast),
    ...toast,
  };
  for (const listener of listeners) listener(full);
  return full.id;
}

/** Takes a toast away before its time: what it said is no longer true (app/offline/unanswered.ts). */
export function dismissToast(id: string) {
  for (const listener of listeners) listener(id);
}

let shown = 0;
