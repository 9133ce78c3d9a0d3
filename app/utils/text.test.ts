import { describe, expect, it } from "vitest";
import { countWords, firstWords, formatCount } from "./text";

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

describe("countWords", () => {
  it("counts words as a reader would, Markdown's marks aside", () => {
    expect(countWords("# Title\n\nIt's *dark* — the well-house, 1898.")).toBe(6);
    expect(countWords("")).toBe(0);
    expect(countWords("<p>The <em>door</em> opened.</p>".replace(/<[^>]*>/g, " "))).toBe(3);
  });

  it("counts the words of scripts written without spaces, and keeps a Hindi word whole", () => {
    // 私は古い家に住んでいる (I live in an old house): about six words, not one run of eleven letters.
    const japanese = countWords("私は古い家に住んでいる。");
    expect(japanese).toBeGreaterThanOrEqual(5);
    expect(japanese).toBeLessThanOrEqual(8);
    // 我们在黑暗中等待 (we wait in the dark): several words, not one.
    expect(countWords("我们在黑暗中等待")).toBeGreaterThanOrEqual(4);
    // บ้านหลังนี้มืดมาก (this house is very dark): Thai has no spaces between words either.
    expect(countWords("บ้านหลังนี้มืดมาก")).toBeGreaterThanOrEqual(3);
    // नमस्ते दुनिया: two words, whose vowel signs are marks, not breaks.
    expect(countWords("नमस्ते दुनिया")).toBe(2);
    // Korean writes spaces between words.
    expect(countWords("어두운 집")).toBe(2);
  });
});
