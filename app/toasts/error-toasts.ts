// Error toasts by category (spec §8 "Error categories and toast titles"):
// what went wrong decides the toast's title and a severity; every error toast
// is destructive and lasts 5000 ms, and at most 3 are visible, newest first
// (the Toaster's queue). Browser only.
import { ApiRequestError } from "~/utils/api-client";
import { CONNECTION_TOAST_TITLES, TOAST_DURATION_MS } from "./toast";
import { showToast } from "./toast-store";

/** Each kind of error and its toast's title (spec §8 "Error categories and toast titles"). */
export const ERROR_TOAST_TITLES = {
  ...CONNECTION_TOAST_TITLES,
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

export const ERROR_CATEGORIES = Object.keys(ERROR_TOAST_TITLES) as ErrorCategory[];

export const SEVERITIES = ["info", "warning", "error", "critical"] as const;
export type Severity = (typeof SEVERITIES)[number];

export type CategorisedError = { category: ErrorCategory; severity: Severity; message: string };

/**
 * An error that names its own category (e.g. a content call that knows it
 * talked to the blog platform): `{ category: "wordpress_timeout", message }`.
 */
export type TaggedError = { category: ErrorCategory; severity?: Severity; message?: string };

function isTagged(error: unknown): error is TaggedError {
  return (
    typeof error === "object" &&
    error !== null &&
    "category" in error &&
    (ERROR_CATEGORIES as readonly unknown[]).includes((error as { category: unknown }).category)
  );
}

function messageOf(error: unknown): string {
  if (error instanceof Error && error.message) return error.message;
  if (typeof error === "string" && error) return error;
  if (typeof error === "object" && error !== null && typeof (error as { message?: unknown }).message === "string") {
    return (error as { message: string }).message;
  }
  return "An unknown error occurred";
}

/** A blog-platform error's category from its status or kind (timeout, parse, CORS, auth, rate limit). */
export function wordpressCategory(error: unknown): ErrorCategory {
  const status = error instanceof ApiRequestError ? error.status : 0;
  const name = error instanceof Error ? error.name : "";
  const message = messageOf(error);
  if (name === "TimeoutError" || name === "AbortError" || /timed? ?out/i.test(message)) return "wordpress_timeout";
  if (name === "SyntaxError" || /JSON|parse/i.test(message)) return "wordpress_parse";
  if (/CORS|cross-origin/i.test(message)) return "wordpress_cors";
  if (status === 401 || status === 403) return "wordpress_auth";
  if (status === 429) return "wordpress_rate_limit";
  return "wordpress";
}

/**
 * The category, severity and message of anything thrown (spec §8): no
 * connection is network; 401 or 403 is authentication; another 4xx is api;
 * 5xx is api with critical severity; a zod or validation error is
 * validation; the rest is unknown.
 */
export function categorizeError(error: unknown): CategorisedError {
  const message = messageOf(error);
  if (isTagged(error)) {
    return { category: error.category, severity: error.severity ?? "error", message: error.message ?? message };
  }
  if (error instanceof ApiRequestError) {
    if (error.code === "NETWORK_ERROR") return { category: "network", severity: "error", message };
    if (error.status === 401 || error.status === 403)
      return { category: "authentication", severity: "warning", message };
    if (error.status >= 500) return { category: "api", severity: "critical", message };
    if (error.status >= 400) return { category: "api", severity: "error", message };
    return { category: "unknown", severity: "error", message };
  }
  if (error instanceof TypeError && /fetch|network|load failed/i.test(message)) {
    return { category: "network", severity: "error", message };
  }
  if (error instanceof Error && (error.name === "ZodError" || error.name === "ValidationError")) {
    return { category: "validation", severity: "warning", message };
  }
  return { category: "unknown", severity: "error", message };
}

/** Shows the error toast for anything thrown; returns what it showed. */
export function showErrorToast(error: unknown, description?: string): CategorisedError {
  const categorised = categorizeError(error);
  showToast({
    title: ERROR_TOAST_TITLES[categorised.category],
    description: description ?? categorised.message,
    variant: "destructive",
    duration: TOAST_DURATION_MS,
    severity: categorised.severity,
  });
  return categorised;
}
