// The browser's error log (spec §3 error log record, §7, §8): the latest 10
// records under localStorage "app_errors", each also sent to POST /api/errors
// (failures ignored). Uncaught errors, unhandled rejections and resources that
// fail to load are logged and announced with an error toast; window errors
// that mention ResizeObserver are noise from the browser and are dropped.
import { postJson } from "~/utils/api-client";
import type { ErrorRecord } from "./error-log";

export const ERROR_STORAGE_KEY = "app_errors";
export const ERROR_STORAGE_KEEP = 10;

export function newErrorId(): string {
  return `err_${Date.now()}_${Math.random().toString(36).slice(2, 11)}`;
}

function storedUserId(): string | null {
  try {
    const user = JSON.parse(localStorage.getItem("user") ?? "null") as { id?: unknown } | null;
    return typeof user?.id === "string" ? user.id : null;
  } catch {
    return null;
  }
}

/** Keeps the newest records, at most ERROR_STORAGE_KEEP, in localStorage. */
export function rememberError(record: ErrorRecord, storage: Storage = localStorage): void {
  let list: unknown[] = [];
  try {
    const current = JSON.parse(storage.getItem(ERROR_STORAGE_KEY) ?? "[]") as unknown;
    if (Array.isArray(current)) list = current;
  } catch {
    // Not ours or damaged: start over.
  }
  try {
    storage.setItem(ERROR_STORAGE_KEY, JSON.stringify([record, ...list].slice(0, ERROR_STORAGE_KEEP)));
  } catch {
    // Storage full or blocked: the server copy is enough.
  }
}

type ErrorInput = {
  id?: string;
  message: string;
  stack?: string | null;
  componentStack?: string | null;
  context?: Record<string, unknown>;
};

/**
 * Builds the spec's record, keeps it locally and sends it; never throws.
 * `brief` sends only { id, message }, the smaller body of spec §7 for
 * unhandled rejections.
 */
export function logError(input: ErrorInput, { brief = false } = {}): ErrorRecord {
  const record: ErrorRecord = {
    id: input.id ?? newErrorId(),
    timestamp: new Date().toISOString(),
    message: input.message.slice(0, 2000) || "Unknown error",
    stack: input.stack?.slice(0, 20_000) ?? null,
    componentStack: input.componentStack?.slice(0, 20_000) ?? null,
    userAgent: navigator.userAgent.slice(0, 500),
    url: location.href.slice(0, 2000),
    userId: storedUserId(),
    context: input.context ?? null,
  };
  rememberError(record);
  void postJson("/api/errors", brief ? { id: record.id, message: record.message } : record);
  return record;
}

/** The message of a window "error" event, or null when it is to be dropped. */
export function describeWindowError(event: Event): { message: string; stack?: string; resource: boolean } | null {
  const target = event.target;
  if (target && target !== window && target instanceof Element) {
    return { message: `Failed to load resource: ${target.tagName.toLowerCase()}`, resource: true };
  }
  const error = event as ErrorEvent;
  const message = error.message || (error.error instanceof Error ? error.error.message : "") || "Script error";
  if (/ResizeObserver/i.test(message)) return null;
  return {
    message,
    stack: error.error instanceof Error ? error.error.stack : undefined,
    resource: false,
  };
}

function reasonMessage(reason: unknown): string {
  if (reason instanceof Error) return reason.message || reason.name;
  if (typeof reason === "string") return reason;
  try {
    return JSON.stringify(reason) ?? String(reason);
  } catch {
    return String(reason);
  }
}

/** Starts listening; returns the function that stops. Called once when the app hydrates. */
export function installErrorLogger(): () => void {
  // One toast per message and page view, however often the same thing fails.
  const announced = new Set<string>();
  // The title comes from what failed (spec §8 categories): a rejected API call says
  // "Connection Error" or "API Error", anything else "Error".
  const announce = (message: string, error?: unknown) => {
    if (announced.has(message)) return;
    announced.add(message);
    // Loaded on the first error only: the story page's first load carries none of it.
    void import("~/toasts/error-toasts").then(({ showErrorToast }) => showErrorToast(error ?? message, message));
  };

  const onError = (event: Event) => {
    const described = describeWindowError(event);
    if (!described) {
      if (event instanceof ErrorEvent) event.preventDefault();
      return;
    }
    logError({
      message: described.message,
      stack: described.stack,
      context: { kind: described.resource ? "resource" : "error" },
    });
    announce(described.message);
  };

  const onRejection = (event: PromiseRejectionEvent) => {
    const { message } = logError(
      {
        message: reasonMessage(event.reason) || "Unhandled promise rejection",
        stack: event.reason instanceof Error ? event.reason.stack : null,
        context: { kind: "rejection" },
      },
      { brief: true },
    );
    announce(message, event.reason);
  };

  // Capture phase: a failed <img> or <script> does not bubble its error event.
  window.addEventListener("error", onError, true);
  window.addEventListener("unhandledrejection", onRejection);
  return () => {
    window.removeEventListener("error", onError, true);
    window.removeEventListener("unhandledrejection", onRejection);
  };
}
