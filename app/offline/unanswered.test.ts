import { data, UNSAFE_ErrorResponseImpl as ErrorResponse } from "react-router";
import { describe, expect, it } from "vitest";
import { unansweredBecause } from "./unanswered";

describe("unansweredBecause", () => {
  it("names a request that got no answer: fetch's TypeError, bare or wrapped as an action's error", () => {
    const offline = new TypeError("Failed to fetch");
    expect(unansweredBecause({ type: "error", result: offline })).toBe("no connection");
    expect(unansweredBecause({ type: "error", result: data(offline) })).toBe("no connection");
  });

  it("names the site's come-back-later answers, 502, 503 and 504", () => {
    for (const status of [502, 503, 504]) {
      expect(unansweredBecause({ type: "error", result: new ErrorResponse(status, "", null) })).toBe("unavailable");
    }
  });

  it("leaves the site's other answers, data, and the code's own errors alone", () => {
    for (const status of [400, 403, 404, 429, 500]) {
      expect(unansweredBecause({ type: "error", result: new ErrorResponse(status, "", null) })).toBeNull();
    }
    expect(unansweredBecause({ type: "data", result: new TypeError("Failed to fetch") })).toBeNull();
    expect(unansweredBecause({ type: "error", result: new Error("a render failed") })).toBeNull();
    expect(unansweredBecause(undefined)).toBeNull();
  });
});
