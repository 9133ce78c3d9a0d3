import { describe, expect, it } from "vitest";
import { MAX_REDIRECT_LENGTH, safeRedirectPath } from "./redirect";

describe("safeRedirectPath", () => {
  it("keeps same-site paths with their query", () => {
    expect(safeRedirectPath("/stories?page=2")).toBe("/stories?page=2");
    expect(safeRedirectPath("/search?q=a%20b#results")).toBe("/search?q=a%20b#results");
  });
  it.each(["https://evil.example", "//evil.example", "/\\evil.example", "/\t/evil.example", "", null, undefined])(
    "refuses %j",
    (value) => {
      expect(safeRedirectPath(value, "/home")).toBe("/home");
    },
  );
  it("percent-encodes what a Location header cannot carry", () => {
    const path = safeRedirectPath("/search?q=über\uFFFD");
    expect(path).toBe("/search?q=%C3%BCber%EF%BF%BD");
    expect(() => new Headers({ Location: path })).not.toThrow();
  });
  it("refuses paths a URL parser would turn into another host, and lone surrogates", () => {
    expect(safeRedirectPath("/.//evil.example", "/home")).toBe("/home");
    expect(safeRedirectPath("/a/..//evil.example", "/home")).toBe("/home");
    expect(safeRedirectPath("/story/\uD800", "/home")).toBe("/home");
  });
  it("refuses very long paths", () => {
    expect(safeRedirectPath(`/${"a".repeat(MAX_REDIRECT_LENGTH)}`, "/home")).toBe("/home");
    expect(safeRedirectPath(`/${"a".repeat(100)}`)).toBe(`/${"a".repeat(100)}`);
  });
});
