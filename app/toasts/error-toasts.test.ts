import { afterEach, describe, expect, it } from "vitest";
import { ApiRequestError } from "~/utils/api-client";
import type { RequestErrorCode } from "~/utils/api-errors";
import { categorizeError, ERROR_TOAST_TITLES, showErrorToast, wordpressCategory } from "./error-toasts";
import { queueToast, TOAST_LIMIT, type Toast } from "./toast";
import { subscribeToasts } from "./toast-store";

const apiError = (status: number, code: RequestErrorCode, message = "m") =>
  new ApiRequestError(message, { status, data: null, code });

describe("categorizeError (spec §8)", () => {
  it.each([
    [apiError(0, "NETWORK_ERROR"), "network", "error"],
    [apiError(401, "UNAUTHORIZED"), "authentication", "warning"],
    [apiError(403, "FORBIDDEN"), "authentication", "warning"],
    [apiError(404, "NOT_FOUND"), "api", "error"],
    [apiError(400, "VALIDATION_ERROR"), "api", "error"],
    [apiError(429, "CLIENT_ERROR"), "api", "error"],
    [apiError(500, "SERVER_ERROR"), "api", "critical"],
    [apiError(503, "SERVER_ERROR"), "api", "critical"],
    [new TypeError("Failed to fetch"), "network", "error"],
    [Object.assign(new Error("Title is required"), { name: "ZodError" }), "validation", "warning"],
    [new Error("boom"), "unknown", "error"],
    ["a string", "unknown", "error"],
    [{ category: "wordpress_rate_limit", message: "Slow down" }, "wordpress_rate_limit", "error"],
  ] as const)("%o is %s (%s)", (error, category, severity) => {
    expect(categorizeError(error)).toMatchObject({ category, severity });
  });

  it("each category has the spec's toast title", () => {
    expect(ERROR_TOAST_TITLES).toEqual({
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
    });
  });

  it("a blog-platform error is sorted by kind and status", () => {
    expect(wordpressCategory(new DOMException("t", "TimeoutError"))).toBe("wordpress_timeout");
    expect(wordpressCategory(new SyntaxError("Unexpected token < in JSON"))).toBe("wordpress_parse");
    expect(wordpressCategory(new TypeError("blocked by CORS policy"))).toBe("wordpress_cors");
    expect(wordpressCategory(apiError(401, "UNAUTHORIZED"))).toBe("wordpress_auth");
    expect(wordpressCategory(apiError(429, "CLIENT_ERROR"))).toBe("wordpress_rate_limit");
    expect(wordpressCategory(apiError(500, "SERVER_ERROR"))).toBe("wordpress");
  });
});

describe("showErrorToast", () => {
  let stop: (() => void) | undefined;
  afterEach(() => stop?.());

  it("raises a destructive 5000 ms toast titled by category, at most 3 kept, newest first", () => {
    let shown: Toast[] = [];
    stop = subscribeToasts((toast) => {
      shown = queueToast(shown, toast);
    });
    showErrorToast(apiError(0, "NETWORK_ERROR", "No line"));
    showErrorToast(apiError(502, "SERVER_ERROR", "Bad gateway"));
    showErrorToast(apiError(401, "UNAUTHORIZED", "Sign in"));
    showErrorToast(new Error("Last"));
    expect(shown).toHaveLength(TOAST_LIMIT);
    expect(shown.map((t) => [t.title, t.description, t.severity])).toEqual([
      ["Error", "Last", "error"],
      ["Authentication Error", "Sign in", "warning"],
      ["API Error", "Bad gateway", "critical"],
    ]);
    for (const toast of shown) expect(toast).toMatchObject({ variant: "destructive", duration: 5000 });
  });
});
