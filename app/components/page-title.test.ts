import { describe, expect, it } from "vitest";
import { longestWord } from "./page-title";

describe("longestWord", () => {
  it("counts the letters of the longest word of a title's strings and numbers", () => {
    expect(longestWord("Notifications")).toBe(13);
    expect(longestWord(["Welcome, ", "reader_1234"])).toBe(11);
    expect(longestWord("Thank You for Your Feedback!")).toBe(9);
    // A letter outside the BMP is one letter, not two UTF-16 units.
    expect(longestWord("𝔇𝔬𝔩𝔩𝔰")).toBe(5);
    expect(longestWord(null)).toBe(0);
    expect(longestWord(2026)).toBe(4);
  });
});
