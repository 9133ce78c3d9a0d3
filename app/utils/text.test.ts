import { describe, expect, it } from "vitest";
import { firstWords, formatCount } from "./text";

describe("first words", () => {
  it("keeps a short text, and cuts a long one at a word with an ellipsis within the limit", () => {
    expect(firstWords("a short line", 160)).toBe("a short line");
    const cut = firstWords("the foghorn with no ship, faint enough to blame on the pipes", 30);
    expect(cut).toBe("the foghorn with no ship,…");
    expect(cut.length).toBeLessThanOrEqual(30);
  });

  it("cuts inside a word only when keeping words whole would leave too little", () => {
    expect(firstWords("x".repeat(20), 10)).toBe(`${"x".repeat(9)}…`);
  });
});

describe("formatCount", () => {
  it('writes what toLocaleString("en-US") writes, without Intl', () => {
    for (const value of [0, 7, 999, 1000, 20_000, 200_000, 1_234_567, -4321, 12.5, 1234.5678, 1e9]) {
      expect(formatCount(value)).toBe(value.toLocaleString("en-US"));
    }
  });
});
