// @vitest-environment happy-dom
import { beforeEach, describe, expect, it } from "vitest";
import { describeWindowError, ERROR_STORAGE_KEY, newErrorId, rememberError } from "./client-logger";
import { ErrorRecordSchema } from "./error-log";

describe("the browser's error log", () => {
  beforeEach(() => localStorage.clear());

  it("makes ids the server accepts", () => {
    const id = newErrorId();
    expect(id).toMatch(/^err_\d+_[a-z0-9]+$/);
    expect(ErrorRecordSchema.safeParse({ id, message: "x" }).success).toBe(true);
    expect(newErrorId()).not.toBe(id);
  });

  it("keeps the latest 10 records, newest first", () => {
    for (let i = 1; i <= 12; i++) rememberError({ id: `err_${i}_x`, message: `error ${i}` });
    const stored = JSON.parse(localStorage.getItem(ERROR_STORAGE_KEY) ?? "[]") as { id: string }[];
    expect(stored.map((r) => r.id)).toEqual(Array.from({ length: 10 }, (_, i) => `err_${12 - i}_x`));
  });

  it("starts over when what is stored is not a list", () => {
    localStorage.setItem(ERROR_STORAGE_KEY, '{"broken":');
    rememberError({ id: "err_1_x", message: "after" });
    expect(JSON.parse(localStorage.getItem(ERROR_STORAGE_KEY) ?? "[]")).toEqual([{ id: "err_1_x", message: "after" }]);
  });

  it("names the element of a resource that failed to load", () => {
    const image = document.createElement("img");
    const event = new Event("error");
    Object.defineProperty(event, "target", { value: image });
    expect(describeWindowError(event)).toEqual({ message: "Failed to load resource: img", resource: true });
  });

  it("drops ResizeObserver noise and keeps real errors with their stack", () => {
    const noise = new ErrorEvent("error", { message: "ResizeObserver loop completed with undelivered notifications." });
    expect(describeWindowError(noise)).toBeNull();
    const error = new TypeError("x is undefined");
    const real = new ErrorEvent("error", { message: "Uncaught TypeError: x is undefined", error });
    expect(describeWindowError(real)).toEqual({
      message: "Uncaught TypeError: x is undefined",
      stack: error.stack,
      resource: false,
    });
  });
});
