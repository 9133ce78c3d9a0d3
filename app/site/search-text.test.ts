import { describe, expect, it } from "vitest";
import { cleanSearchText, foldForSearch, matchesWords, searchWords, wordForms } from "./search-text";

describe("search text", () => {
  it("is its words, white space and control characters normalised", () => {
    expect(cleanSearchText("  doll \u0000 hospital\t")).toBe("doll hospital");
    expect(searchWords("doll  hospital Doll")).toEqual(["doll", "hospital"]);
    expect(searchWords(" \u0000 ")).toEqual([]);
  });

  it("matches a word with a straight or a typographic apostrophe either way", () => {
    expect(wordForms("keeper's")).toEqual(["keeper’s", "keeper's"]);
    expect(wordForms("keeper")).toEqual(["keeper"]);
    expect(matchesWords("keeper's log", "The Keeper’s Log")).toBe(true);
  });

  it("matches every word, in any order, in any of the fields, literally", () => {
    expect(matchesWords("hospital doll", "The Doll Hospital")).toBe(true);
    expect(matchesWords("doll ferry", "The Doll Hospital", "a ferry")).toBe(true);
    expect(matchesWords("doll ferry", "The Doll Hospital")).toBe(false);
    expect(matchesWords("d_ll", "The Doll Hospital")).toBe(false);
    expect(matchesWords("%", "The Doll Hospital")).toBe(false);
    expect(matchesWords("", null)).toBe(true);
  });

  it("folds case, accents, compatibility forms and apostrophes, and keeps the marks that are part of a letter", () => {
    expect(foldForSearch("Noël à l’ÉTÉ")).toBe("noel a l'ete");
    expect(foldForSearch("İstanbul Straße Œuvre Søren Łódź")).toBe("istanbul strasse oeuvre soren lodz");
    expect(foldForSearch("ﬁnal ＡＢＣ")).toBe("final abc");
    expect(foldForSearch("Ёлка")).toBe("елка");
    // Hebrew points and Arabic vowel signs go; a Hangul syllable and a voiced kana stay whole.
    expect(foldForSearch("שָׁלוֹם")).toBe("שלום");
    expect(foldForSearch("كِتَاب")).toBe("كتاب");
    expect(foldForSearch("한국 がっこう")).toBe("한국 がっこう");
    expect(matchesWords("noel strasse", "Noël in der Straße")).toBe(true);
    expect(matchesWords("NOËL", "a noel")).toBe(true);
    expect(matchesWords("か", "がっこう")).toBe(false);
  });
});
