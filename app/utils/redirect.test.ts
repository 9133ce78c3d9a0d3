import { describe, expect, it } from "vitest";
import { safeRedirectPath } from "./redirect";

describe("safeRedirectPath", () => {
  it("keeps same-site paths with their query", () => {
    expect(safeRedirectPath("/stories?page=2")).toBe("/stories?page=2");
  });
  it.each(["https://evil.example", "//evil.example", "/\\evil.example", "/\t/evil.example", "", null, undefined])(
    "refuses %j",
    (value) => {
      expect(safeRedirectPath(value, "/home")).toBe("/home");
    },
  );
});
