import { createElement } from "react";
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

  it("reads the text of the elements in a title: a card's title is its link's", () => {
    expect(longestWord(createElement("a", { href: "/story/x" }, "The Lamplighter's Daughter"))).toBe(13);
    expect(
      longestWord(["At ", createElement("em", null, "Hollowmere", createElement("b", null, "Unfathomable"))]),
    ).toBe(12);
    // A component's own text is not in its children: it counts as none.
    expect(longestWord(createElement(() => "Notifications"))).toBe(0);
  });
});
