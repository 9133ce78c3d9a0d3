import { describe, expect, it } from "vitest";
import { ErrorRecordSchema } from "./error-log";

describe("ErrorRecordSchema", () => {
  it("takes the full record and the smaller unhandled-rejection body", () => {
    expect(
      ErrorRecordSchema.safeParse({
        id: "err_1732270000000_ab12cd",
        timestamp: "2026-11-22T10:00:00.000Z",
        message: "Cannot read properties of undefined",
        stack: "TypeError: ...",
        componentStack: "at Story",
        userAgent: "Mozilla/5.0",
        url: "https://horror.example/story/x",
        userId: null,
        context: { route: "story" },
      }).success,
    ).toBe(true);
    expect(ErrorRecordSchema.safeParse({ id: "err_1_x", message: "Unhandled rejection" }).success).toBe(true);
  });

  it.each([
    [{ message: "no id" }],
    [{ id: "not-an-err-id", message: "x" }],
    [{ id: "err_1_x", message: "" }],
    [{ id: "err_1_x", message: "x".repeat(2001) }],
    [{ id: "err_1_x", message: "x", timestamp: "yesterday" }],
    [{ id: "err_1_x", message: "x", context: "not an object" }],
  ])("refuses %j", (body) => {
    expect(ErrorRecordSchema.safeParse(body).success).toBe(false);
  });
});
